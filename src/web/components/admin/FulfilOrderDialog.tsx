import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { OrderFacts } from './OrderParts';
import { useFulfilOrder } from './use-order-desk';
import { fulfilOrderSchema, orderDeskMessages, type AdminOrder } from '../../../shared/order-desk';

interface TrackingNumberFormProps {
  order: Pick<AdminOrder, 'id' | 'orderNumber'>;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The tracking number PAXI gave for the parcel, and the button that marks the order sent. The
 * customer's email and SMS carry the number, so a blank one is refused before anything is sent.
 */
export function TrackingNumberForm({ order, onDone, onCancel }: TrackingNumberFormProps) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const fulfil = useFulfilOrder(onDone);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (fulfil.isPending) return;
    const parsed = fulfilOrderSchema.safeParse({ trackingNumber });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? orderDeskMessages.trackingRequired;
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
      input.current?.focus();
      return;
    }
    setError(undefined);
    fulfil.mutate({ orderId: order.id, trackingNumber: parsed.data.trackingNumber });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={`Fulfill order ${order.orderNumber}`}>
      <TextField
        ref={input}
        id={`${id}-tracking`}
        label="Tracking Number"
        hint="From the PAXI waybill. The customer gets it by email and SMS."
        type="text"
        autoComplete="off"
        spellCheck={false}
        // The form opens for this one input: it takes the focus at once.
        autoFocus
        maxLength={100}
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={fulfil.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={fulfil.isPending}>
          {fulfil.isPending ? 'Fulfilling...' : 'Fulfill Order'}
        </Button>
      </div>
    </form>
  );
}

/** Spec section 2's Fulfill Order dialog: the whole order to check against the parcel, then the tracking number. */
export function FulfilOrderDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Fulfill Order"
      description={order ? `Order ${order.orderNumber}` : undefined}
      width="2xl"
    >
      {order && (
        <div className="space-y-6">
          <OrderFacts order={order} />
          <TrackingNumberForm order={order} onDone={onClose} onCancel={onClose} />
        </div>
      )}
    </Dialog>
  );
}

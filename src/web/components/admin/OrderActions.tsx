import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Ban, House, Landmark, MapPinCheck, NotebookPen, PackageCheck, Printer, RefreshCw, Truck, Undo2, UserCheck } from 'lucide-react';
import { messageOf } from '../../lib/api';
import { Button, buttonClasses } from '../ui/Button';
import { TextAreaField, TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { useEscapeLayer } from '../ui/layer-stack';
import { useValidatedForm } from '../ui/use-validated-form';
import { TrackingNumberForm } from './FulfilOrderDialog';
import { formatDay, refundFailedText } from './order-format';
import { useAddOrderNote, useBookCourier, useCancelOrder, useMarkPaymentReceived, useMoveOrder, useRefundOrder, type CancelRefund } from './use-order-desk';
import { centsToDecimal, formatRand, parseRandToCents } from '../../../shared/money';
import { cancelOrderSchema, orderNoteSchema, refundOrderSchema, refundReferenceMessages, type AdminOrder, type AdminOrderDetail } from '../../../shared/order-desk';
import { paymentReceivedSchema, type PaymentReceivedInput } from '../../../shared/bank-transfer';
import { todayInSouthAfrica } from '../../../shared/profile';

type Panel = 'payment' | 'fulfil' | 'refund' | 'cancel' | 'note';

/** An amount typed in rand ('150', '150.50', 'R1 200'), checked against what can still go back. */
function refundAmount(text: string, refundable: number): { cents: number } | { error: string } {
  const cents = parseRandToCents(text);
  if (cents === undefined || cents <= 0) return { error: 'Enter the amount to refund' };
  if (cents > refundable) return { error: `You can refund at most ${formatRand(refundable)} on this order` };
  return { cents };
}

/** The reference of a refund made by hand, as the server reads it, or why it cannot be. */
function refundReference(text: string): { reference: string } | { error: string } {
  const parsed = refundOrderSchema.shape.reference.safeParse(text);
  if (parsed.success && parsed.data) return { reference: parsed.data };
  return { error: parsed.error?.issues[0]?.message ?? refundReferenceMessages.required };
}

/**
 * For an order whose refunds are made by hand (PayFast's dashboard, the shop's bank account): what
 * to do first, and the reference of the refund made there, which the desk records.
 */
function RefundByHandFields({ id, where, value, onChange, error, inputRef }: {
  id: string;
  where: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <p className="text-sm text-slate-800">Make the refund {where} first, then record it here: the customer gets the credit note by email.</p>
      <TextField
        ref={inputRef}
        id={id}
        label="Refund reference"
        hint="As it shows where you made the refund, up to 100 characters."
        type="text"
        autoComplete="off"
        required
        maxLength={100}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        announce
      />
    </>
  );
}

function PanelFrame({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id={id} className="font-semibold text-slate-900">
        {title}
      </h4>
      {children}
    </section>
  );
}

function ReasonField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      id={id}
      label="Reason (optional)"
      hint="Kept in the order's history."
      type="text"
      maxLength={500}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A change that moves money asks once more, in words, before it is sent. */
function ConfirmStep({ question, confirmLabel, pendingLabel, pending, error, onConfirm, onBack }: {
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-900" role="status">
        {question}
      </p>
      <FormAlert id="confirm-error" message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} autoFocus>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </div>
  );
}

function RefundForm({ order, refundable, byHand, onDone }: { order: AdminOrder; refundable: number; byHand: string | null; onDone: () => void }) {
  const [amount, setAmount] = useState(centsToDecimal(refundable));
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const [referenceError, setReferenceError] = useState<string>();
  const [confirming, setConfirming] = useState<{ cents: number; reference?: string }>();
  const referenceInput = useRef<HTMLInputElement>(null);
  const refund = useRefundOrder(onDone);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = refundAmount(amount, refundable);
    if ('error' in checked) return setError(checked.error);
    const parsed = refundOrderSchema.safeParse({ amountCents: checked.cents, reason: reason || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (!byHand) return setConfirming({ cents: checked.cents });
    const made = refundReference(reference);
    if ('error' in made) {
      setReferenceError(made.error);
      return referenceInput.current?.focus();
    }
    setReferenceError(undefined);
    setConfirming({ cents: checked.cents, reference: made.reference });
  };

  if (confirming !== undefined) {
    const sum = formatRand(confirming.cents);
    return (
      <ConfirmStep
        question={
          confirming.reference === undefined
            ? `Refund ${sum} of order ${order.orderNumber} to ${order.customerName}'s card?`
            : `Record a refund of ${sum} for order ${order.orderNumber}, made ${byHand} with reference ${confirming.reference}?`
        }
        confirmLabel={confirming.reference === undefined ? 'Confirm refund' : 'Record refund'}
        pendingLabel={confirming.reference === undefined ? 'Refunding...' : 'Recording...'}
        pending={refund.isPending}
        error={refund.isError ? refundFailedText(messageOf(refund.error, '')) : undefined}
        onBack={() => {
          refund.reset();
          setConfirming(undefined);
        }}
        onConfirm={() => refund.mutate({ orderId: order.id, amountCents: confirming.cents, reason: reason.trim() || undefined, reference: confirming.reference })}
      />
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        id={`${id}-amount`}
        label="Amount to refund (R)"
        hint={`Up to ${formatRand(refundable)}: what was paid, less refunds made or waiting for the payment provider.`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error}
        announce
      />
      {byHand && (
        <RefundByHandFields id={`${id}-reference`} where={byHand} value={reference} onChange={setReference} error={referenceError} inputRef={referenceInput} />
      )}
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
      <div className="flex justify-end">
        <Button type="submit">Review refund</Button>
      </div>
    </form>
  );
}

/** The form's fields carry the API's names, so the schema's messages land on the right field. */
const paymentFields = ['amountCents', 'receivedOn'] as const;

/** A bank transfer that reflected: how much and on which day, checked as the server checks them, then confirmed. */
function PaymentReceivedForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const id = useId();
  const today = todayInSouthAfrica();
  const [confirming, setConfirming] = useState<PaymentReceivedInput>();
  const mark = useMarkPaymentReceived(onDone);
  const form = useValidatedForm({
    initial: () => ({ amountCents: centsToDecimal(order.totalAmount), receivedOn: today }),
    fields: paymentFields,
    parse: (values) => paymentReceivedSchema.safeParse({ amountCents: parseRandToCents(values.amountCents), receivedOn: values.receivedOn }),
    idPrefix: id,
  });

  if (confirming) {
    return (
      <ConfirmStep
        question={`Mark order ${order.orderNumber} paid: ${formatRand(confirming.amountCents)} received on ${formatDay(confirming.receivedOn, 'long')}?`}
        confirmLabel="Confirm payment received"
        pendingLabel="Saving..."
        pending={mark.isPending}
        onBack={() => setConfirming(undefined)}
        onConfirm={() => mark.mutate({ orderId: order.id, received: confirming })}
      />
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit(false, setConfirming)} className="space-y-4">
      {order.paymentDueOn && (
        <p className="text-sm text-slate-800">
          Awaiting payment by <time dateTime={order.paymentDueOn}>{formatDay(order.paymentDueOn, 'long')}</time>.
        </p>
      )}
      <TextField
        {...form.field('amountCents')}
        label="Amount received (R)"
        hint={`The order's total is ${formatRand(order.totalAmount)}.`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        autoFocus
      />
      {/* max greys out the days to come in the browser's date picker; the form says why if one is typed. */}
      <TextField {...form.field('receivedOn')} label="Date received" hint="The day the money reflected in the shop's account." type="date" max={today} />
      <p className="text-sm text-slate-600">The customer gets the tax invoice and the order confirmation by email.</p>
      <div className="flex justify-end">
        <Button type="submit">Review payment</Button>
      </div>
    </form>
  );
}

type CancelChoice = 'full' | 'partial' | 'none';

function CancelForm({ order, refundable, byHand, onDone }: { order: AdminOrder; refundable: number; byHand: string | null; onDone: () => void }) {
  const [choice, setChoice] = useState<CancelChoice>(refundable > 0 ? 'full' : 'none');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const [referenceError, setReferenceError] = useState<string>();
  const [confirming, setConfirming] = useState<{ refund: CancelRefund; reference?: string }>();
  const referenceInput = useRef<HTMLInputElement>(null);
  const cancel = useCancelOrder(onDone);
  const id = useId();
  // A refund made by hand is recorded with its reference; cancelling without one needs none.
  const recordsRefund = byHand !== null && choice !== 'none';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let refund: CancelRefund = choice === 'full' ? 'full' : 'none';
    if (choice === 'partial') {
      const checked = refundAmount(amount, refundable);
      if ('error' in checked) return setError(checked.error);
      refund = { amountCents: checked.cents };
    }
    const parsed = cancelOrderSchema.safeParse({ refund, reason: reason || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (!recordsRefund) return setConfirming({ refund });
    const made = refundReference(reference);
    if ('error' in made) {
      setReferenceError(made.error);
      return referenceInput.current?.focus();
    }
    setReferenceError(undefined);
    setConfirming({ refund, reference: made.reference });
  };

  if (confirming !== undefined) {
    const { refund } = confirming;
    const refunded = refund === 'full' ? refundable : refund === 'none' ? 0 : refund.amountCents;
    const question =
      refunded === 0
        ? `Cancel order ${order.orderNumber} without a refund?`
        : confirming.reference === undefined
          ? `Cancel order ${order.orderNumber} and refund ${formatRand(refunded)} to ${order.customerName}'s card?`
          : `Cancel order ${order.orderNumber} and record a refund of ${formatRand(refunded)}, made ${byHand} with reference ${confirming.reference}?`;
    return (
      <ConfirmStep
        question={question}
        confirmLabel={confirming.reference === undefined ? 'Yes, cancel the order' : 'Cancel and record refund'}
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        error={cancel.isError ? messageOf(cancel.error, 'Failed to cancel the order') : undefined}
        onBack={() => {
          cancel.reset();
          setConfirming(undefined);
        }}
        onConfirm={() => cancel.mutate({ orderId: order.id, refund, reason: reason.trim() || undefined, reference: confirming.reference })}
      />
    );
  }

  const options: { value: CancelChoice; label: string; hint: string }[] = [
    ...(refundable > 0
      ? [
          {
            value: 'full' as const,
            label: `Refund everything (${formatRand(refundable)})`,
            hint: byHand ? `Paid back ${byHand}.` : 'Back to the card the customer paid with.',
          },
          { value: 'partial' as const, label: 'Refund part of it', hint: 'For example, keeping the collection fee of a flag already sent.' },
        ]
      : []),
    { value: 'none', label: 'No refund', hint: refundable > 0 ? 'Only when the money has been returned some other way.' : 'Nothing was paid, or it has all been refunded.' },
  ];

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Money</legend>
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name={`${id}-refund`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="font-medium">{option.label}</span>
              <span className="block text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'partial' && (
        <TextField
          id={`${id}-amount`}
          label="Amount to refund (R)"
          hint={`Up to ${formatRand(refundable)}.`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
          announce
        />
      )}
      {choice !== 'partial' && <FormAlert id={`${id}-error`} message={error} />}
      {recordsRefund && (
        <RefundByHandFields id={`${id}-reference`} where={byHand} value={reference} onChange={setReference} error={referenceError} inputRef={referenceInput} />
      )}
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
      <div className="flex justify-end">
        <Button type="submit" variant="danger">
          Review cancellation
        </Button>
      </div>
    </form>
  );
}

function NoteForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddOrderNote(onDone);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = orderNoteSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate({ orderId: order.id, note: parsed.data.note });
  };

  const shown = error ?? (add.isError ? messageOf(add.error, 'Failed to add the note') : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextAreaField
        id={`${id}-note`}
        label="Note"
        hint='Only admins see notes, e.g. "Customer phoned: collecting on Friday".'
        rows={3}
        maxLength={2000}
        autoFocus
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={shown}
        announce
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}

/** The moves the order allows now (the server's detail.actions), and a note, which is always allowed. */
export function OrderActions({ detail }: { detail: AdminOrderDetail }) {
  const { order, actions } = detail;
  const [panel, setPanel] = useState<Panel | null>(null);
  const move = useMoveOrder();
  const book = useBookCourier();
  const closePanel = () => setPanel(null);
  // Escape closes the open form, not the order's page, and gives the focus back to its button.
  useEscapeLayer(panel !== null, closePanel, { returnFocus: true });

  const moveTo = (to: 'ready-for-collection' | 'collected' | 'delivered' | 'track-courier') => move.mutate({ orderId: order.id, to });

  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        {actions.includes('payment_received') && (
          <Button size="sm" onClick={() => toggle('payment')} aria-expanded={panel === 'payment'}>
            <Landmark className="h-4 w-4" aria-hidden="true" /> Mark payment received
          </Button>
        )}
        {actions.includes('fulfil') && (
          <Button size="sm" onClick={() => toggle('fulfil')} aria-expanded={panel === 'fulfil'}>
            <PackageCheck className="h-4 w-4" aria-hidden="true" /> Fulfill
          </Button>
        )}
        {actions.includes('book_courier') && (
          <Button size="sm" disabled={book.isPending} onClick={() => book.mutate(order.id)}>
            <Truck className="h-4 w-4" aria-hidden="true" /> {book.isPending ? 'Booking...' : 'Book courier'}
          </Button>
        )}
        {order.courierShipmentId && (
          <a
            href={`/api/admin/orders/${encodeURIComponent(order.id)}/courier-label`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
            <Printer className="h-4 w-4" aria-hidden="true" /> Print label (PDF)
          </a>
        )}
        {actions.includes('ready_for_collection') && (
          <Button size="sm" disabled={move.isPending} onClick={() => moveTo('ready-for-collection')}>
            <MapPinCheck className="h-4 w-4" aria-hidden="true" /> Mark arrived at pickup point
          </Button>
        )}
        {actions.includes('collected') && (
          <Button size="sm" disabled={move.isPending} onClick={() => moveTo('collected')}>
            <UserCheck className="h-4 w-4" aria-hidden="true" /> Mark collected
          </Button>
        )}
        {actions.includes('track_courier') && (
          <Button variant="outline" size="sm" disabled={move.isPending} onClick={() => moveTo('track-courier')}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Check tracking
          </Button>
        )}
        {actions.includes('delivered') && (
          <Button size="sm" disabled={move.isPending} onClick={() => moveTo('delivered')}>
            <House className="h-4 w-4" aria-hidden="true" /> Mark delivered
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => toggle('note')} aria-expanded={panel === 'note'}>
          <NotebookPen className="h-4 w-4" aria-hidden="true" /> Add note
        </Button>
        {actions.includes('refund') && (
          <Button variant="outline" size="sm" onClick={() => toggle('refund')} aria-expanded={panel === 'refund'}>
            <Undo2 className="h-4 w-4" aria-hidden="true" /> Refund
          </Button>
        )}
        {actions.includes('cancel') && (
          <Button variant="outline" size="sm" className="text-red-700" onClick={() => toggle('cancel')} aria-expanded={panel === 'cancel'}>
            <Ban className="h-4 w-4" aria-hidden="true" /> Cancel order
          </Button>
        )}
      </div>
      {panel === 'payment' && (
        <PanelFrame title="Mark payment received">
          <PaymentReceivedForm order={order} onDone={closePanel} />
        </PanelFrame>
      )}
      {panel === 'fulfil' && (
        <PanelFrame title="Fulfill Order">
          <TrackingNumberForm order={order} onDone={closePanel} onCancel={closePanel} />
        </PanelFrame>
      )}
      {panel === 'note' && (
        <PanelFrame title="Add a note">
          <NoteForm order={order} onDone={closePanel} />
        </PanelFrame>
      )}
      {panel === 'refund' && (
        <PanelFrame title="Refund">
          <RefundForm order={order} refundable={detail.refundableCents} byHand={detail.refundsByHand} onDone={closePanel} />
        </PanelFrame>
      )}
      {panel === 'cancel' && (
        <PanelFrame title="Cancel order">
          <CancelForm order={order} refundable={detail.refundableCents} byHand={detail.refundsByHand} onDone={closePanel} />
        </PanelFrame>
      )}
    </div>
  );
}

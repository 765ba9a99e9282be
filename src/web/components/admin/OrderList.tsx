import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { toast } from '../ui/toast-store';
import { FulfilOrderDialog } from './FulfilOrderDialog';
import { OrderCard } from './OrderCard';
import type { AdminOrder } from '../../../shared/order-desk';

/** Toasts a failed load once per failure (spec section 8's 'Failed to fetch …'). */
export function useFailureToast(failedAt: number, message: string): void {
  useEffect(() => {
    if (failedAt) toast({ title: 'Error', description: message, variant: 'destructive' });
  }, [failedAt, message]);
}

interface OrderListProps {
  label: string;
  orders: AdminOrder[] | undefined;
  isPending: boolean;
  isError: boolean;
  errorMessage: string;
  emptyMessage: string;
  onRetry: () => void;
}

/** Orders as cards, with the loading, failed and empty states, and the Fulfill Order dialog. */
export function OrderList({ label, orders, isPending, isError, errorMessage, emptyMessage, onRetry }: OrderListProps) {
  const [fulfilling, setFulfilling] = useState<AdminOrder | null>(null);
  return (
    <>
      <OrderCards label={label} orders={orders} isPending={isPending} isError={isError} errorMessage={errorMessage} emptyMessage={emptyMessage} onRetry={onRetry} onFulfil={setFulfilling} />
      {/* Outside the list: fulfilling the last order empties the list while the dialog closes. */}
      <FulfilOrderDialog order={fulfilling} onClose={() => setFulfilling(null)} />
    </>
  );
}

function OrderCards({ label, orders, isPending, isError, errorMessage, emptyMessage, onRetry, onFulfil }: OrderListProps & { onFulfil: (order: AdminOrder) => void }) {
  if (isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading orders</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (isError || !orders) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-red-300 p-8 text-center">
        <p className="font-semibold text-red-800">{errorMessage}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (orders.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center font-medium text-slate-700">{emptyMessage}</p>;
  }
  return (
    <ul className="space-y-3" aria-label={label}>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} onFulfil={onFulfil} />
      ))}
    </ul>
  );
}

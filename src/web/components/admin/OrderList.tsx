import { useEffect, useState } from 'react';
import { QueryState, type QueryLike } from '../ui/QueryState';
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
  orders: QueryLike<AdminOrder[]>;
  errorMessage: string;
  emptyMessage: string;
}

/** Orders as cards, with the loading, failed and empty states, and the Fulfill Order dialog. */
export function OrderList({ label, orders, errorMessage, emptyMessage }: OrderListProps) {
  const [fulfilling, setFulfilling] = useState<AdminOrder | null>(null);
  return (
    <>
      <QueryState
        query={orders}
        loading={{ label: 'Loading orders', skeletons: ['h-40 w-full', 'h-40 w-full'] }}
        error={{ message: errorMessage }}
        empty={{ when: (list) => list.length === 0, show: emptyMessage }}
      >
        {(list) => (
          <ul className="space-y-3" aria-label={label}>
            {list.map((order) => (
              <OrderCard key={order.id} order={order} onFulfil={setFulfilling} />
            ))}
          </ul>
        )}
      </QueryState>
      {/* Outside the list: fulfilling the last order empties the list while the dialog closes. */}
      <FulfilOrderDialog order={fulfilling} onClose={() => setFulfilling(null)} />
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { QueryState, type QueryLike } from '../ui/QueryState';
import { toast } from '../ui/toast-store';
import { FulfilOrderDialog } from './FulfilOrderDialog';
import { OrderCard } from './OrderCard';
import { OrderTable } from './OrderTable';
import type { AdminOrder, OrderSort, OrderSortColumn } from '../../../shared/order-desk';

/** Laptops and wider get the table; phones and tablets the cards. */
export const TABLE_QUERY = '(min-width: 1024px)';

/** Toasts a failed load once per failure (spec section 8's 'Failed to fetch …'). */
export function useFailureToast(failedAt: number, message: string): void {
  useEffect(() => {
    if (failedAt) toast({ title: 'Error', description: message, variant: 'destructive' });
  }, [failedAt, message]);
}

interface OrderListProps {
  label: string;
  /** The orders in the order to show them. */
  orders: QueryLike<AdminOrder[]>;
  sort: OrderSort;
  onSort: (column: OrderSortColumn) => void;
  errorMessage: string;
  emptyMessage: string;
}

/** Orders as a sortable table or as cards, with the loading, failed and empty states, and the Fulfill Order dialog. */
export function OrderList({ label, orders, sort, onSort, errorMessage, emptyMessage }: OrderListProps) {
  const [fulfilling, setFulfilling] = useState<AdminOrder | null>(null);
  const asTable = useMediaQuery(TABLE_QUERY);
  const list = useRef<HTMLDivElement>(null);
  const dialogClosed = useRef(false);

  // A fulfilled order leaves the Unfulfilled list with the button that opened its dialog: the focus,
  // which went back to that button, then stays in the list instead of falling to the top of the page.
  useEffect(() => {
    if (!dialogClosed.current) return;
    dialogClosed.current = false;
    if (document.activeElement === document.body) list.current?.focus();
  }, [orders.data]);

  return (
    <>
      <div ref={list} tabIndex={-1} className="rounded-lg focus-visible:outline-offset-4">
        <QueryState
          query={orders}
          loading={{ label: 'Loading orders', skeletons: ['h-40 w-full', 'h-40 w-full'] }}
          error={{ message: errorMessage }}
          empty={{ when: (loaded) => loaded.length === 0, show: emptyMessage }}
        >
          {(loaded) =>
            asTable ? (
              <OrderTable label={label} orders={loaded} sort={sort} onSort={onSort} onFulfil={setFulfilling} />
            ) : (
              <ul className="space-y-3" aria-label={label}>
                {loaded.map((order) => (
                  <OrderCard key={order.id} order={order} onFulfil={setFulfilling} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
      {/* Outside the list: fulfilling the last order empties the list while the dialog closes. */}
      <FulfilOrderDialog
        order={fulfilling}
        onClose={() => {
          dialogClosed.current = true;
          setFulfilling(null);
        }}
      />
    </>
  );
}

import { useSearchParams } from 'react-router';
import { withParam } from '../../lib/search-params';
import { OrderList, useFailureToast } from './OrderList';
import { SendDigestButton } from './SendDigestButton';
import { TabHeading } from './TabHeading';
import { nextSort, sortOrders } from './order-format';
import { useUnfulfilledOrders } from './use-order-desk';
import { orderDeskMessages, orderSearchSchema, type OrderSort, type OrderSortColumn } from '../../../shared/order-desk';

/** Oldest first: the order that has waited longest is packed first. */
const OLDEST_FIRST: OrderSort = 'date-asc';

/** The day's work: paid orders still to hand to PAXI, oldest first unless sorted by a column (?sort=, kept in the address). */
export function UnfulfilledTab() {
  const [params, setParams] = useSearchParams();
  const asked = orderSearchSchema.shape.sort.safeParse(params.get('sort') || OLDEST_FIRST);
  const sort = asked.success ? asked.data : OLDEST_FIRST;
  const onSort = (column: OrderSortColumn) => {
    const next = nextSort(sort, column);
    setParams((current) => withParam(current, 'sort', next === OLDEST_FIRST ? '' : next), { replace: true });
  };
  const orders = useUnfulfilledOrders();
  const count = orders.data?.length ?? 0;
  useFailureToast(orders.isError ? orders.errorUpdatedAt : 0, orderDeskMessages.fetchUnfulfilled);
  return (
    <section aria-labelledby="unfulfilled-heading" className="space-y-4">
      <TabHeading
        id="unfulfilled-heading"
        title="Unfulfilled orders"
        description="Paid and waiting to be packed and handed to PAXI, oldest first. The digest emails this list to the order desk."
        action={<SendDigestButton />}
      />
      {count > 0 && (
        <p className="text-sm text-slate-700" role="status">
          {count} {count === 1 ? 'order' : 'orders'} to send
        </p>
      )}
      <OrderList
        label="Unfulfilled orders"
        // The whole list comes at once, so it is sorted here.
        orders={{ data: orders.data && sortOrders(orders.data, sort), isPending: orders.isPending, isError: orders.isError, refetch: orders.refetch }}
        sort={sort}
        onSort={onSort}
        errorMessage={orderDeskMessages.fetchUnfulfilled}
        emptyMessage="No unfulfilled orders. Great job!"
      />
    </section>
  );
}

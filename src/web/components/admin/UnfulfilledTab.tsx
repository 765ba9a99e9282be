import { OrderList, useFailureToast } from './OrderList';
import { SendDigestButton } from './SendDigestButton';
import { TabHeading } from './TabHeading';
import { useUnfulfilledOrders } from './use-order-desk';
import { orderDeskMessages } from '../../../shared/order-desk';

/** The day's work: paid orders still to hand to PAXI, oldest first. */
export function UnfulfilledTab() {
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
        orders={orders}
        errorMessage={orderDeskMessages.fetchUnfulfilled}
        emptyMessage="No unfulfilled orders. Great job!"
      />
    </section>
  );
}

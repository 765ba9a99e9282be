import { Link } from 'react-router';
import { Package } from 'lucide-react';
import { buttonClasses } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { ProfileSection } from './ProfileField';
import { useOrders } from './use-profile';
import { formatRand } from '../../../shared/money';

const orderDate = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' });

/** The shopper's orders, newest first; an empty state with a way to the shop until there are any. */
export function OrderHistory({ userId }: { userId: string }) {
  const { data, isPending, isError } = useOrders(userId);
  const orders = data?.orders ?? [];

  return (
    <ProfileSection id="orders" title="Order history">
      {isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading orders</span>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : isError ? (
        <p className="text-sm text-red-700">Failed to load your orders. Please try again later.</p>
      ) : orders.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <Package className="h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No orders yet</p>
          <p className="text-sm text-slate-600">When you order flags, you can follow them here.</p>
          <Link to="/shop" className={buttonClasses('primary', 'sm')}>
            Shop Flags
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm" data-testid="order-row">
              <span>
                <span className="font-semibold text-slate-900">Order {order.orderNumber}</span>
                <span className="block text-slate-600">{orderDate.format(new Date(order.createdAt))}</span>
              </span>
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 capitalize">{order.status}</span>
              <span className="font-semibold whitespace-nowrap">{formatRand(order.totalCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

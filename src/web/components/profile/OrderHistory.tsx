import { MapPin, Package, Truck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';
import { ProfileSection } from './ProfileSection';
import { useOrders } from '../account/use-profile';
import { formatRand } from '../../../shared/money';
import type { ProfileOrder } from '../../../shared/profile';

const orderDate = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' });

/** What each order status means to the shopper, and its badge colour. */
const statuses: Record<string, { label: string; tone: string }> = {
  pending: { label: 'Awaiting payment', tone: 'bg-slate-100 text-slate-700' },
  paid: { label: 'Paid, being prepared', tone: 'bg-brand-50 text-brand-800' },
  fulfilled: { label: 'Shipped', tone: 'bg-sky-50 text-sky-800' },
  ready_for_collection: { label: 'Ready for collection', tone: 'bg-amber-50 text-amber-900' },
  collected: { label: 'Collected', tone: 'bg-green-50 text-green-800' },
  cancelled: { label: 'Cancelled', tone: 'bg-red-50 text-red-800' },
};

function orderStatus(status: string): { label: string; tone: string } {
  const known = statuses[status];
  if (known) return known;
  const words = status.replace(/_/g, ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'bg-slate-100 text-slate-700' };
}

function OrderRow({ order }: { order: ProfileOrder }) {
  const status = orderStatus(order.status);
  return (
    <li className="space-y-2 p-4 text-sm" data-testid="order-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">Order {order.orderNumber}</h3>
          <p className="text-slate-600">
            <time dateTime={order.createdAt}>{orderDate.format(new Date(order.createdAt))}</time>
            {' · '}
            {order.itemCount} {order.itemCount === 1 ? 'flag' : 'flags'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.tone)} data-testid="order-status">
            {status.label}
          </span>
          <span className="font-semibold whitespace-nowrap text-slate-900">{formatRand(order.totalCents)}</span>
        </div>
      </div>
      {order.pickupPointName && (
        <p className="flex items-start gap-1.5 text-slate-700">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Collect at <span className="font-medium">{order.pickupPointName}</span>
          </span>
        </p>
      )}
      {order.trackingNumber && (
        <p className="flex items-start gap-1.5 text-slate-700">
          <Truck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Tracking number <span className="font-mono font-medium break-all">{order.trackingNumber}</span>
          </span>
        </p>
      )}
    </li>
  );
}

/** The shopper's orders, newest first; an empty state with a way to the shop until there are any. */
export function OrderHistory({ userId }: { userId: string }) {
  const orders = useOrders(userId);
  const empty = <EmptyState icon={Package} title="No orders yet" text="When you order flags, you can follow them here." link={{ to: '/shop', label: 'Shop Flags', variant: 'primary' }} />;
  return (
    <ProfileSection id="orders" title="Order history">
      <QueryState
        query={orders}
        loading={{ label: 'Loading orders', skeletons: ['h-16 w-full'] }}
        error={{ message: 'Failed to load your orders. Please try again later.', retry: false }}
        empty={{ when: (data) => data.orders.length === 0, show: empty }}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {data.orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
      </QueryState>
    </ProfileSection>
  );
}

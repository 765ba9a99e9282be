import { Link } from 'react-router';
import { MapPin, Package, Truck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';
import { ProfileSection } from './ProfileSection';
import { useOrders } from '../account/use-profile';
import { formatRand } from '../../../shared/money';
import type { ProfileOrder } from '../../../shared/profile';
import { orderDate, orderPath, orderStatus } from '../orders/order-status';

function OrderRow({ order }: { order: ProfileOrder }) {
  const status = orderStatus(order.status);
  return (
    <li className="relative space-y-2 p-4 text-sm hover:bg-slate-50" data-testid="order-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">
            {/* The whole row opens the order; the link's name stays the order number. */}
            <Link to={orderPath(order.orderNumber)} className="text-brand-700 underline after:absolute after:inset-0 after:content-['']">
              Order {order.orderNumber}
            </Link>
          </h3>
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
      <p className="flex items-start gap-1.5 text-slate-700">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="break-words">{order.destination}</span>
      </p>
      {order.trackingNumber && (
        <p className="flex items-start gap-1.5 text-slate-700">
          <Truck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Tracking number <span className="font-mono font-medium break-all">{order.trackingNumber}</span>
            {order.trackingUrl && (
              <>
                {' · '}
                <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
                  Track parcel
                </a>
              </>
            )}
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

import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatRand } from '../../../shared/money';
import { orderStatusPhrase, type AdminOrder } from '../../../shared/order-desk';
import { deliveryOptionLabel } from '../../../shared/delivery';
import { formatDateTime, itemLine, statusTone, toneClasses } from './order-format';

/** The order's one status phrase (src/shared/order-desk.ts), the same in the list, the cards and the order's page. */
export function StatusBadge({ order }: { order: Pick<AdminOrder, 'status' | 'paymentStatus'> }) {
  return (
    <span className={cn('inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', toneClasses[statusTone(order)])} data-testid="status-badge">
      {orderStatusPhrase(order)}
    </span>
  );
}

/** The flags in the order: name and quantity (spec fallbacks 'Unknown Item', 1 and 'No items found'). */
export function OrderItems({ items, withPrices = false }: { items: AdminOrder['items'] | null | undefined; withPrices?: boolean }) {
  if (!items?.length) return <p className="text-sm text-slate-600">No items found</p>;
  return (
    <ul className="space-y-1 text-sm text-slate-800" data-testid="order-items">
      {items.map((item, index) => {
        const { name, quantity } = itemLine(item);
        return (
          <li key={`${item.productId}-${index}`} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {name} <span className="text-slate-600">× {quantity}</span>
            </span>
            {withPrices && typeof item.productPrice === 'number' && (
              <span className="whitespace-nowrap tabular-nums">{formatRand(item.productPrice * quantity)}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** One label and its value; the list lays out in one column on phones and two on wider screens. */
export function Fact({ label, children, wide, testId }: { label: string; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function FactList({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('grid gap-x-6 gap-y-3 sm:grid-cols-2', className)}>{children}</dl>;
}

/** Who ordered, where it is collected and what it holds: the fulfil dialog and the order page both show it. */
export function OrderFacts({ order }: { order: AdminOrder }) {
  return (
    <FactList>
      <Fact label="Customer">
        {order.customerName}
        {order.placedAsGuest && <span className="block text-sm text-slate-600">Bought as a guest, without an account</span>}
      </Fact>
      <Fact label="Email">
        <a href={`mailto:${order.customerEmail}`} className="text-brand-700 underline-offset-2 hover:underline">
          {order.customerEmail}
        </a>
      </Fact>
      <Fact label="Phone">
        {order.customerPhone ? (
          <a href={`tel:${order.customerPhone}`} className="text-brand-700 underline-offset-2 hover:underline">
            {order.customerPhone}
          </a>
        ) : (
          'Not given'
        )}
      </Fact>
      <Fact label="Delivery option">{deliveryOptionLabel(order.deliveryOption)}</Fact>
      <Fact label="Order date">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </Fact>
      <Fact label="Fulfilled date">
        {order.fulfilledAt ? <time dateTime={order.fulfilledAt}>{formatDateTime(order.fulfilledAt)}</time> : 'Not yet'}
      </Fact>
      {order.deliveryAddress ? (
        <Fact label="Deliver to" wide testId="delivery-address">
          <span className="font-medium">{order.deliveryAddress}</span>
          {order.deliveryInstructions && <span className="block text-slate-700">{order.deliveryInstructions}</span>}
        </Fact>
      ) : (
        <Fact label="Collection point" wide testId="collection-point">
          <span className="font-medium">{order.paxiLocationName || 'Not chosen'}</span>
          {order.paxiLocationAddress && <span className="block text-slate-700">{order.paxiLocationAddress}</span>}
        </Fact>
      )}
      <Fact label="Total">
        <span className="font-semibold tabular-nums">{formatRand(order.totalAmount)}</span>
      </Fact>
      <Fact label="Tracking number">
        {order.trackingNumber ? <span className="font-mono break-all">{order.trackingNumber}</span> : 'None yet'}
      </Fact>
      <Fact label="Items" wide>
        <OrderItems items={order.items} />
      </Fact>
    </FactList>
  );
}

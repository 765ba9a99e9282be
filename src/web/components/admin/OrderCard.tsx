import { Link } from 'react-router';
import { PackageCheck } from 'lucide-react';
import { Button } from '../ui/Button';
import { Fact, FactList, OrderItems, StatusBadge } from './OrderParts';
import { OversoldBadge } from './OversoldMark';
import { formatDateTime } from './order-format';
import { useOrderParam } from './use-order-param';
import { formatRand } from '../../../shared/money';
import type { AdminOrder } from '../../../shared/order-desk';
import { deliveryOptionLabel } from '../../../shared/delivery';

/** Paid and not yet handed to PAXI: the orders that can be fulfilled from a list. */
const canFulfil = (order: AdminOrder) => !order.fulfilled && order.status === 'paid' && order.paymentStatus !== 'refunded';

/** The list's Fulfill button of an order that can be fulfilled, in the card or the table's row. */
export function FulfilButton({ order, onFulfil }: { order: AdminOrder; onFulfil: (order: AdminOrder) => void }) {
  if (!canFulfil(order)) return null;
  return (
    <Button size="sm" onClick={() => onFulfil(order)} aria-label={`Fulfill order ${order.orderNumber}`}>
      <PackageCheck className="h-4 w-4" aria-hidden="true" /> Fulfill
    </Button>
  );
}

/**
 * One order row of spec section 2 as a card, for phones and tablets (laptops get the table). The
 * order number opens the order's own page.
 */
export function OrderCard({ order, onFulfil }: { order: AdminOrder; onFulfil: (order: AdminOrder) => void }) {
  const { hrefOf, linkState } = useOrderParam();
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="order-row" data-order-number={order.orderNumber}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <h3 className="text-base font-semibold text-slate-900">
            <Link to={hrefOf(order.id)} state={linkState} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
              {order.orderNumber}
            </Link>
          </h3>
          <StatusBadge order={order} />
          <OversoldBadge order={order} />
        </div>
        <div className="flex items-center gap-3">
          <span className="text-lg font-semibold whitespace-nowrap text-slate-900 tabular-nums" data-testid="order-total">
            {formatRand(order.totalAmount)}
          </span>
          <FulfilButton order={order} onFulfil={onFulfil} />
        </div>
      </div>
      <FactList className="mt-4 lg:grid-cols-3">
        <Fact label="Customer">
          <span className="block">{order.customerName}</span>
          <span className="block break-all text-slate-700">{order.customerEmail}</span>
        </Fact>
        <Fact label="Delivery option">{deliveryOptionLabel(order.deliveryOption)}</Fact>
        <Fact label="Order date">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </Fact>
        {order.deliveryAddress ? (
          <Fact label="Deliver to" testId="delivery-address">
            <span className="block font-medium">{order.deliveryAddress}</span>
            {order.deliveryInstructions && <span className="block text-slate-700">{order.deliveryInstructions}</span>}
          </Fact>
        ) : (
          <Fact label="Collection point" testId="collection-point">
            <span className="block font-medium">{order.paxiLocationName || 'Not chosen'}</span>
            {order.paxiLocationAddress && <span className="block text-slate-700">{order.paxiLocationAddress}</span>}
          </Fact>
        )}
        <Fact label="Items">
          <OrderItems items={order.items} />
        </Fact>
        {order.fulfilledAt && (
          <Fact label="Fulfilled date">
            <time dateTime={order.fulfilledAt}>{formatDateTime(order.fulfilledAt)}</time>
          </Fact>
        )}
        {order.trackingNumber && (
          <Fact label="Tracking number" testId="tracking-number">
            <span className="font-mono break-all">{order.trackingNumber}</span>
          </Fact>
        )}
      </FactList>
    </li>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ExternalLink, FileText, MapPin, Package, Truck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { InfoCard } from '../ui/InfoCard';
import { QueryState, type QueryLike } from '../ui/QueryState';
import { BankTransferPanel } from './BankTransferPanel';
import { ProofOfPaymentUpload } from './ProofOfPaymentUpload';
import { ProFormaLink } from './ProFormaLink';
import { DocumentLink } from './DocumentLink';
import { OrderLines } from './OrderLines';
import { orderDate, orderStatus, orderStepTime } from './order-status';
import type { OrderCalls } from './order-calls';
import { formatRand } from '../../../shared/money';
import { findDeliveryOption } from '../../../shared/shop-facts';
import { courierNotes, deliveryFeeLabel } from '../../../shared/delivery';
import type { CustomerOrderDetail, CustomerOrderEvent } from '../../../shared/orders';

/** Each step of the order in the customer's words. */
function eventText(event: CustomerOrderEvent, order: CustomerOrderDetail): { title: string; detail?: string } {
  switch (event.type) {
    case 'placed':
      return order.payLater
        ? { title: 'Order placed', detail: `${formatRand(order.totalCents)} to pay ${order.pays}` }
        : { title: 'Order placed and paid', detail: `${formatRand(order.totalCents)} ${order.pays}` };
    case 'payment_received':
      return { title: 'Payment received', detail: `${formatRand(event.amountCents ?? order.totalCents)} ${order.pays}` };
    case 'fulfilled':
      return { title: order.courier ? 'Handed to the courier' : 'Sent to PAXI', detail: event.trackingNumber ? `Tracking number ${event.trackingNumber}` : undefined };
    case 'ready_for_collection':
      return { title: `Ready for collection at ${order.pickupPoint?.name ?? 'the PAXI point'}`, detail: 'Bring your ID when you collect it.' };
    case 'collected':
      return { title: 'Collected' };
    case 'with_courier':
      return { title: 'With the courier' };
    case 'out_for_delivery':
      return { title: 'Out for delivery today', detail: courierNotes.signFor };
    case 'delivery_failed':
      return { title: 'The courier could not deliver', detail: courierNotes.tryAgain };
    case 'delivered':
      return { title: 'Delivered', detail: order.courier?.address };
    case 'cancelled':
      return { title: 'Order cancelled' };
    case 'refunded': {
      // Back the way it was paid: to the card, or through PayFast, Ozow or a bank transfer.
      const back = order.pays === 'by card' ? 'to your card' : order.pays;
      return { title: event.amountCents === undefined ? `Refunded ${back}` : `${formatRand(event.amountCents)} refunded ${back}` };
    }
  }
}

function Timeline({ order }: { order: CustomerOrderDetail }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label="Order status" data-testid="order-timeline">
      {order.timeline.map((event) => {
        const { title, detail } = eventText(event, order);
        return (
          <li key={event.id} className="relative" data-testid="timeline-event">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] h-2.5 w-2.5 rounded-full border-2 border-white bg-brand-700 ring-1 ring-brand-700" />
            <p className="font-semibold text-slate-900">{title}</p>
            <p className="text-xs text-slate-600">
              <time dateTime={event.createdAt}>{orderStepTime.format(new Date(event.createdAt))}</time>
            </p>
            {detail && <p className="mt-1 break-words text-slate-800">{detail}</p>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * One of the shopper's orders as they see it, with its flags, point, progress, tracking and tax
 * documents, and while it awaits a bank transfer, how to pay and the proof of payment.
 */
function OrderView({ order, calls }: { order: CustomerOrderDetail; calls: OrderCalls }) {
  const status = orderStatus(order.status);
  const speed = findDeliveryOption(order.deliveryOption);
  const { pickupPoint, courier } = order;
  return (
    <>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Order {order.orderNumber}</h1>
          <p className="mt-1 text-slate-600">
            Placed on <time dateTime={order.createdAt}>{orderDate.format(new Date(order.createdAt))}</time>
          </p>
        </div>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', status.tone)} data-testid="order-status">
          {status.label}
        </span>
      </header>
      {order.bankTransfer && (
        <div className="mt-6 space-y-5 text-sm text-slate-700">
          <BankTransferPanel transfer={order.bankTransfer} />
          <ProFormaLink url={calls.proForma} />
          <ProofOfPaymentUpload orderNumber={order.orderNumber} proofs={order.proofsOfPayment} url={calls.proofOfPayment} orderQuery={calls.order} />
        </div>
      )}
      <div className="mt-6 grid gap-5 lg:grid-cols-3">
        <div className="grid gap-5 text-sm lg:col-span-2">
          <InfoCard title="Items" icon={<Package className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="order-items">
            <OrderLines
              items={order.items}
              subtotalCents={order.subtotalCents}
              feeLabel={deliveryFeeLabel(order.deliveryOption)}
              feeCents={order.deliveryFeeCents}
              discount={order.discountCode ? { code: order.discountCode, cents: order.discountCents } : undefined}
              totalCents={order.totalCents}
              refundedCents={order.refundedCents}
            />
          </InfoCard>
          <InfoCard title="Order status" icon={<Truck className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="order-progress">
            <Timeline order={order} />
          </InfoCard>
        </div>
        <div className="grid content-start gap-5 text-sm text-slate-700">
          {pickupPoint && (
            <InfoCard title="Collect at" icon={<MapPin className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="order-point">
              <address className="not-italic">
                <span className="block font-semibold text-slate-900">{pickupPoint.name}</span>
                <span className="block">{pickupPoint.address}</span>
              </address>
              {speed && (
                <p className="mt-2">
                  {speed.name}: {speed.time}
                </p>
              )}
              <p className="mt-2">We send you an SMS when the parcel is at the point. Bring your ID to collect it.</p>
            </InfoCard>
          )}
          {courier && (
            <InfoCard title={order.status === 'delivered' ? 'Delivered to' : 'Delivery address'} icon={<MapPin className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="order-address">
              <address className="not-italic">{courier.address}</address>
              {courier.instructions && <p className="mt-2">Instructions: {courier.instructions}</p>}
              <p className="mt-2">Courier: {courier.service}</p>
            </InfoCard>
          )}
          {order.trackingNumber && (
            <InfoCard title="Tracking" icon={<Truck className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="order-tracking">
              <p>
                Tracking number <span className="font-mono font-semibold break-all text-slate-900">{order.trackingNumber}</span>
              </p>
              {order.trackingUrl && (
                <a
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-2 inline-flex items-center gap-1 font-semibold text-brand-700 underline"
                >
                  {courier ? "Track your parcel on the courier's website" : "Track your parcel on PAXI's website"}
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                </a>
              )}
            </InfoCard>
          )}
          {order.documents.length > 0 && (
            <InfoCard title="Invoice" icon={<FileText className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="order-documents">
              <ul className="space-y-2">
                {order.documents.map((document) => (
                  <li key={document.serial}>
                    <DocumentLink document={document} />
                    <span className="block text-slate-600">
                      {document.serial} · {formatRand(document.totalCents)}
                    </span>
                  </li>
                ))}
              </ul>
            </InfoCard>
          )}
          <p className="text-sm text-slate-600">
            Questions about this order?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              Contact us
            </Link>{' '}
            and quote {order.orderNumber}.
          </p>
        </div>
      </div>
    </>
  );
}

/**
 * An order's page: a link back (My Profile for an account, the home page for a guest) above the
 * order or what stands in for it.
 */
export function OrderFrame({ back, children }: { back: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {back.label}
        </Link>
        {children}
      </div>
    </div>
  );
}

/**
 * The order as its query brings it, the same in My Profile and on a guest's order link: each page
 * gives the calls it reaches the order by, and says itself why an order is refused.
 */
export function LoadedOrder({ query, calls }: { query: QueryLike<CustomerOrderDetail>; calls: OrderCalls }) {
  return (
    <QueryState
      query={query}
      loading={{ label: 'Loading your order', skeletons: ['h-10 w-64', 'h-64 w-full'] }}
      error={{ message: 'Failed to load your order. Please try again later.' }}
    >
      {(order) => <OrderView order={order} calls={calls} />}
    </QueryState>
  );
}

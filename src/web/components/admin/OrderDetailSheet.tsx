import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { Dialog } from '../ui/Dialog';
import { QueryState } from '../ui/QueryState';
import { DocumentLink } from '../orders/DocumentLink';
import { OrderActions } from './OrderActions';
import { Fact, FactList, OrderFacts, OrderItems, StatusBadge } from './OrderParts';
import { OrderTimeline } from './OrderTimeline';
import { OversoldNotice } from './OversoldMark';
import { formatDateTime } from './order-format';
import { useOrderDetail } from './use-order-desk';
import { useOrderParam } from './use-order-param';
import { formatRand } from '../../../shared/money';
import { paymentStatusLabels, type AdminOrderDetail } from '../../../shared/order-desk';
import { paymentMethodView } from '../../../shared/payment-methods';
import { ProofsOfPayment } from './ProofsOfPayment';
import type { OrderDocument } from '../../../shared/tax-documents';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-200 pt-5">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The order's tax invoice and credit notes, each to download as the customer got it. */
function OrderDocuments({ documents }: { documents: OrderDocument[] }) {
  if (!documents.length) return <p className="text-sm text-slate-600">None yet: the invoice is issued once the order is paid.</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm" data-testid="order-documents">
      {documents.map((document) => (
        <li key={document.serial} className="flex flex-wrap items-center justify-between gap-x-4 py-2" data-testid="order-document">
          <div className="min-w-0">
            <DocumentLink document={document} />
            <span className="block text-slate-600">
              <span className="font-mono">{document.serial}</span> · <time dateTime={document.issuedAt}>{formatDateTime(document.issuedAt)}</time>
            </span>
          </div>
          <span className="font-semibold whitespace-nowrap tabular-nums">{formatRand(document.totalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

function OrderPage({ detail }: { detail: AdminOrderDetail }) {
  const { order, events, documents } = detail;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusBadge order={order} />
        <span className="text-lg font-semibold tabular-nums">{formatRand(order.totalAmount)}</span>
      </div>
      <OversoldNotice detail={detail} />
      <OrderActions detail={detail} />
      <Block title="Order">
        <OrderFacts order={order} />
      </Block>
      <Block title="Items and payment">
        <OrderItems items={order.items} withPrices />
        <FactList>
          <Fact label="Flags">{formatRand(order.subtotalCents)}</Fact>
          <Fact label={order.deliveryAddress ? 'Courier fee' : 'Collection fee'}>{formatRand(order.deliveryFeeCents)}</Fact>
          {order.discountCode && <Fact label={`Discount (${order.discountCode})`}>-{formatRand(order.discountCents)}</Fact>}
          <Fact label={order.paymentDueOn ? 'Total to pay' : 'Total paid'}>{formatRand(order.totalAmount)}</Fact>
          <Fact label="Refunded">{formatRand(order.refundedCents)}</Fact>
          <Fact label="Payment">{paymentStatusLabels[order.paymentStatus] ?? order.paymentStatus}</Fact>
          <Fact label="Paid by">{paymentMethodView(order.paymentMethod).paidWith}</Fact>
          <Fact label="Payment reference">
            <span className="font-mono break-all">{order.paymentId ?? 'None'}</span>
          </Fact>
          <Fact label="Last changed">
            <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
          </Fact>
        </FactList>
      </Block>
      {order.paymentMethod === 'eft' && (
        <Block title="Proof of payment">
          <ProofsOfPayment orderId={order.id} proofs={detail.proofs} />
        </Block>
      )}
      <Block title="Documents">
        <OrderDocuments documents={documents} />
      </Block>
      <Block title="History">
        <OrderTimeline events={events} byCourier={order.deliveryAddress !== null} payLater={order.paymentMethod === 'eft'} />
      </Block>
    </div>
  );
}

function OrderDetailBody({ orderId }: { orderId: string }) {
  const detail = useOrderDetail(orderId);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <QueryState
      query={detail}
      loading={{ label: 'Loading the order', skeletons: ['h-24 w-full', 'h-48 w-full'] }}
      error={{ message: notFound ? 'This order does not exist.' : 'Failed to load the order', retry: !notFound }}
    >
      {(loaded) => <OrderPage detail={loaded} />}
    </QueryState>
  );
}

/** The order named in the address (?order=<id>), over whichever tab is open. */
export function OrderDetailSheet() {
  const { orderId, close } = useOrderParam();
  const { data } = useOrderDetail(orderId);
  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => !open && close()}
      layout="sheet"
      title={data ? `Order ${data.order.orderNumber}` : 'Order'}
      description={data ? `Placed ${formatDateTime(data.order.createdAt)} by ${data.order.customerName}` : undefined}
    >
      {orderId && <OrderDetailBody orderId={orderId} />}
    </Dialog>
  );
}

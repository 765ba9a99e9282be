import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Clock, Link2Off } from 'lucide-react';
import { ApiError, noRetryOnRefusal } from '../lib/api';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { EmptyState } from '../components/ui/EmptyState';
import { LoadedOrder, OrderFrame } from '../components/orders/OrderView';
import { orderCalls } from '../components/orders/order-calls';
import { staticPageMeta } from '../../shared/page-meta';
import { ORDER_LINK_DAYS } from '../../shared/guest-orders';
import type { CustomerOrderDetail } from '../../shared/orders';

/** A link that opens no order: why, and the order look-up, which emails a new one. */
function LinkRefused({ orderNumber, expired = false }: { orderNumber: string; expired?: boolean }) {
  const lookUp = { to: `/orders/find?order=${encodeURIComponent(orderNumber)}`, label: 'Find your order', variant: 'primary' } as const;
  return (
    <div className="mt-6">
      {expired ? (
        <EmptyState
          icon={Clock}
          title="Order link expired"
          text={`This order link has expired: links to an order last ${ORDER_LINK_DAYS} days. Give us the order number and your email address, and we email you a new one.`}
          link={lookUp}
        />
      ) : (
        <EmptyState
          icon={Link2Off}
          title="Order link not valid"
          text="This order link is not valid. Check that the whole link was copied from the email, or give us the order number and your email address, and we email you a new one."
          link={lookUp}
        />
      )}
    </div>
  );
}

function GuestOrder({ orderNumber, orderKey }: { orderNumber: string; orderKey: string }) {
  const calls = orderCalls(orderNumber, orderKey);
  const query = useQuery<CustomerOrderDetail>({ queryKey: [calls.order], retry: noRetryOnRefusal });
  const refusal = query.error instanceof ApiError ? query.error : undefined;
  if (refusal?.code === 'order_link_expired') return <LinkRefused orderNumber={orderNumber} expired />;
  // Altered, another order's, cut short, or an order number that is none: the link opens nothing.
  if (refusal && (refusal.status === 400 || refusal.status === 404)) return <LinkRefused orderNumber={orderNumber} />;
  return <LoadedOrder query={query} calls={calls} />;
}

/**
 * /orders/:orderNumber?key=…: an order placed without an account, opened by the signed link in its
 * emails, showing what My Profile shows of an order. No sign-in: the key is the way in.
 */
export default function GuestOrderPage() {
  const { orderNumber = '' } = useParams();
  const [params] = useSearchParams();
  const orderKey = params.get('key');
  usePageMeta({ ...staticPageMeta('order', shop.name), title: `Order ${orderNumber} | ${shop.name}` });
  return (
    <OrderFrame back={{ to: '/', label: 'Home' }}>
      {orderKey ? <GuestOrder orderNumber={orderNumber} orderKey={orderKey} /> : <LinkRefused orderNumber={orderNumber} />}
    </OrderFrame>
  );
}

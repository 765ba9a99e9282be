import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Package } from 'lucide-react';
import { ApiError, noRetryOnRefusal } from '../lib/api';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { PageSpinner } from '../components/ui/Spinner';
import { EmptyState } from '../components/ui/EmptyState';
import { useSession } from '../components/auth/use-session';
import { SignInPrompt } from '../components/profile/SignInPrompt';
import { LoadedOrder, OrderFrame } from '../components/orders/OrderView';
import { orderCalls } from '../components/orders/order-calls';
import { staticPageMeta } from '../../shared/page-meta';
import type { CustomerOrderDetail } from '../../shared/orders';

function Order({ userId, orderNumber }: { userId: string; orderNumber: string }) {
  const calls = orderCalls(orderNumber);
  const query = useQuery<CustomerOrderDetail>({
    queryKey: [calls.order, userId],
    retry: noRetryOnRefusal,
  });
  const refused = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  if (refused) {
    return (
      <div className="mt-6">
        <EmptyState
          icon={Package}
          title="Order not found"
          text={`There is no order ${orderNumber} on your account.`}
          link={{ to: '/profile#orders', label: 'See your orders', variant: 'primary' }}
        />
      </div>
    );
  }
  return <LoadedOrder query={query} calls={calls} />;
}

/** /profile/orders/:orderNumber: one of the shopper's orders, with its flags, point, progress and tracking. */
export default function OrderPage() {
  const { orderNumber = '' } = useParams();
  usePageMeta({ ...staticPageMeta('order', shop.name), title: `Order ${orderNumber} | ${shop.name}` });
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner heading="Loading your order" />;
  if (!session) return <SignInPrompt title={`Order ${orderNumber}`} text="Sign in to see your order." />;
  return (
    <OrderFrame back={{ to: '/profile#orders', label: 'My Profile' }}>
      <Order userId={session.user.id} orderNumber={orderNumber} />
    </OrderFrame>
  );
}

import { useEffect, useRef, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MailWarning, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { PageSpinner } from '../components/ui/Spinner';
import { Tabs, TabsContent, TabsCount, TabsList, TabsTrigger } from '../components/ui/Tabs';
import { toast } from '../components/ui/toast-store';
import { openAuthDialog } from '../components/auth/auth-dialog-store';
import { userLabel, useSession, useWatchVerification } from '../components/auth/use-session';
import type { SessionUser } from '../components/auth/sign-in-types';
import { ActivityTab } from '../components/admin/ActivityTab';
import { AllOrdersTab } from '../components/admin/AllOrdersTab';
import { DocumentsTab } from '../components/admin/DocumentsTab';
import { DiscountCodesTab } from '../components/admin/discounts/DiscountCodesTab';
import { MessagesTab } from '../components/admin/MessagesTab';
import { OrderDetailSheet } from '../components/admin/OrderDetailSheet';
import { OverviewTab } from '../components/admin/OverviewTab';
import { PageSpeedTab } from '../components/admin/PageSpeedTab';
import { QuotesTab } from '../components/admin/QuotesTab';
import { UnfulfilledTab } from '../components/admin/UnfulfilledTab';
import { ProductsPanel } from '../components/admin/products/ProductsPanel';
import { useOverview } from '../components/admin/use-order-desk';
import { useAdminCheck } from '../components/auth/use-admin-check';
import { useResendVerification } from '../components/account/use-profile';
import { ApiError } from '../lib/api';
import { shop } from '../lib/initial-data';
import { usePageMeta } from '../lib/use-page-meta';
import { staticPageMeta } from '../../shared/page-meta';
import { orderDeskMessages } from '../../shared/order-desk';

/** The waiting orders beside the Unfulfilled tab's name, from the overview's figures. */
function UnfulfilledCount() {
  const { data } = useOverview();
  if (!data?.unfulfilledOrders) return null;
  return <TabsCount>{data.unfulfilledOrders}</TabsCount>;
}

interface DeskTab {
  /** The tab's name in the address: /admin?tab=<id>. */
  id: string;
  label: string;
  Panel: ComponentType;
  Count?: ComponentType;
}

/** The desk's tabs, in order; a new one is one more entry here. */
const tabs: DeskTab[] = [
  { id: 'overview', label: 'Overview', Panel: OverviewTab },
  { id: 'orders', label: 'All Orders', Panel: AllOrdersTab },
  { id: 'unfulfilled', label: 'Unfulfilled', Panel: UnfulfilledTab, Count: UnfulfilledCount },
  { id: 'documents', label: 'Documents', Panel: DocumentsTab },
  { id: 'products', label: 'Products', Panel: ProductsPanel },
  { id: 'discounts', label: 'Discount codes', Panel: DiscountCodesTab },
  { id: 'messages', label: 'Messages', Panel: MessagesTab },
  { id: 'quotes', label: 'Quotes', Panel: QuotesTab },
  { id: 'activity', label: 'Activity', Panel: ActivityTab },
  { id: 'speed', label: 'Page speed', Panel: PageSpeedTab },
];

function Dashboard({ name }: { name: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.find((tab) => tab.id === requested) ?? tabs[0]!;

  // Each tab is a history entry (Back returns to the previous tab); the filters of the old one are left behind.
  const onTabChange = (id: string) => setParams(id === tabs[0]!.id ? {} : { tab: id });

  return (
    <div className="min-h-screen bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-slate-600">
            Welcome back, <span className="font-medium break-all text-slate-900">{name}</span>
          </p>
        </header>
        <Tabs value={current.id} onValueChange={onTabChange} className="mt-6" activationMode="manual">
          {/* Ten tabs: from tablet width they wrap onto a second row rather than run past the edge; a phone scrolls them. */}
          <TabsList aria-label="Order desk" className="sm:flex-wrap">
            {tabs.map(({ id, label, Count }) => (
              <TabsTrigger key={id} value={id}>
                {label}
                {Count && <Count />}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ id, Panel }) => (
            <TabsContent key={id} value={id} className="mt-6">
              <Panel />
            </TabsContent>
          ))}
        </Tabs>
      </div>
      <OrderDetailSheet />
    </div>
  );
}

/**
 * Signed out: the spec sends visitors to /login, which the shop does not have. The page asks them
 * to sign in with the shop's own dialog instead, and fills in once they have (decision 0021).
 */
function AdminSignIn() {
  useEffect(() => openAuthDialog('login'), []);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
      <ShieldCheck className="h-12 w-12 text-slate-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
      <p className="text-slate-600">Sign in with your admin account to open the order desk.</p>
      <Button onClick={() => openAuthDialog('login')}>Sign In</Button>
    </section>
  );
}

/** Spec section 6: a signed-in user who is not an admin is told so and sent to the home page. */
function AccessDenied() {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast({ title: 'Access Denied', description: orderDeskMessages.accessDenied, variant: 'destructive' });
    void navigate('/', { replace: true });
  }, [navigate]);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
      <ShieldAlert className="h-12 w-12 text-red-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="text-slate-600">{orderDeskMessages.accessDenied}</p>
    </section>
  );
}

/**
 * An account whose email is on the admin list but not verified yet: it becomes an admin once the
 * link in the verification email is opened, so it is told that, not 'Access Denied'.
 */
function VerifyEmailFirst({ email, onCheckAgain, checking }: { email: string; onCheckAgain: () => void; checking: boolean }) {
  // As at checkout: a link opened in another tab, or on the phone, opens the desk by itself.
  useWatchVerification();
  const resend = useResendVerification();
  return (
    <section aria-labelledby="verify-admin-heading" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
      <MailWarning className="h-12 w-12 text-amber-700" aria-hidden="true" />
      <h1 id="verify-admin-heading" className="text-2xl font-bold text-slate-900">
        Verify your email to open the order desk
      </h1>
      <p className="text-slate-600">
        <span className="font-semibold break-all text-slate-900">{email}</span> is on the shop&apos;s admin list, but the address is not verified yet.
        Open the link in the verification email we sent you, then come back here.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
        <Button variant="outline" disabled={checking} onClick={onCheckAgain}>
          {checking ? 'Checking...' : 'I have verified my email'}
        </Button>
      </div>
    </section>
  );
}

function AdminGate({ user }: { user: SessionUser }) {
  const check = useAdminCheck(user.id);
  if (check.isPending) return <PageSpinner heading="Loading the order desk" />;
  if (check.isError) {
    // The session ended between the two answers: the same as signed out.
    if (check.error instanceof ApiError && check.error.status === 401) return <AdminSignIn />;
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        <p className="text-slate-600">We could not check your admin access just now. Please try again.</p>
        <Button onClick={() => void check.refetch()}>Try Again</Button>
      </section>
    );
  }
  if (check.data.emailVerificationRequired) {
    // The link may have been opened in another tab or on the phone: ask the server again.
    const checkAgain = async () => {
      const { data } = await check.refetch();
      if (data?.emailVerificationRequired) {
        toast({ title: 'Not Verified Yet', description: 'Please open the link in the email we sent you, then try again.', variant: 'destructive' });
      }
    };
    return <VerifyEmailFirst email={user.email} onCheckAgain={() => void checkAgain()} checking={check.isFetching} />;
  }
  if (!check.data.isAdmin) return <AccessDenied />;
  return <Dashboard name={userLabel(user)} />;
}

/** /admin: the order desk. Signed-in admins only; never indexed. */
export default function AdminPage() {
  usePageMeta(staticPageMeta('admin', shop.name));
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner heading="Loading the order desk" />;
  if (!session) return <AdminSignIn />;
  return <AdminGate user={session.user} />;
}

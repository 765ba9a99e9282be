import { Button } from '../components/ui/Button';
import { PageSpinner } from '../components/ui/Spinner';
import { userLabel, useSession } from '../components/auth/use-session';
import { AccountSection } from '../components/profile/AccountSection';
import { AddressBook } from '../components/profile/AddressBook';
import { OrderHistory } from '../components/profile/OrderHistory';
import { PersonalDetailsForm } from '../components/profile/PersonalDetailsForm';
import { ProfileSection } from '../components/profile/ProfileSection';
import { SignInPrompt } from '../components/profile/SignInPrompt';
import { WishlistSection } from '../components/profile/WishlistSection';
import { useProfile } from '../components/account/use-profile';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { staticPageMeta } from '../../shared/page-meta';

const sections = [
  { id: 'details', label: 'Personal details' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'orders', label: 'Orders' },
  { id: 'wishlist', label: 'Wishlist' },
  { id: 'account', label: 'Account' },
];

function Profile({ userId, label }: { userId: string; label: string }) {
  const { data, isPending, isError, refetch } = useProfile(userId);

  if (isPending) return <PageSpinner heading="Loading your profile" />;
  if (isError) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">My Profile</h1>
        <p className="text-slate-600">We could not load your profile just now. Please try again.</p>
        <Button onClick={() => void refetch()}>Try Again</Button>
      </section>
    );
  }

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">My Profile</h1>
          <p className="mt-2 text-slate-600">
            Signed in as <span className="font-medium text-slate-900">{label}</span>
          </p>
        </header>
        <nav aria-label="Profile sections" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8 space-y-8">
          <ProfileSection id="details" title="Personal details" description="Used to fill in your checkout. Every field is optional.">
            <PersonalDetailsForm key={userId} profile={data.profile} />
          </ProfileSection>
          <AddressBook addresses={data.addresses} />
          <OrderHistory userId={userId} />
          <WishlistSection userId={userId} />
          <AccountSection user={data.user} />
        </div>
      </div>
    </div>
  );
}

/** /profile: personal details, addresses, orders, wishlist and the account itself. */
export default function ProfilePage() {
  usePageMeta(staticPageMeta('profile', shop.name));
  const { data: session, isPending } = useSession();
  if (isPending) return <PageSpinner heading="Loading your profile" />;
  if (!session) return <SignInPrompt title="My Profile" text="Sign in to see your details, addresses, orders and wishlist." />;
  return <Profile userId={session.user.id} label={userLabel(session.user)} />;
}

import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, LogOut, Mail } from 'lucide-react';
import { Button } from '../ui/Button';
import { useSignOut, useWatchVerification } from '../auth/use-session';
import { SIGN_IN_CONFIG_KEY, SIGN_IN_CONFIG_STALE_MS } from '../auth/sign-in-method';
import type { SignInClientConfig } from '../../../shared/sign-in-config';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ProfileSection } from './ProfileSection';
import { useHasPassword, useResendVerification } from '../account/use-profile';
import type { ProfileView } from '../../../shared/profile';

function VerificationBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" /> Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-200 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      <CircleAlert className="h-3.5 w-3.5" aria-hidden="true" /> Not verified
    </span>
  );
}

/** Asks for verification, and notices it once the link is opened (here, in another tab, or on the phone). */
function UnverifiedEmail({ email }: { email: string }) {
  useWatchVerification();
  const resend = useResendVerification();
  return (
    <div className="space-y-3 rounded-md bg-amber-50 p-4 text-sm text-amber-900">
      <p>Please verify your email address: you need a verified address to pay for an order.</p>
      <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}

/** Email and its verification, password, signing out and deleting the account. */
export function AccountSection({ user }: { user: ProfileView['user'] }) {
  const signOut = useSignOut();
  const hasPassword = useHasPassword(user.id, user.hasPassword);
  // Firebase ends an account's sign-ins all at once (it revokes per account, not per device).
  const { data: signInConfig } = useQuery<SignInClientConfig>({ queryKey: SIGN_IN_CONFIG_KEY, staleTime: SIGN_IN_CONFIG_STALE_MS });
  const where = signInConfig?.provider === 'firebase' ? 'on every device you signed in on' : 'on this device';

  return (
    <ProfileSection id="account" title="Account">
      <div className="space-y-8">
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">Email</h3>
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            <Mail className="h-4 w-4 text-brand-700" aria-hidden="true" />
            <span className="break-all" data-testid="account-email">
              {user.email}
            </span>
            <VerificationBadge verified={user.emailVerified} />
          </p>
          {!user.emailVerified && <UnverifiedEmail email={user.email} />}
        </div>

        {hasPassword !== undefined && (
          <div className="border-t border-slate-200 pt-6">
            {hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <p className="text-sm text-slate-600">You sign in with Google, so there is no password to change here.</p>
            )}
          </div>
        )}

        <div className="space-y-3 border-t border-slate-200 pt-6">
          <h3 className="font-semibold text-slate-900">Sign out</h3>
          <p className="text-sm text-slate-600">Sign out {where}. Your details, addresses and wishlist stay saved in your account.</p>
          <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
          </Button>
        </div>

        <div className="space-y-3 border-t border-slate-200 pt-6">
          <h3 className="font-semibold text-red-800">Delete my account</h3>
          <p className="text-sm text-slate-600">
            Under POPIA you may ask us to delete your personal information. Deleting your account removes it from our
            shop at once.
          </p>
          {hasPassword !== undefined && <DeleteAccountDialog email={user.email} hasPassword={hasPassword} />}
        </div>
      </div>
    </ProfileSection>
  );
}

import { MailWarning } from 'lucide-react';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { useResendVerification } from '../account/use-profile';
import { useWatchVerification } from '../auth/use-session';

/**
 * Shown to a signed-in shopper whose email is not verified yet: paying needs a verified address.
 * It goes by itself once the link is opened, here or elsewhere; the button only asks at once.
 */
export function VerificationBanner({ email, onCheckAgain, checking }: { email: string; onCheckAgain: () => void; checking: boolean }) {
  useWatchVerification();
  const resend = useResendVerification();
  const send = () => {
    if (!email) {
      toast({ title: 'Error', description: 'No email address available', variant: 'destructive' });
      return;
    }
    resend.mutate(email);
  };
  return (
    <section
      aria-labelledby="verify-email-heading"
      data-testid="verification-banner"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-start"
    >
      <MailWarning className="h-6 w-6 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="flex-1 space-y-3">
        <div>
          <h2 id="verify-email-heading" className="font-semibold">
            Email Verification Required
          </h2>
          <p className="mt-1 text-sm">
            Please verify your email address before completing your purchase. We sent a link to{' '}
            <span className="font-semibold break-all">{email}</span>. Open it and this page carries on by itself.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={resend.isPending} onClick={send}>
            {resend.isPending ? 'Sending...' : 'Resend verification email'}
          </Button>
          <Button variant="ghost" size="sm" disabled={checking} onClick={onCheckAgain}>
            {checking ? 'Checking...' : 'I have verified my email'}
          </Button>
        </div>
      </div>
    </section>
  );
}

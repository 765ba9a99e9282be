import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { apiRequest, messageOf } from '../lib/api';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { SESSION_KEY } from '../components/auth/use-session';
import { announceEmailVerified } from '../components/auth/account-broadcast';
import { safeReturnPath } from '../components/auth/return-path';
import { accountMessages } from '../../shared/schemas';

/**
 * Spec section 9: 2 s after a successful verification the shopper moves on: back to where they
 * signed up (the link's callbackURL, a page of this shop), else to the home page.
 */
export const VERIFY_REDIRECT_DELAY_MS = 2000;

/** How the page names where it goes next: the spec's words for the home page. */
function destinationOf(path: string): { going: string; button: string } {
  if (path === '/') return { going: 'Taking you to the home page...', button: 'Continue to Home' };
  if (/^\/checkout(?:[?#]|$)/.test(path)) return { going: 'Taking you back to checkout...', button: 'Continue to Checkout' };
  return { going: 'Taking you back to where you were...', button: 'Continue' };
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">{children}</div>
  );
}

/** The page the verification email links to: /verify-email?token=…&email=… (spec section 2). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const returnTo = safeReturnPath(params.get('callbackURL'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const verify = useMutation({
    mutationFn: () =>
      apiRequest<{ message?: string }>('GET', `/api/auth/verify-email?${new URLSearchParams({ token, email }).toString()}`),
    retry: false,
    onSuccess: () => {
      announceEmailVerified();
      return client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
  // One call per link: a spent link answers an error the second time.
  const started = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (started.current || !token || !email) return;
    started.current = true;
    mutate();
  }, [token, email, mutate]);

  const succeeded = verify.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate(returnTo, { replace: true }), VERIFY_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate, returnTo]);

  const goTo = (path: string, label: string) => (
    <Button onClick={() => navigate(path, { replace: true })} debounceMs={0}>
      {label}
    </Button>
  );

  if (!token || !email || verify.isError) {
    const message = !token || !email ? accountMessages.invalidVerificationLink : messageOf(verify.error, accountMessages.verificationFailed);
    return (
      <Panel>
        <XCircle className="h-12 w-12 text-red-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Verification Failed</h1>
        <p role="alert" className="text-slate-700">
          {message}
        </p>
        {goTo('/', 'Return to Home')}
      </Panel>
    );
  }

  if (verify.isSuccess) {
    const destination = destinationOf(returnTo);
    return (
      <Panel>
        <CheckCircle2 className="h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Email Verified!</h1>
        <p role="status" className="text-slate-700">
          Your email address has been verified successfully. {destination.going}
        </p>
        {goTo(returnTo, destination.button)}
      </Panel>
    );
  }

  return (
    <Panel>
      <Spinner />
      <h1 className="text-2xl font-bold text-slate-900">Verifying your email...</h1>
      <p role="status" className="text-slate-700">
        Please wait while we confirm your email address.
      </p>
    </Panel>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { ApiError, apiRequest, messageOf } from '../lib/api';
import { callApi } from '../lib/api-client';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { FormAlert } from '../components/ui/FormAlert';
import { keepSessionFromLink } from '../components/auth/use-session';
import { announceEmailVerified } from '../components/auth/account-broadcast';
import { safeReturnPath } from '../components/auth/return-path';
import { accountMessages } from '../../shared/schemas';

/** Spec section 8: the page's words when the check itself failed (the network, the server), not the link. */
export const VERIFY_ERROR = 'An error occurred while verifying your email. Please try again.';
const RESEND_FAILED = 'Failed to send verification email. Please try again.';

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

/** A spent or expired link: a new one to the same address, which brings the shopper back to the same page. */
function SendNewLink({ email, returnTo }: { email: string; returnTo: string }) {
  const resend = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/send-verification', { email, ...(returnTo === '/' ? {} : { callbackURL: returnTo }) }),
    retry: false,
  });
  return (
    <div className="flex w-full flex-col items-center gap-3">
      <FormAlert id="resend-error" message={resend.isError ? messageOf(resend.error, RESEND_FAILED) : undefined} success={resend.isSuccess ? accountMessages.verificationSent : undefined} />
      <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </div>
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
    mutationFn: () => callApi('verifyEmail', { query: { token, email } }),
    retry: false,
    onSuccess: () => {
      announceEmailVerified();
      // The link signed this browser in (or renewed its session as verified).
      return keepSessionFromLink(client);
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
    // The server refused the link (spent, expired, forged): a new one helps. Anything else (no
    // network, the server down) says nothing about the link: trying again helps.
    const linkRefused = !token || !email || (verify.error instanceof ApiError && verify.error.status < 500);
    const message = !token || !email ? accountMessages.invalidVerificationLink : linkRefused ? messageOf(verify.error, accountMessages.verificationFailed) : VERIFY_ERROR;
    return (
      <Panel>
        <XCircle className="h-12 w-12 text-red-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Verification Failed</h1>
        <p role="alert" className="text-slate-700">
          {message}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {!linkRefused && (
            <Button onClick={() => mutate()} debounceMs={0}>
              Try Again
            </Button>
          )}
          {linkRefused && email && <SendNewLink email={email} returnTo={returnTo} />}
          {goTo('/', 'Return to Home')}
        </div>
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

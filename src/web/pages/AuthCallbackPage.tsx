import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { Spinner } from '../components/ui/Spinner';
import { completeGoogleCallback, finishGoogleSignIn, shopOpener, SIGNED_IN_PATH, SIGN_IN_ERROR_PATH } from '../components/auth/google-sign-in';
import { googleMessages } from '../components/auth/auth-form';

/**
 * /auth/callback, where Google sends the sign-in popup back (spec section 2). It completes the
 * sign-in on the server, then reports to the shop window that opened the popup and closes; opened
 * on its own it goes to /profile or /?auth=error instead, and to / when it has no parameters.
 */
/** How long the popup waits for the shop window to close it before closing itself. */
const OPENER_GRACE_MS = 3000;

export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  // Once per visit: the code and state can be used only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!params.has('code') && !params.has('state') && !params.has('error')) {
      navigate('/', { replace: true });
      return;
    }
    void completeGoogleCallback(params).then(async (report) => {
      setFailed(!report.ok);
      const opener = shopOpener();
      if (opener) {
        opener.postMessage(report, window.location.origin);
        // The shop window closes this popup once it has the report; this is only for an opener
        // that no longer listens.
        setTimeout(() => window.close(), OPENER_GRACE_MS);
        return;
      }
      if (!report.ok) {
        navigate(SIGN_IN_ERROR_PATH, { replace: true });
        return;
      }
      await finishGoogleSignIn(client).catch(() => null);
      navigate(SIGNED_IN_PATH, { replace: true });
    });
  }, [params, navigate, client]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      {failed ? (
        <>
          <XCircle className="h-12 w-12 text-red-600" aria-hidden="true" />
          <p role="alert" className="text-slate-700">
            {googleMessages.processingFailed}
          </p>
        </>
      ) : (
        <>
          <Spinner label="Signing you in" />
          <h1 className="text-2xl font-bold text-slate-900">Signing you in...</h1>
        </>
      )}
    </div>
  );
}

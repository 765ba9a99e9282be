import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, messageOf } from '../../lib/api';
import { googleMessages } from './auth-form';
import { firebaseGoogleSignIn } from './sign-in-method';
import { SignInProblem } from './sign-in-types';
import { cacheUser, fetchSession, SESSION_KEY } from './use-session';
import type { Session } from './sign-in-types';

/** The `type` of the report /auth/callback posts to the window that opened it. */
const GOOGLE_SIGN_IN_MESSAGE = 'flag-shop:google-sign-in';

export type GoogleSignInReport =
  | { type: typeof GOOGLE_SIGN_IN_MESSAGE; ok: true }
  | { type: typeof GOOGLE_SIGN_IN_MESSAGE; ok: false; error: string; message: string };

/** Where better-auth sends a finished callback, and where /auth/callback goes when no window opened it. */
export const SIGNED_IN_PATH = '/profile';
export const SIGN_IN_ERROR_PATH = '/?auth=error';

/** The text for an error code on a failed callback (better-auth's, or Google's own such as access_denied). */
function googleErrorMessage(code: string): string {
  switch (code) {
    case 'access_denied':
      return googleMessages.cancelled;
    case 'account_not_linked':
      return googleMessages.accountExists;
    case 'network':
      return googleMessages.network;
    default:
      return googleMessages.processingFailed;
  }
}

function failure(error: string): GoogleSignInReport {
  return { type: GOOGLE_SIGN_IN_MESSAGE, ok: false, error, message: googleMessages.processingFailed };
}

function isReport(data: unknown): data is GoogleSignInReport {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GOOGLE_SIGN_IN_MESSAGE;
}

/** The parameters Google sends back that better-auth's callback reads. */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'iss'];

/**
 * Hands what Google sent to /auth/callback to better-auth, which checks the state against this
 * browser's cookie, exchanges the code (with the PKCE verifier) and sets the session cookie. It
 * answers with a redirect: to SIGNED_IN_PATH on success, else to an address carrying `error`.
 */
export async function completeGoogleCallback(params: URLSearchParams): Promise<GoogleSignInReport> {
  if (!params.get('state')) return failure(params.get('error') ?? 'state_not_found');
  const query = new URLSearchParams();
  for (const name of CALLBACK_PARAMS) {
    const value = params.get(name);
    if (value !== null) query.set(name, value);
  }
  let response: Response;
  try {
    response = await fetch(`/api/auth/callback/google?${query.toString()}`, { credentials: 'include' });
  } catch {
    return failure('network');
  }
  // The redirect was followed: where it ended tells how the sign-in went.
  const landed = new URL(response.url, window.location.origin);
  const error = landed.searchParams.get('error');
  if (error) return failure(error);
  if (landed.pathname !== SIGNED_IN_PATH) return failure('callback_failed');
  return { type: GOOGLE_SIGN_IN_MESSAGE, ok: true };
}

/** The window that opened this one, when it is the shop itself (a report must not go anywhere else). */
export function shopOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null; // another site's window: reading its location is refused
  }
}

/** Keeps the user like an email sign-in does; anything cached for the signed-out shopper may differ now. */
function keepGoogleSession(client: QueryClient, session: Session | null): void {
  if (session) cacheUser(session.user);
  client.setQueryData(SESSION_KEY, session);
  void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
}

/** Loads the new session after a Google sign-in and keeps it. */
export async function finishGoogleSignIn(client: QueryClient): Promise<Session | null> {
  const session = await fetchSession();
  keepGoogleSession(client, session);
  return session;
}

const POPUP_NAME = 'google-sign-in';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 650;
const POPUP_POLL_MS = 500;

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** The message for a refused start of the sign-in (before Google is reached). */
function startFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return googleMessages.unauthorizedDomain;
    if (error.status === 404 || error.status >= 500) return googleMessages.unavailable;
    return googleMessages.failed;
  }
  if (error instanceof TypeError) return googleMessages.network;
  return googleMessages.failed;
}

/** Google's sign-in page for this browser: better-auth stores the state and PKCE verifier behind a cookie. */
async function authorizationUrl(): Promise<string> {
  const { url } = await apiRequest<{ url?: string }>('POST', '/api/auth/sign-in/social', {
    provider: 'google',
    disableRedirect: true,
    callbackURL: SIGNED_IN_PATH,
    errorCallbackURL: SIGN_IN_ERROR_PATH,
  });
  if (!url) throw new Error('The sign-in start answered without a Google address');
  return url;
}

/** The popup's report, or null once the popup was closed (or the wait abandoned) without one. */
function popupReport(popup: Window, signal: AbortSignal): Promise<GoogleSignInReport | null> {
  return new Promise((resolve) => {
    const finish = (report: GoogleSignInReport | null) => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(report);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the shop's own /auth/callback page, in the popup opened here, may report.
      if (event.origin !== window.location.origin || event.source !== popup || !isReport(event.data)) return;
      finish(event.data);
      // The popup waits for this: had it closed itself, the close could be seen before its report.
      popup.close();
    };
    const onAbort = () => finish(null);
    const timer = setInterval(() => {
      if (popup.closed) finish(null);
    }, POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
  });
}

type Outcome = { ok: true } | { ok: false; message: string };

/** Firebase's popup (its SDK opens it), then the shop's session. */
async function signInWithFirebase(signIn: () => Promise<Session['user']>, client: QueryClient): Promise<Outcome> {
  try {
    keepGoogleSession(client, { user: await signIn() });
    return { ok: true };
  } catch (error) {
    // Firebase's refusals come worded; the shop's (a 409 for an address it knows, a 503) carry their message.
    return { ok: false, message: error instanceof SignInProblem ? error.message : messageOf(error, googleMessages.failed) };
  }
}

async function signInInPopup(popup: Window, signal: AbortSignal, client: QueryClient): Promise<Outcome> {
  let url: string;
  try {
    url = await authorizationUrl();
  } catch (error) {
    popup.close();
    return { ok: false, message: startFailureMessage(error) };
  }
  if (popup.closed) return { ok: false, message: googleMessages.cancelled };
  popup.location.href = url;

  const report = await popupReport(popup, signal);
  if (report?.ok === false) return { ok: false, message: googleErrorMessage(report.error) };
  if (signal.aborted) return { ok: false, message: googleMessages.cancelled };
  // A closed popup without a report may still have signed in (its report can lose the race
  // against its closing): the session decides.
  try {
    if (await finishGoogleSignIn(client)) return { ok: true };
  } catch {
    return { ok: false, message: googleMessages.network };
  }
  return { ok: false, message: report ? googleMessages.failed : googleMessages.cancelled };
}

/**
 * Google sign-in in a popup. `start` must run inside the click: with the shop's own accounts the
 * popup is opened blank at once (a popup opened after waiting for the server is blocked by
 * browsers) and sent to Google once the server has made the authorization URL; with Firebase its
 * SDK opens the popup itself.
 */
export function useGoogleSignIn(onSignedIn: () => void) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const popupRef = useRef<Window | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the dialog abandons a sign-in under way.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      popupRef.current?.close();
    },
    [],
  );

  const start = useCallback(() => {
    const open = popupRef.current;
    if (open && !open.closed) {
      open.focus();
      return;
    }
    const firebase = firebaseGoogleSignIn(client);
    // Firebase's popup is still open: a second one would cancel it.
    if (firebase && abortRef.current) return;
    let signIn: (signal: AbortSignal) => Promise<Outcome>;
    if (firebase) {
      signIn = () => signInWithFirebase(firebase, client);
    } else {
      const popup = window.open('', POPUP_NAME, popupFeatures());
      if (!popup) {
        setError(googleMessages.popupBlocked);
        return;
      }
      popupRef.current = popup;
      signIn = (signal) => signInInPopup(popup, signal, client);
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setPending(true);
    setError(undefined);
    void signIn(controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      abortRef.current = null;
      popupRef.current = null;
      setPending(false);
      if (outcome.ok) onSignedIn();
      else setError(outcome.message);
    });
  }, [client, onSignedIn]);

  return { start, pending, error };
}

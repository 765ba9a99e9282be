import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { forgetCheckoutDraft } from '../checkout/checkout-storage';
import { currentReturnPath } from './return-path';

export const SESSION_KEY = ['/api/auth/get-session'] as const;
/** Spec section 3: the signed-in user is cached in local storage under this key, removed on sign-out. */
export const CACHED_USER_KEY = 'firebase_user';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

export interface Session {
  user: SessionUser;
}

/** Who is signed in now, asked of the server; null when nobody is. */
export async function fetchSession(): Promise<Session | null> {
  return (await apiRequest<Session | null>('GET', SESSION_KEY[0])) ?? null;
}

/** The signed-in user, or null; undefined while loading. */
export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession });
}

/** How often an unverified shopper's page asks again, for a link opened on another device. */
export const VERIFICATION_RECHECK_MS = 30_000;

/**
 * While the email is not verified yet, the link may be opened anywhere: another tab (which tells
 * this one at once, see account-broadcast.ts), or the phone. So the session is asked for again
 * whenever the shopper comes back to this tab, and every half minute while it is shown.
 */
export function useWatchVerification(): void {
  useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, refetchOnWindowFocus: 'always', refetchInterval: VERIFICATION_RECHECK_MS });
}

/** The user's label in the menu: display name, else email. */
export function userLabel(user: SessionUser): string {
  return user.name.trim() || user.email;
}

export function cacheUser(user: SessionUser): void {
  try {
    localStorage.setItem(
      CACHED_USER_KEY,
      JSON.stringify({
        uid: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        displayName: user.name || null,
        photoURL: user.image ?? null,
      }),
    );
  } catch {
    // storage full or blocked: the cache is only a convenience
  }
}

/**
 * What this browser kept about the shopper goes when they sign out or delete the account (POPIA):
 * the cached user and what checkout remembered.
 */
export function forgetShopper(): void {
  try {
    localStorage.removeItem(CACHED_USER_KEY);
  } catch {
    // blocked storage: nothing cached
  }
  forgetCheckoutDraft();
}

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

// A refused sign-in or sign-up must not be tried again by itself (a second sign-up would meet its own account).
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiRequest<{ user: SessionUser }>('POST', '/api/auth/sign-in/email', input),
    retry: false,
    onSuccess: ({ user }) => {
      cacheUser(user);
      client.setQueryData(SESSION_KEY, { user });
    },
  });
}

export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    // The verification link brings the shopper back to this page (checkout, say) once verified.
    mutationFn: (input: SignUpInput) =>
      apiRequest<{ user: SessionUser }>('POST', '/api/auth/sign-up/email', { ...input, callbackURL: currentReturnPath() }),
    retry: false,
    onSuccess: ({ user }) => {
      cacheUser(user);
      client.setQueryData(SESSION_KEY, { user });
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/sign-out', {}),
    retry: false,
    onSuccess: () => {
      forgetShopper();
      client.setQueryData(SESSION_KEY, null);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('POST', '/api/auth/request-password-reset', { email, redirectTo: '/password-reset' }),
    retry: false,
  });
}

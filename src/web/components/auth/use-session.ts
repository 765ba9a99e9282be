import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { forgetCheckoutDraft } from '../../lib/shopper-storage';
import { signInMethod, signOutOfShop } from './sign-in-method';
import type { Session, SessionUser, SignInInput, SignUpInput } from './sign-in-types';

export const SESSION_KEY = ['/api/auth/get-session'] as const;
/** Spec section 3: the signed-in user is cached in local storage under this key, removed on sign-out. */
export const CACHED_USER_KEY = 'firebase_user';

/** Who is signed in now, asked of the server; null when nobody is. */
export async function fetchSession(): Promise<Session | null> {
  return (await apiRequest<Session | null>('GET', SESSION_KEY[0])) ?? null;
}

/** The signed-in user, or null; undefined while loading. */
export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession });
}

/** How often an unverified shopper's page asks again, for a link opened on another device. */
const VERIFICATION_RECHECK_MS = 30_000;
/** Under the session's key, so that whatever refreshes the session (account-broadcast.ts) asks again here too. */
const VERIFICATION_KEY = [SESSION_KEY[0], 'verification'] as const;

/**
 * Whether the shopper's email is verified by now. The sign-in method looks first (Firebase's
 * account is reloaded, and the shop told once it says verified), then the session is kept; a
 * newly verified address shows on the profile too.
 */
async function recheckVerification(client: QueryClient): Promise<Session | null> {
  const renewed = await (await signInMethod(client)).recheckVerification();
  const session = renewed ? { user: renewed } : await fetchSession();
  client.setQueryData(SESSION_KEY, session);
  if (session?.user.emailVerified) {
    cacheUser(session.user);
    // The profile shows the address verified, and an admin's order desk opens.
    void client.invalidateQueries({ queryKey: ['/api/profile'] });
    void client.invalidateQueries({ queryKey: ['/api/admin/check'] });
  }
  return session;
}

/**
 * While the email is not verified yet, the link may be opened anywhere: another tab (which tells
 * this one at once, see account-broadcast.ts), or the phone. So it is asked again when the page
 * shows, whenever the shopper comes back to this tab, and every half minute while it is shown.
 */
export function useWatchVerification(): void {
  const client = useQueryClient();
  useQuery({
    queryKey: VERIFICATION_KEY,
    queryFn: () => recheckVerification(client),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: VERIFICATION_RECHECK_MS,
  });
}

/** Asks at once whether the email is verified by now (the banner's "I have verified my email"). */
export function useRecheckVerification(): () => Promise<Session | null> {
  const client = useQueryClient();
  return useCallback(() => recheckVerification(client), [client]);
}

/** After the emailed link signed this browser in: the session known at once, and kept in this browser. */
export async function keepSessionFromLink(client: QueryClient): Promise<void> {
  try {
    const session = await fetchSession();
    client.setQueryData(SESSION_KEY, session);
    if (session) cacheUser(session.user);
  } catch {
    await client.invalidateQueries({ queryKey: SESSION_KEY });
  }
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

/** The shopper signed in (or up): kept in this browser, and the session known at once. */
function keepSignedIn(client: QueryClient, user: SessionUser): void {
  cacheUser(user);
  client.setQueryData(SESSION_KEY, { user });
}

// A refused sign-in or sign-up must not be tried again by itself (a second sign-up would meet its own account).
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => (await signInMethod(client)).signIn(input),
    retry: false,
    onSuccess: (user) => keepSignedIn(client, user),
  });
}

export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => (await signInMethod(client)).signUp(input),
    retry: false,
    onSuccess: (user) => {
      if (user) keepSignedIn(client, user);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => signOutOfShop(client),
    retry: false,
    onSuccess: () => {
      forgetShopper();
      client.setQueryData(SESSION_KEY, null);
    },
  });
}

export function useRequestPasswordReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await signInMethod(client)).requestPasswordReset(email),
    retry: false,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

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

function forgetUser(): void {
  try {
    localStorage.removeItem(CACHED_USER_KEY);
  } catch {
    // blocked storage: nothing cached
  }
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
    mutationFn: (input: SignUpInput) => apiRequest<{ user: SessionUser }>('POST', '/api/auth/sign-up/email', input),
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
      forgetUser();
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

import type { QueryClient } from '@tanstack/react-query';
import { messageOf } from '../../lib/api';
import type { SignInClientConfig } from '../../../shared/sign-in-config';
import { shopAccounts } from './shop-accounts';
import { SignInProblem, type FirebaseSignInMethod, type SessionUser, type SignInMethod } from './sign-in-types';

/** The sign-in options; the spec's /api/config/firebase, prefetched at start (main.tsx). */
export const SIGN_IN_CONFIG_KEY = ['/api/config/firebase'] as const;
export const SIGN_IN_CONFIG_STALE_MS = 60 * 60 * 1000;

/** Spec section 8: what the shopper reads when Firebase's code could not be loaded. */
export const SDK_NOT_LOADED = 'Firebase SDK not loaded';

/** The text to show for a failed sign-in step: the shopper's words of a SignInProblem, else the server's, else the fallback. */
export function signInMessage(error: unknown, fallback: string): string {
  return error instanceof SignInProblem ? error.message : messageOf(error, fallback);
}

type FirebaseClientConfig = Extract<SignInClientConfig, { provider: 'firebase' }>;

let firebaseMethod: Promise<FirebaseSignInMethod> | undefined;

/** Firebase's SDK, loaded once per page; a failed load is tried again next time. */
function loadFirebase(config: FirebaseClientConfig): Promise<FirebaseSignInMethod> {
  firebaseMethod ??= import('./firebase-sign-in').then(
    (module) => module.firebaseSignIn(config),
    () => {
      firebaseMethod = undefined;
      throw new SignInProblem(SDK_NOT_LOADED);
    },
  );
  return firebaseMethod;
}

function signInConfig(client: QueryClient): Promise<SignInClientConfig> {
  return client.fetchQuery<SignInClientConfig>({ queryKey: SIGN_IN_CONFIG_KEY, staleTime: SIGN_IN_CONFIG_STALE_MS });
}

/** The way this shop signs shoppers in, as its config says. */
export async function signInMethod(client: QueryClient): Promise<SignInMethod> {
  const config = await signInConfig(client);
  return config.provider === 'firebase' ? loadFirebase(config) : shopAccounts;
}

/** Starts loading what signing in needs (the sign-in dialog opened), so that the shopper's click does not wait for it. */
export function prepareSignInMethod(client: QueryClient): void {
  signInMethod(client).catch(() => undefined);
}

/**
 * Signing out ends the shop's session whatever happens: when Firebase's SDK cannot be loaded to
 * end its own as well, the shop's cookie is still what the shop trusts.
 */
export async function signOutOfShop(client: QueryClient): Promise<void> {
  const method = await signInMethod(client).catch((error: unknown) => {
    if (error instanceof SignInProblem) return shopAccounts;
    throw error;
  });
  await method.signOut();
}

/**
 * Firebase's Google sign-in, when the shop signs in with Firebase; undefined with the shop's own
 * accounts, whose popup google-sign-in.ts opens itself. Read from the cached config because it is
 * decided in the click (a popup opened later is blocked); the Google button shows only once the
 * config is there.
 */
export function firebaseGoogleSignIn(client: QueryClient): (() => Promise<SessionUser>) | undefined {
  const config = client.getQueryData<SignInClientConfig>(SIGN_IN_CONFIG_KEY);
  if (config?.provider !== 'firebase') return undefined;
  return async () => (await loadFirebase(config)).signInWithGoogle();
}

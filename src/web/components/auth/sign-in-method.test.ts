import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInClientConfig } from '../../../shared/sign-in-config';
import { shopAccounts } from './shop-accounts';
import { firebaseGoogleSignIn, SDK_NOT_LOADED, SIGN_IN_CONFIG_KEY, signInMessage, signInMethod, signOutOfShop } from './sign-in-method';
import { SignInProblem } from './sign-in-types';

// The lazily loaded Firebase code fails to arrive, as when its file cannot be fetched.
vi.mock('./firebase-sign-in', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const FIREBASE: SignInClientConfig = {
  provider: 'firebase',
  googleEnabled: true,
  firebase: { apiKey: 'web-api-key', authDomain: 'cape-flags.firebaseapp.com', projectId: 'cape-flags' },
};

function clientWith(config: SignInClientConfig): QueryClient {
  const client = new QueryClient();
  client.setQueryData(SIGN_IN_CONFIG_KEY, config);
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the way the browser signs in', () => {
  it("is the shop's own accounts when the config says so, with the shop's own Google popup", async () => {
    const client = clientWith({ provider: 'accounts', googleEnabled: true });
    expect(await signInMethod(client)).toBe(shopAccounts);
    expect(firebaseGoogleSignIn(client)).toBeUndefined();
  });

  it("says 'Firebase SDK not loaded' when Firebase's code cannot be loaded", async () => {
    const client = clientWith(FIREBASE);
    const failure = await signInMethod(client).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInProblem);
    expect(signInMessage(failure, 'Failed to log in. Please check your credentials.')).toBe(SDK_NOT_LOADED);
    await expect(firebaseGoogleSignIn(client)!()).rejects.toThrow(SDK_NOT_LOADED);
  });

  it("still signs out of the shop when Firebase's code cannot be loaded", async () => {
    const fetch = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await signOutOfShop(clientWith(FIREBASE));
    expect(fetch).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
  });
});

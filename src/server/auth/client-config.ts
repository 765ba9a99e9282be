import type { Config } from '../config';
import type { SignInClientConfig } from '../../shared/sign-in-config';

/** What the browser is told about signing in; nothing in it is secret. */
export function signInClientConfig(config: Config): SignInClientConfig {
  const { signIn, googleEnabled } = config;
  if (signIn.provider === 'accounts') return { provider: 'accounts', googleEnabled };
  const { projectId, apiKey, authDomain, appId } = signIn.web;
  return {
    provider: 'firebase',
    googleEnabled,
    firebase: { apiKey, authDomain, projectId, ...(appId ? { appId } : {}) },
    ...(signIn.emulatorHost ? { authEmulatorUrl: `http://${signIn.emulatorHost}` } : {}),
  };
}

import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins';
import type { Config } from '../config';

/** better-auth's name for the provider: `POST /api/auth/sign-in/social {provider: 'google'}`, `/api/auth/callback/google`. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Where every failed OAuth callback ends: the home page, told that signing in went wrong. */
export const AUTH_ERROR_PATH = '/?auth=error';

/**
 * The spec's /auth/callback page. Google sends the shopper back here (register this exact URI with
 * Google); the page hands code and state to /api/auth/callback/google, which must exchange the code
 * with the same redirect URI.
 */
function googleRedirectUri(publicUrl: string): string {
  return `${publicUrl}/auth/callback`;
}

/** Google as an OpenID Connect provider, found through GOOGLE_DISCOVERY_URL. */
function googleProvider(google: NonNullable<Config['google']>, publicUrl: string): GenericOAuthConfig {
  return {
    providerId: GOOGLE_PROVIDER_ID,
    name: 'Google',
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    discoveryUrl: google.discoveryUrl,
    // The identity comes from the ID token: without the issuer's keys from discovery, no sign-in at all
    // (rather than a token read unverified). A failed discovery is tried again at the next sign-in.
    requireIdTokenVerification: true,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Spec section 7: the account chooser is always shown, so a shared computer does not sign in
    // whoever last used Google on it.
    prompt: 'select_account',
    redirectURI: googleRedirectUri(publicUrl),
  };
}

/** The generic OAuth plugin, with Google in it only when its client id and secret are set. */
export function googleSignIn(config: Config) {
  return genericOAuth({ config: config.google ? [googleProvider(config.google, config.publicUrl)] : [] });
}

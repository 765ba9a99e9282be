import { apiRequest } from '../../lib/api';
import { currentReturnPath } from './return-path';
import type { SignInMethod } from './sign-in-types';
import type { SessionUser } from './sign-in-types';

/** The shop's own accounts (better-auth, the default): every step is a call to the shop, which sets the session cookie. */
export const shopAccounts: SignInMethod = {
  async signIn(input) {
    return (await apiRequest<{ user: SessionUser }>('POST', '/api/auth/sign-in/email', input)).user;
  },

  /**
   * Signs nobody in: the shop answers the same whether or not the address has an account, and the
   * emailed link (verification, or sign-in for an existing account) signs its owner in and brings
   * them back to this page (checkout, say).
   */
  async signUp(input) {
    await apiRequest('POST', '/api/auth/sign-up/email', { ...input, callbackURL: currentReturnPath() });
    return null;
  },

  async signOut() {
    await apiRequest('POST', '/api/auth/sign-out', {});
  },

  async requestPasswordReset(email) {
    await apiRequest('POST', '/api/auth/request-password-reset', { email, redirectTo: '/password-reset' });
  },

  /**
   * Spec sections 7 and 8: the same call as after sign-up, with the part of the email before @; the
   * new link brings the shopper back to this page.
   */
  async resendVerification(email) {
    await apiRequest('POST', '/api/auth/send-verification', { email, displayName: email.split('@')[0], callbackURL: currentReturnPath() });
  },

  // The shop marks the account verified itself when the link is opened: the session, asked again, tells.
  async recheckVerification() {
    return null;
  },

  async hasPassword(profileSays) {
    return profileSays;
  },

  async changePassword(input) {
    await apiRequest('POST', '/api/auth/change-password', { ...input, revokeOtherSessions: true });
  },

  async deleteAccount({ hasPassword, confirmation }) {
    await apiRequest('POST', '/api/profile/delete', hasPassword ? { password: confirmation } : { confirmEmail: confirmation });
  },
};

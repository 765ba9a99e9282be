import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getIdToken,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updatePassword,
  updateProfile,
  type ActionCodeSettings,
  type User,
} from 'firebase/auth';
import { apiRequest } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { withFreshSignInRetries } from '../../lib/fresh-sign-in';
import { userSyncSchema } from '../../../shared/schemas';
import { fittedName } from '../../../shared/profile';
import type { SignInClientConfig } from '../../../shared/sign-in-config';
import {
  accountChangeProblem,
  firebaseErrorCode,
  firebaseMessages,
  googleProblem,
  passwordResetProblem,
  resendProblem,
  signInProblem,
  signUpProblem,
} from './firebase-errors';
import { currentReturnPath } from './return-path';
import { shopAccounts } from './shop-accounts';
import { SignInProblem, type FirebaseSignInMethod } from './sign-in-types';
import type { SessionUser } from './sign-in-types';

type Wording = (code: string | undefined) => string;

/** A step of Firebase's SDK; its refusal becomes a SignInProblem in the shop's words. */
async function step<T>(call: () => Promise<T>, wording: Wording): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new SignInProblem(wording(firebaseErrorCode(error)));
  }
}

/** Where an emailed link (verification, password reset) brings the shopper back to: this page. */
function backToThisPage(): ActionCodeSettings {
  return { url: `${window.location.origin}${currentReturnPath()}` };
}

/** Spec section 8: Google's popup asks for the email and profile, and always lets the shopper choose the account. */
function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.addScope('email');
  provider.addScope('profile');
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/**
 * Signing in with the retailer's Firebase project (AUTH_PROVIDER=firebase). Firebase's SDK signs
 * up, signs in, verifies and resets; after each sign-in the shop is given a fresh ID token
 * (POST /api/user/sync), which becomes its session cookie. Loaded only when needed
 * (sign-in-method.ts), so the pages' first script carries none of it.
 */
export function firebaseSignIn(config: Extract<SignInClientConfig, { provider: 'firebase' }>): FirebaseSignInMethod {
  const app = initializeApp(config.firebase);
  // Google's popup needs Firebase's helper iframe and Google's script that loads it: without Google
  // sign-in neither is ever loaded (some browsers would load them at start).
  const popups = config.googleEnabled ? browserPopupRedirectResolver : undefined;
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence], popupRedirectResolver: popups });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  async function signedInUser(): Promise<User | null> {
    await auth.authStateReady();
    return auth.currentUser;
  }

  /**
   * Tells the shop who signed in, with a fresh ID token: the shop answers with its session cookie
   * and its user. A name from Google is made to fit the shop's rule; one typed at sign-up was checked.
   */
  async function syncWithShop(user: User, wording: Wording, { refresh = false, displayName = fittedName(user.displayName) ?? null } = {}): Promise<SessionUser> {
    const token = await step(() => withFreshSignInRetries(() => getIdToken(user, refresh)), wording);
    const answer = await callApi('syncUser', { body: { displayName, photoURL: user.photoURL }, headers: { authorization: `Bearer ${token}` } });
    return answer.user;
  }

  /** After a sign-in with Firebase, the shop's too; a Firebase sign-in the shop refused is ended, so the two never disagree. */
  async function signedIn(user: User, wording: Wording, displayName?: string): Promise<SessionUser> {
    try {
      return await syncWithShop(user, wording, displayName === undefined ? {} : { displayName });
    } catch (error) {
      // The refusal is what the shopper needs to read, not a failure to end what it refused.
      await signOut(auth).catch(() => undefined);
      throw error;
    }
  }

  const accountChange = (fallback: string): Wording => (code) => accountChangeProblem(code, fallback);

  return {
    async signIn({ email, password }) {
      const { user } = await step(() => signInWithEmailAndPassword(auth, email, password), signInProblem);
      return signedIn(user, signInProblem);
    },

    async signUp({ name, email, password }) {
      // Checked before the account exists, as the shop would refuse the name only after.
      const named = userSyncSchema.shape.displayName.safeParse(name);
      if (!named.success) throw new SignInProblem(named.error.issues[0]!.message);
      const { user } = await step(() => createUserWithEmailAndPassword(auth, email, password), signUpProblem);
      // The account exists from here on, so neither of these can fail the sign-up: the shop keeps
      // the name from the sync below, and a verification email that did not go out is sent again
      // from checkout's banner or the profile.
      await updateProfile(user, { displayName: name }).catch(() => undefined);
      await sendEmailVerification(user, backToThisPage()).catch(() => undefined);
      return signedIn(user, signUpProblem, name);
    },

    async signOut() {
      await signOut(auth);
      await shopAccounts.signOut();
    },

    async requestPasswordReset(email) {
      try {
        await sendPasswordResetEmail(auth, email, backToThisPage());
      } catch (error) {
        const problem = passwordResetProblem(firebaseErrorCode(error));
        if (problem) throw new SignInProblem(problem);
      }
    },

    async resendVerification() {
      const user = await signedInUser();
      if (!user) throw new SignInProblem(firebaseMessages.signInAgain);
      await step(() => sendEmailVerification(user, backToThisPage()), resendProblem);
    },

    async recheckVerification() {
      const user = await signedInUser();
      if (!user) return null;
      await reload(user);
      if (!user.emailVerified) return null;
      // The session says what the token said at sign-in: a fresh token, saying verified, renews it.
      return syncWithShop(user, signInProblem, { refresh: true });
    },

    async hasPassword() {
      const user = await signedInUser();
      return user?.providerData.some((info) => info.providerId === EmailAuthProvider.PROVIDER_ID) ?? false;
    },

    async changePassword({ currentPassword, newPassword }) {
      const user = await signedInUser();
      const email = user?.email;
      if (!user || !email) throw new SignInProblem(firebaseMessages.signInAgain);
      const wording = accountChange(firebaseMessages.changePasswordFailed);
      await step(() => reauthenticateWithCredential(user, EmailAuthProvider.credential(email, currentPassword)), wording);
      await step(() => updatePassword(user, newPassword), wording);
      // A new password ends every sign-in of the account from before it, this browser's shop
      // session too: signed in again with it, the fresh token renews the session.
      await step(() => reauthenticateWithCredential(user, EmailAuthProvider.credential(email, newPassword)), wording);
      await syncWithShop(user, wording, { refresh: true });
    },

    async deleteAccount({ email, hasPassword, confirmation }) {
      const user = await signedInUser();
      if (!user) throw new SignInProblem(firebaseMessages.signInAgain);
      const wording = accountChange(firebaseMessages.deleteFailed);
      // The shop deletes an account only on a sign-in from the last few minutes: proven again here.
      await step(
        () =>
          hasPassword
            ? reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? email, confirmation))
            : reauthenticateWithPopup(user, googleProvider(), popups),
        wording,
      );
      const token = await step(() => withFreshSignInRetries(() => getIdToken(user)), wording);
      await apiRequest('POST', '/api/profile/delete', { confirmEmail: hasPassword ? email : confirmation }, { authorization: `Bearer ${token}` });
      // The Firebase account went with the shop's: only this browser's copy of it is left, and the
      // deletion stands whether or not it could be cleared.
      await signOut(auth).catch(() => undefined);
    },

    async signInWithGoogle() {
      const { user } = await step(() => signInWithPopup(auth, googleProvider(), popups), googleProblem);
      return signedIn(user, googleProblem);
    },
  };
}

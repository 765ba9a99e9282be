import { authMessages } from './auth-form';
import { googleMessages } from './auth-form';
import { profileMessages } from '../../../shared/profile';
import { accountMessages } from '../../../shared/schemas';

/**
 * Firebase Authentication's error codes in the shop's words: the spec's catalogue (section 8) where
 * it gives a text, the same texts as the shop's own accounts otherwise.
 */
export const firebaseMessages = {
  tooManyAttempts: accountMessages.tooManyAttempts,
  // Firebase does not say when it lets the account try again: a few minutes, in practice.
  tooManySignIns: `${accountMessages.tooManyAttempts} You can try again in a few minutes, or choose a new password now with "Forgot your password?".`,
  emailTaken: accountMessages.emailTaken,
  weakPassword: accountMessages.passwordTooShort,
  invalidEmail: accountMessages.email,
  disabled: 'This account has been disabled. Please contact us for help.',
  resetTooMany: 'We have sent several reset emails to this address just now. Please wait a few minutes before asking for another.',
  resendTooMany: 'We have just sent you a verification email. Please wait a few minutes before asking for another.',
  resendFailed: 'Failed to send verification email. Please try again.',
  changePasswordFailed: 'Failed to change password. Please try again.',
  deleteFailed: 'Failed to delete your account. Please try again.',
  otherGoogleAccount: 'That is a different Google account. Please choose the account you are deleting.',
  signInAgain: 'For your safety, please sign out and sign in again, then try once more.',
} as const;

/** The `auth/…` code of an error Firebase's SDK threw; undefined for anything else. */
export function firebaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

/** Wrong email or password, told apart by none of the codes (projects with email enumeration protection send only the first). */
const WRONG_CREDENTIALS = ['auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-email', 'auth/missing-password'];

export function signInProblem(code: string | undefined): string {
  if (code && WRONG_CREDENTIALS.includes(code)) return authMessages.loginFailedHelp;
  switch (code) {
    case 'auth/too-many-requests':
      return firebaseMessages.tooManySignIns;
    case 'auth/user-disabled':
      return firebaseMessages.disabled;
    case 'auth/network-request-failed':
      return googleMessages.network;
    default:
      return authMessages.loginFailed;
  }
}

export function signUpProblem(code: string | undefined): string {
  switch (code) {
    case 'auth/email-already-in-use':
      return firebaseMessages.emailTaken;
    case 'auth/weak-password':
      return firebaseMessages.weakPassword;
    case 'auth/invalid-email':
      return firebaseMessages.invalidEmail;
    case 'auth/too-many-requests':
      return firebaseMessages.tooManyAttempts;
    case 'auth/network-request-failed':
      return googleMessages.network;
    default:
      return authMessages.signupFailed;
  }
}

/**
 * The refusal of a reset email, or null when the dialog shows its "sent" screen all the same: an
 * unknown address is not told apart from a known one, as with the shop's own accounts.
 */
export function passwordResetProblem(code: string | undefined): string | null {
  switch (code) {
    case 'auth/user-not-found':
      return null;
    case 'auth/invalid-email':
    case 'auth/missing-email':
      return firebaseMessages.invalidEmail;
    case 'auth/too-many-requests':
      return firebaseMessages.resetTooMany;
    case 'auth/network-request-failed':
      return googleMessages.network;
    default:
      return authMessages.resetFailed;
  }
}

/** A refused new verification email (from checkout's banner or the profile). */
export function resendProblem(code: string | undefined): string {
  switch (code) {
    case 'auth/too-many-requests':
      return firebaseMessages.resendTooMany;
    case 'auth/network-request-failed':
      return googleMessages.network;
    default:
      return firebaseMessages.resendFailed;
  }
}

export function googleProblem(code: string | undefined): string {
  switch (code) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return googleMessages.cancelled;
    case 'auth/popup-blocked':
      return googleMessages.popupBlocked;
    case 'auth/network-request-failed':
      return googleMessages.network;
    case 'auth/unauthorized-domain':
      return googleMessages.unauthorizedDomain;
    case 'auth/account-exists-with-different-credential':
      return googleMessages.accountExists;
    // Google is not switched on in the project's Firebase console.
    case 'auth/operation-not-allowed':
      return googleMessages.unavailable;
    default:
      return googleMessages.failed;
  }
}

const GOOGLE_POPUP_CODES = ['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/popup-blocked', 'auth/unauthorized-domain'];

/**
 * A refused change to the account (a new password, a deletion), which first proves the sign-in
 * again: with the password, or in Google's popup. `fallback` is the change's own failure text.
 */
export function accountChangeProblem(code: string | undefined, fallback: string): string {
  if (code && WRONG_CREDENTIALS.includes(code)) return profileMessages.incorrectPassword;
  if (code && GOOGLE_POPUP_CODES.includes(code)) return googleProblem(code);
  switch (code) {
    case 'auth/weak-password':
      return firebaseMessages.weakPassword;
    case 'auth/too-many-requests':
      return firebaseMessages.tooManyAttempts;
    case 'auth/network-request-failed':
      return googleMessages.network;
    case 'auth/user-mismatch':
      return firebaseMessages.otherGoogleAccount;
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
      return firebaseMessages.signInAgain;
    default:
      return fallback;
  }
}

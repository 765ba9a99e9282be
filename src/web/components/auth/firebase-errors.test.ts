import { describe, expect, it } from 'vitest';
import { authMessages } from './auth-form';
import { googleMessages } from './auth-form';
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

/** What Firebase's SDK throws: a FirebaseError with its `auth/…` code. */
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { name: 'FirebaseError', code });

describe("Firebase's error codes in the shop's words", () => {
  it("reads the code of Firebase's errors only", () => {
    expect(firebaseErrorCode(firebaseError('auth/wrong-password'))).toBe('auth/wrong-password');
    expect(firebaseErrorCode(new Error('offline'))).toBeUndefined();
    expect(firebaseErrorCode(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(firebaseErrorCode(null)).toBeUndefined();
    expect(firebaseErrorCode('auth/wrong-password')).toBeUndefined();
  });

  it("tells a refused sign-in with the spec's one text, whatever Firebase says was wrong, then what to check and where to reset", () => {
    for (const code of ['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-email']) {
      expect(signInProblem(code), String(code)).toBe(
        'Failed to log in. Please check your credentials. Check that this is the email address you signed up with and that Caps Lock is off, or choose a new password with "Forgot your password?" below.',
      );
    }
    for (const code of ['auth/internal-error', undefined]) expect(signInProblem(code), String(code)).toBe('Failed to log in. Please check your credentials.');
    expect(signInProblem('auth/too-many-requests')).toBe(
      'Too many failed attempts. Please try again later. You can try again in a few minutes, or choose a new password now with "Forgot your password?".',
    );
    expect(signInProblem('auth/user-disabled')).toBe(firebaseMessages.disabled);
    expect(signInProblem('auth/network-request-failed')).toBe(googleMessages.network);
  });

  it("tells a refused sign-up as the shop's own accounts do, else with the spec's text", () => {
    expect(signUpProblem('auth/email-already-in-use')).toBe('An account with this email already exists.');
    expect(signUpProblem('auth/weak-password')).toBe('Password should be at least 6 characters long.');
    expect(signUpProblem('auth/invalid-email')).toBe('Please enter a valid email address.');
    expect(signUpProblem('auth/too-many-requests')).toBe('Too many failed attempts. Please try again later.');
    expect(signUpProblem('auth/operation-not-allowed')).toBe('Failed to create account. Please try again.');
    expect(signUpProblem(undefined)).toBe(authMessages.signupFailed);
  });

  it('keeps the "sent" screen for an unknown address, so a reset never tells whether an account exists', () => {
    expect(passwordResetProblem('auth/user-not-found')).toBeNull();
    expect(passwordResetProblem('auth/invalid-email')).toBe('Please enter a valid email address.');
    expect(passwordResetProblem('auth/missing-email')).toBe('Please enter a valid email address.');
    expect(passwordResetProblem('auth/too-many-requests')).toBe(firebaseMessages.resetTooMany);
    expect(passwordResetProblem('auth/network-request-failed')).toBe(googleMessages.network);
    expect(passwordResetProblem('auth/unauthorized-continue-uri')).toBe('Failed to send password reset email. Please try again.');
  });

  it("tells what went wrong in Google's popup", () => {
    expect(googleProblem('auth/popup-closed-by-user')).toBe(googleMessages.cancelled);
    expect(googleProblem('auth/cancelled-popup-request')).toBe(googleMessages.cancelled);
    expect(googleProblem('auth/popup-blocked')).toBe(googleMessages.popupBlocked);
    expect(googleProblem('auth/network-request-failed')).toBe(googleMessages.network);
    expect(googleProblem('auth/unauthorized-domain')).toBe(googleMessages.unauthorizedDomain);
    expect(googleProblem('auth/account-exists-with-different-credential')).toBe(googleMessages.accountExists);
    expect(googleProblem('auth/operation-not-allowed')).toBe(googleMessages.unavailable);
    expect(googleProblem('auth/internal-error')).toBe('Google Sign-In failed. Please try email/password login or contact support.');
  });

  it('tells a refused new verification email', () => {
    expect(resendProblem('auth/too-many-requests')).toBe(firebaseMessages.resendTooMany);
    expect(resendProblem('auth/internal-error')).toBe('Failed to send verification email. Please try again.');
  });

  it('tells a refused password change or deletion: wrong password, the popup, or the change\'s own failure', () => {
    const fallback = firebaseMessages.deleteFailed;
    expect(accountChangeProblem('auth/invalid-credential', fallback)).toBe('Incorrect password.');
    expect(accountChangeProblem('auth/wrong-password', fallback)).toBe('Incorrect password.');
    expect(accountChangeProblem('auth/popup-closed-by-user', fallback)).toBe(googleMessages.cancelled);
    expect(accountChangeProblem('auth/popup-blocked', fallback)).toBe(googleMessages.popupBlocked);
    expect(accountChangeProblem('auth/user-mismatch', fallback)).toBe(firebaseMessages.otherGoogleAccount);
    expect(accountChangeProblem('auth/weak-password', firebaseMessages.changePasswordFailed)).toBe('Password should be at least 6 characters long.');
    expect(accountChangeProblem('auth/too-many-requests', fallback)).toBe('Too many failed attempts. Please try again later.');
    expect(accountChangeProblem('auth/requires-recent-login', fallback)).toBe(firebaseMessages.signInAgain);
    expect(accountChangeProblem('auth/internal-error', fallback)).toBe('Failed to delete your account. Please try again.');
    expect(accountChangeProblem(undefined, firebaseMessages.changePasswordFailed)).toBe('Failed to change password. Please try again.');
  });
});

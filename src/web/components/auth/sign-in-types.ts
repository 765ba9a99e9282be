/**
 * What the ways of signing in share (the shop's own accounts, Firebase, Google's popup) and what
 * the session hooks answer: the types, and the one error they word for the shopper. A leaf, so that
 * the hooks and the ways they call can each import it without importing one another.
 */

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

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput extends SignInInput {
  name: string;
}

/** A refusal already worded for the shopper (Firebase's codes, reworded in firebase-errors.ts). */
export class SignInProblem extends Error {
  override name = 'SignInProblem';
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface AccountDeletion {
  /** The account's email address. */
  email: string;
  /** Whether the shopper confirms with their password; otherwise they typed their email address. */
  hasPassword: boolean;
  /** The password, or the email address as typed. */
  confirmation: string;
}

/**
 * How the browser signs shoppers in, one of two ways: the shop's own accounts (shop-accounts.ts),
 * or the retailer's Firebase project (firebase-sign-in.ts, loaded only when needed). The session
 * itself is the shop's cookie in both, so who is signed in is always asked of the shop.
 */
export interface SignInMethod {
  signIn(input: SignInInput): Promise<SessionUser>;
  /** The new account signed in, or null when the emailed link signs the shopper in (the shop's own accounts). */
  signUp(input: SignUpInput): Promise<SessionUser | null>;
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resendVerification(email: string): Promise<void>;
  /**
   * After the shopper may have opened the verification link: the user as the shop now has them
   * when this step changed the session, else null (the session, asked again, tells).
   */
  recheckVerification(): Promise<SessionUser | null>;
  /** Whether the signed-in account has a password, given what the shop's profile says. */
  hasPassword(profileSays: boolean): Promise<boolean>;
  changePassword(input: PasswordChange): Promise<void>;
  deleteAccount(input: AccountDeletion): Promise<void>;
}

/** Firebase's way also signs in with Google in a popup its SDK opens itself. */
export interface FirebaseSignInMethod extends SignInMethod {
  signInWithGoogle(): Promise<SessionUser>;
}

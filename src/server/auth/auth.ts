import fs from 'node:fs';
import { shopPasswordHashing, withImportedPasswords, type PasswordHashing } from './firebase-passwords';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { noteDatabaseLoss } from '../db/connection-lost';
import { accounts, sessions, users, verifications } from '../db/schema';
import { enqueueEmail } from '../notify/outbox';
import { accountExistsMessage, resetPasswordMessage, verifyEmailMessage, welcomeMessage } from '../notify/templates';
import { AUTH_ERROR_PATH, googleSignIn } from './google';
import { shopPath } from '../../shared/return-path';
import { fittedName } from '../../shared/profile';
import { emailContextOf } from '../email-context';

export const AUTH_BASE_PATH = '/api/auth';
const MIN_PASSWORD_LENGTH = 6;
const SECRET_FILE = 'session-secret';

/**
 * SESSION_SECRET when set. Otherwise (embedded database only: config.ts refuses DATABASE_URL
 * without it) a secret generated once and kept in DATA_DIR, so that sessions and verification
 * links outlive a restart.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Readable by the shop's user only: whoever holds it can forge sessions.
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

export interface AuthOptions {
  config: Config;
  db: Database;
  secret: string;
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Told after a verification email was queued, so the outbox worker sends it now. */
  onEmailQueued?: () => void;
  passwordHashing?: PasswordHashing;
}

/**
 * The link in the verification email: the shop's own page, which calls GET /api/auth/verify-email
 * and then brings the shopper back to `returnTo` (a path on this shop; the home page when absent).
 */
function verificationLink(publicUrl: string, token: string, email: string, returnTo?: string | null): string {
  const query = new URLSearchParams({ token, email });
  const path = shopPath(returnTo);
  if (path && path !== '/') query.set('callbackURL', path);
  return `${publicUrl}/verify-email?${query.toString()}`;
}

/** The link in the password reset email: the shop's /password-reset page with better-auth's token. */
function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/password-reset?${new URLSearchParams({ token }).toString()}`;
}

export function createAuth({ config, db, secret, logger, onEmailQueued, passwordHashing }: AuthOptions) {
  const emailContext = emailContextOf(config);
  return betterAuth({
    appName: config.shop.name,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Passwords imported from Firebase are checked with its scheme once, then stored in the shop's.
      password: withImportedPasswords(passwordHashing ?? shopPasswordHashing, db),
      // The spec lets an unverified user sign in; only paying needs a verified address.
      requireEmailVerification: false,
      // Sign-up answers the same whether or not the address has an account (decision 0010), so it
      // never signs in by itself: the emailed link does (autoSignInAfterVerification), or the password.
      // better-auth then also hashes the password of a refused sign-up, for comparable work.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await enqueueEmail(db, accountExistsMessage(emailContext, user));
        onEmailQueued?.();
      },
      // Spec section 9: a reset link expires after one hour.
      resetPasswordTokenExpiresIn: 60 * 60,
      // A new password ends every other session: whoever knew the old one is signed out.
      revokeSessionsOnPasswordReset: true,
      // Through the outbox like the verification email; the link opens the shop's own page.
      sendResetPassword: async ({ user, token }) => {
        await enqueueEmail(db, resetPasswordMessage(emailContext, user, passwordResetLink(config.publicUrl, token)));
        onEmailQueued?.();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Only where the shop's own page opens the link: see verify-email in routes.ts.
      autoSignInAfterVerification: true,
      // Into the outbox rather than straight to SMTP: a mail server that is down must not fail the
      // sign-up, and the worker retries. better-auth's own link points at its API; ours at the page,
      // carrying on the callbackURL that sign-up or the resend was given (where the shopper started).
      sendVerificationEmail: async ({ user, url, token }) => {
        const returnTo = new URL(url).searchParams.get('callbackURL');
        await enqueueEmail(db, verifyEmailMessage(emailContext, user, verificationLink(config.publicUrl, token, user.email, returnTo)));
        onEmailQueued?.();
      },
    },
    databaseHooks: {
      user: {
        create: {
          // A typed name is checked at sign-up (routes.ts); Google's is made to fit the same rule.
          before: async (user) => ({ data: { ...user, name: fittedName(user.name) ?? '' } }),
          // better-auth runs this once the new account is committed, for email and Google sign-ups alike.
          after: async (user) => {
            await enqueueEmail(db, welcomeMessage(emailContext, user));
            onEmailQueued?.();
          },
        },
      },
    },
    account: {
      accountLinking: {
        enabled: true,
        // A Google sign-in joins an existing account with the same email only when Google says the
        // address is verified and the shop's account has verified it too (decision 0013).
        trustedProviders: [],
        requireLocalEmailVerified: true,
      },
    },
    onAPIError: {
      // A failed Google callback lands on the shop's home page rather than better-auth's error page.
      errorURL: AUTH_ERROR_PATH,
      // An error that is not better-auth's own, which it would answer with a bare 500: see the logger below.
      onError: (error) => {
        if (noteDatabaseLoss(error)) return;
        if (!isAPIError(error) || error.status === 'INTERNAL_SERVER_ERROR') logger.error({ err: error }, 'auth: request failed');
      },
    },
    advanced: {
      // Secure cookies only where the shop is served over https (plain http in development and tests).
      useSecureCookies: config.servedOverHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    // Also accept `Authorization: Bearer <session token>` (the spec's admin calls send a bearer token);
    // the token is the one in the session cookie, which sign-in also returns in `set-auth-token`.
    // Google sign-in (OpenID Connect with PKCE), offered only when configured: see google.ts.
    plugins: [bearer(), googleSignIn(config)],
    // The shop's own limits (src/server/rate-limit) count in the database, shared by every process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        // better-auth logs the error it then answers with its own 500: a lost database is noted, for a 503 in words (routes.ts).
        if (level === 'error') args.some(noteDatabaseLoss);
        const details = args.length > 0 ? { details: args } : {};
        if (level === 'error') logger.error(details, `auth: ${message}`);
        else if (level === 'warn') logger.warn(details, `auth: ${message}`);
        else if (level === 'info') logger.info(details, `auth: ${message}`);
        else logger.debug(details, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

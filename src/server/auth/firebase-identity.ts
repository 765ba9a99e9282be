import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applicationDefault, cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth as FirebaseAuth, type DecodedIdToken } from 'firebase-admin/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { ConflictError, DomainError, InvalidInputError, UnauthorizedError } from '../errors';
import { enqueueEmail } from '../notify/outbox';
import { welcomeMessage, type EmailContext } from '../notify/templates';
import type { UserSyncInput } from '../../shared/schemas';
import { fittedName } from '../../shared/profile';
import type { FirebaseSettings } from './firebase-settings';
import type { IdentityProvider, SessionUser } from './session';

/** A shopper stays signed in for five days on one browser, as Firebase's own guide suggests for session cookies. */
const FIREBASE_SESSION_DAYS = 5;
const SESSION_MS = FIREBASE_SESSION_DAYS * 24 * 60 * 60 * 1000;
/**
 * How long a session cookie is trusted on its signature alone. Asking Firebase whether the
 * account was disabled, deleted or signed out everywhere costs a round trip, so it is asked once
 * in this time per account: such an account loses the shop within five minutes. A sign-out made
 * through this process counts here at once (see signOut).
 */
const REVOCATION_CHECK_MS = 5 * 60 * 1000;
/** Past this many accounts, notes older than they can matter are dropped, so the maps stay small in a long-running shop. */
const NOTES_BEFORE_PRUNING = 10_000;
/** Deleting an account asks for a sign-in this recent, as Firebase itself does for sensitive changes. */
const RECENT_SIGN_IN_S = 5 * 60;

export const firebaseMessages = {
  tokenRefused: 'Your sign-in could not be checked. Please sign in again.',
  noEmail: 'This shop needs an email address on your account. Please sign in with email and password or with Google.',
  emailTaken:
    'An account with this email address already exists in this shop. Verify your email address with the link we sent, then sign in again to use it.',
  unavailable: 'Signing in is not available right now. Please try again in a minute.',
  signInAgain: 'For your safety, please sign out and sign in again before deleting your account.',
  signOutUnavailable: 'Signing out could not reach the sign-in service just now. Please try again in a minute.',
} as const;

/** The session cookie's name: `__Secure-` on https, so that only a secure page can set it. */
function firebaseSessionCookieName(servedOverHttps: boolean): string {
  return servedOverHttps ? '__Secure-firebase-session' : 'firebase-session';
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

/** The bearer token of a request, when it is a JWT (three dot-separated parts) and so may be Firebase's. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/.exec(header) : null;
  return match?.[1];
}

/** firebase-admin's refusal of a token or cookie (bad, expired, revoked, another project's, or not even JSON). */
function isTokenRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return err instanceof SyntaxError || err instanceof TypeError;
  return code !== 'auth/internal-error' && !code.startsWith('app/');
}

function unavailable(): DomainError {
  return new DomainError(firebaseMessages.unavailable, 503, 'sign_in_unavailable');
}

type UserRow = typeof users.$inferSelect;

function sessionUserOf(row: UserRow, token: DecodedIdToken): SessionUser {
  return { id: row.id, email: row.email, emailVerified: token.email_verified === true, name: row.name };
}

/** The user as the browser keeps it (get-session and sync), with the picture. */
function browserUserOf(row: UserRow, token: DecodedIdToken) {
  return { ...sessionUserOf(row, token), image: row.image };
}

export interface FirebaseAccountsOptions {
  db: Database;
  settings: FirebaseSettings;
  /** config.servedOverHttps: the session cookie is Secure. */
  servedOverHttps: boolean;
  email: EmailContext;
  onEmailQueued?: () => void;
  /** Milliseconds since 1970; tests move it on to make a sign-in old. */
  now?: () => number;
}

/**
 * Shoppers sign in with the retailer's Firebase project. The browser proves who it is with a
 * Firebase ID token: on `/api/user/sync`, which keeps the shop's own row for the account (keyed by
 * its Firebase uid) and hands back an httpOnly session cookie made by Firebase, and as a bearer on
 * any call. Both are checked with firebase-admin; the rest of the shop sees the same user as with
 * its own accounts.
 */
export function createFirebaseAccounts({ db, settings, servedOverHttps, email, onEmailQueued, now = Date.now }: FirebaseAccountsOptions) {
  // firebase-admin reads the emulator's address from the environment itself, on every call: it
  // must say what the settings say, or a shop meant for a real project would take unsigned tokens.
  if (settings.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  // The emulator needs no credential; a real project takes the service account's key, or Google's usual lookup.
  const credential = settings.serviceAccount ? cert(settings.serviceAccount) : settings.emulatorHost ? undefined : applicationDefault();
  const app: App = initializeApp({ projectId: settings.web.projectId, ...(credential ? { credential } : {}) }, `flag-shop-${randomUUID()}`);
  const firebase: FirebaseAuth = getAuth(app);
  const cookieName = firebaseSessionCookieName(servedOverHttps);
  const secure = servedOverHttps;
  const revocationCheckedAt = new Map<string, number>();
  /** Per account signed out through this process: Firebase's cut-off in seconds, before which its sign-ins are refused. */
  const signedOutBefore = new Map<string, number>();
  /** Digests of the cookies signed out here, with when they would have expired: one made in the second of its sign-out too. */
  const signedOutCookies = new Map<string, number>();

  /** Noted per account; entries past the window are dropped now and then, so the map stays small in a long-running shop. */
  function revocationChecked(uid: string): void {
    const at = now();
    if (revocationCheckedAt.size >= NOTES_BEFORE_PRUNING) {
      for (const [known, checkedAt] of revocationCheckedAt) if (at - checkedAt >= REVOCATION_CHECK_MS) revocationCheckedAt.delete(known);
    }
    revocationCheckedAt.set(uid, at);
  }

  const digest = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');

  /**
   * Firebase's revocation (revokeRefreshTokens) ends every sign-in of the account from before
   * this second; this process also stops trusting them at once, instead of after the check window.
   */
  function noteSignOut(uid: string, cookie: string | undefined): void {
    const at = now();
    if (signedOutBefore.size >= NOTES_BEFORE_PRUNING) {
      for (const [known, cutOff] of signedOutBefore) if (at - cutOff * 1000 >= SESSION_MS) signedOutBefore.delete(known);
      for (const [known, expiresAt] of signedOutCookies) if (expiresAt <= at) signedOutCookies.delete(known);
    }
    signedOutBefore.set(uid, Math.floor(at / 1000));
    if (cookie) signedOutCookies.set(digest(cookie), at + SESSION_MS);
    revocationCheckedAt.delete(uid);
  }

  /** A sign-in ended by a sign-out through this process. */
  function signedOutHere(token: DecodedIdToken, cookie?: string): boolean {
    if (cookie && signedOutCookies.has(digest(cookie))) return true;
    const cutOff = signedOutBefore.get(token.uid);
    return cutOff !== undefined && token.auth_time < cutOff;
  }

  function setSessionCookie(reply: FastifyReply, value: string, maxAgeSeconds: number): void {
    reply.header('set-cookie', `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`);
  }

  async function rowOf(uid: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.firebaseUid, uid));
    return row;
  }

  /** A token or cookie checked by firebase-admin; null when refused, 503 when Firebase cannot be reached. */
  async function checked(verify: () => Promise<DecodedIdToken>): Promise<DecodedIdToken | null> {
    try {
      return await verify();
    } catch (err) {
      if (isTokenRefusal(err)) return null;
      throw unavailable();
    }
  }

  async function verifiedCookie(cookie: string): Promise<DecodedIdToken | null> {
    const token = await checked(() => firebase.verifySessionCookie(cookie));
    if (!token || signedOutHere(token, cookie)) return null;
    const last = revocationCheckedAt.get(token.uid) ?? 0;
    if (now() - last < REVOCATION_CHECK_MS) return token;
    const again = await checked(() => firebase.verifySessionCookie(cookie, true));
    if (again) revocationChecked(token.uid);
    return again;
  }

  /** The decoded bearer ID token or session cookie of a request; null when it has neither or they are refused. */
  async function tokenOf(request: FastifyRequest): Promise<DecodedIdToken | null> {
    const bearer = bearerToken(request);
    if (bearer) {
      const token = await checked(() => firebase.verifyIdToken(bearer));
      return token && !signedOutHere(token) ? token : null;
    }
    const cookie = cookieValue(request, cookieName);
    return cookie ? verifiedCookie(cookie) : null;
  }

  /** The request's checked token and the shop's row of its account; null when either is missing. */
  async function signedIn(request: FastifyRequest): Promise<{ token: DecodedIdToken; row: UserRow } | null> {
    const token = await tokenOf(request);
    const row = token ? await rowOf(token.uid) : undefined;
    return token && row ? { token, row } : null;
  }

  /**
   * The shop's row for a Firebase account: found by uid, else an account of the same email
   * (imported, or made before the shop moved to Firebase) joined when Firebase says the address is
   * verified, else a new one with a welcome email.
   */
  async function keepUser(token: DecodedIdToken, input: UserSyncInput): Promise<UserRow> {
    const address = token.email?.toLowerCase();
    if (!address) throw new InvalidInputError(firebaseMessages.noEmail);
    const verified = token.email_verified === true;
    const profile: Partial<UserRow> = {};
    if (input.displayName) profile.name = input.displayName;
    if (input.photoURL !== undefined) profile.image = input.photoURL;

    const known = await rowOf(token.uid);
    if (known) {
      const [row] = await db
        .update(users)
        .set({ ...profile, emailVerified: verified, updatedAt: sql`now()` })
        .where(eq(users.id, known.id))
        .returning();
      return row!;
    }
    if (verified) {
      const [joined] = await db
        .update(users)
        .set({ ...profile, firebaseUid: token.uid, emailVerified: true, updatedAt: sql`now()` })
        .where(and(eq(users.email, address), isNull(users.firebaseUid)))
        .returning();
      if (joined) return joined;
    }
    const [created] = await db
      .insert(users)
      .values({ id: randomUUID(), firebaseUid: token.uid, email: address, emailVerified: verified, name: profile.name ?? fittedName(token.name) ?? '', image: profile.image ?? token.picture ?? null })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Two first syncs of one account at once: the other made the row.
      const raced = await rowOf(token.uid);
      if (raced) return raced;
      throw new ConflictError(firebaseMessages.emailTaken);
    }
    await enqueueEmail(db, welcomeMessage(email, created));
    onEmailQueued?.();
    return created;
  }

  /**
   * Before the shop deletes an account (POPIA), its Firebase account goes, so nobody signs in to it
   * again. The request must carry a recent sign-in (a bearer ID token from the last few minutes),
   * as Firebase itself asks before such a change.
   */
  async function deleteFirebaseUser(request: FastifyRequest, userId: string): Promise<void> {
    const [row] = await db.select({ uid: users.firebaseUid }).from(users).where(eq(users.id, userId));
    if (!row?.uid) return;
    const token = await tokenOf(request);
    if (!token || token.uid !== row.uid || now() / 1000 - token.auth_time > RECENT_SIGN_IN_S) {
      throw new UnauthorizedError(firebaseMessages.signInAgain);
    }
    try {
      await firebase.deleteUser(row.uid);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'auth/user-not-found') throw unavailable();
    }
    revocationCheckedAt.delete(row.uid);
  }

  const identity: IdentityProvider = {
    async userOf(request) {
      const found = await signedIn(request);
      return found && sessionUserOf(found.row, found.token);
    },
    beforeDeletion: deleteFirebaseUser,
    /**
     * Firebase's own sign-out happens in the browser; here the account's refresh tokens are
     * revoked, which ends its session cookies everywhere (Firebase revokes per account, not per
     * device): at once in this process, in the others at their next check with Firebase.
     */
    async signOut(request, reply) {
      const token = await tokenOf(request);
      if (token) {
        try {
          await firebase.revokeRefreshTokens(token.uid);
        } catch (err) {
          if ((err as { code?: unknown }).code !== 'auth/user-not-found') throw new DomainError(firebaseMessages.signOutUnavailable, 503, 'sign_in_unavailable');
        }
        noteSignOut(token.uid, cookieValue(request, cookieName));
      }
      setSessionCookie(reply, '', 0);
    },
  };

  return {
    identity,

    /**
     * POST /api/user/sync: the browser's fresh ID token (bearer) keeps the shop's row for the
     * account and becomes this browser's session cookie. Checked for revocation, so a deleted or
     * disabled account cannot come back with a token it still holds.
     */
    async sync(request: FastifyRequest, reply: FastifyReply, input: UserSyncInput) {
      const idToken = bearerToken(request);
      if (!idToken) throw new UnauthorizedError('Not authenticated');
      const token = await checked(() => firebase.verifyIdToken(idToken, true));
      if (!token) throw new UnauthorizedError(firebaseMessages.tokenRefused);
      const row = await keepUser(token, input);
      let cookie: string;
      try {
        cookie = await firebase.createSessionCookie(idToken, { expiresIn: SESSION_MS });
      } catch (err) {
        if (isTokenRefusal(err)) throw new UnauthorizedError(firebaseMessages.tokenRefused);
        throw unavailable();
      }
      revocationChecked(token.uid);
      setSessionCookie(reply, cookie, SESSION_MS / 1000);
      return { user: browserUserOf(row, token) };
    },

    /** The signed-in user and session, as better-auth's get-session answers it; null when signed out. */
    async session(request: FastifyRequest) {
      const found = await signedIn(request);
      if (!found) return null;
      return { user: browserUserOf(found.row, found.token), session: { expiresAt: new Date(found.token.exp * 1000).toISOString() } };
    },

    close: () => deleteApp(app),
  };
}

export type FirebaseAccounts = ReturnType<typeof createFirebaseAccounts>;

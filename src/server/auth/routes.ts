import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { accountMessages, sendVerificationSchema, signUpNameSchema, userSyncSchema, verifyEmailQuerySchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { returnPathMessage, shopPath } from '../../shared/return-path';
import { assertStorableText } from '../http/text-guard';
import { InvalidInputError, NotFoundError, UnsupportedMediaTypeError } from '../errors';
import { rawBodyScope } from '../http/raw-body';
import { databaseLossAs503 } from '../db/connection-lost';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { shopAuthMessage } from './errors';
import { requireSessionUser, type IdentityProvider } from './session';
import type { AccountService } from './service';
import type { RateLimiter } from '../rate-limit/service';
import { checksFor, consumeAttempt } from './limits';

/**
 * better-auth's calls that the shop's pages use; every other endpoint of the library (update-user,
 * change-email, list-sessions, delete-user, …) answers 404, so nothing bypasses the shop's own rules.
 */
const openAuthCalls = new Set([
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-in/social',
  'POST /sign-out',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /change-password',
  'POST /send-verification-email',
  'GET /get-session',
  'GET /callback/google',
]);

/** better-auth's calls that send email or create accounts, and what limits them. */
const limitedAuthCalls: Record<string, 'signUp' | 'accountEmails'> = {
  '/sign-up/email': 'signUp',
  '/request-password-reset': 'accountEmails',
  '/send-verification-email': 'accountEmails',
};
const SIGN_IN_PATH = '/sign-in/email';
const SIGN_UP_PATH = '/sign-up/email';
/** Every sign-up's answer, whether the address is new or has an account: who has one is told by email. */
const signUpAnswer = { success: true, message: accountMessages.signUpCheckEmail };
/** better-auth's fields naming where the browser goes next (a verification link's return, a redirect after Google). */
const returnAddressFields = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;
const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * The body of a write to better-auth, parsed once here: the rate limits key on the email in it,
 * and better-auth is handed this same object again as JSON. A body in any other form (a web form,
 * JSON behind a byte-order mark) would be read one way by the limits and another by the library.
 */
function authBody(request: FastifyRequest): Record<string, unknown> | undefined {
  const raw = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  if (raw.length === 0) return undefined;
  const mediaType = request.headers['content-type']?.split(';', 1)[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new UnsupportedMediaTypeError();
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidInputError('The request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new InvalidInputError('The request body must be a JSON object');
  assertStorableText(body);
  const fields = body as Record<string, unknown>;
  // Paths on this shop only: a link the shop sends or a redirect it makes never leads to another site.
  for (const field of returnAddressFields) {
    if (field in fields && shopPath(fields[field]) === null) throw new InvalidInputError(returnPathMessage(field));
  }
  return fields;
}

/**
 * true unless the browser says a page of another site sent it here. A verification link then signs
 * the browser in: another site must not make a shopper's browser open a link of the other site's
 * own account and so sign the shopper in to it (to learn the address they then type at checkout).
 */
function openedByShopPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

export interface AuthRouteDeps {
  auth: Auth;
  identity: IdentityProvider;
  accounts: AccountService;
  limiter: RateLimiter;
  publicUrl: string;
}

export function authRoutes(app: FastifyInstance, { auth, identity, accounts, limiter, publicUrl }: AuthRouteDeps): void {
  // Static paths: Fastify's router prefers them to the catch-all below, whatever the order.
  app.post(`${AUTH_BASE_PATH}/send-verification`, async (request) => {
    const { email, callbackURL } = parseInput(sendVerificationSchema, request.body);
    await consumeAttempt(limiter, 'accountEmails', checksFor('accountEmails', request, email));
    await accounts.sendVerification(email, callbackURL);
    return { success: true, message: accountMessages.verificationSent };
  });

  serve(app, 'verifyEmail', async (request, reply) => {
    const { token, email } = parseInput(verifyEmailQuerySchema, request.query);
    const verified = await accounts.verifyEmail(token, email, fromNodeHeaders(request.headers));
    if (!verified) return reply.code(400).send({ success: false, message: accountMessages.verificationFailed });
    if (verified.cookies.length > 0 && openedByShopPage(request)) reply.header('set-cookie', verified.cookies);
    return { success: true, message: accountMessages.emailVerified };
  });

  serve(app, 'syncUser', async (request) => {
    const user = await requireSessionUser(identity, request);
    return accounts.syncUser(user.id, parseInput(userSyncSchema, request.body));
  });

  // The rest of /api/auth is better-auth's (sign-up, sign-in, get-session, sign-out, …), which reads
  // the body itself from a web Request: it gets the body that the limits read.
  void rawBodyScope(app, (scope) => {
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      handler: async (request, reply) => {
        const path = request.url.split('?', 1)[0]!.slice(AUTH_BASE_PATH.length).replace(/\/+$/, '');
        if (!openAuthCalls.has(`${request.method} ${path}`)) throw new NotFoundError();
        if (request.method !== 'POST') return forwardToAuth(auth, publicUrl, request, reply);
        let body = authBody(request);
        // The profile's rule for names, which the emails greet the shopper by.
        if (path === SIGN_UP_PATH) body = { ...body, name: parseInput(signUpNameSchema, body).name };
        const email = typeof body?.email === 'string' ? body.email : undefined;
        const limited = limitedAuthCalls[path];
        if (limited) await consumeAttempt(limiter, limited, checksFor(limited, request, email));
        if (path === SIGN_UP_PATH) return forwardToAuth(auth, publicUrl, request, reply, body, undefined, signUpAnswer);
        if (path === SIGN_IN_PATH) {
          // Counted before the password is checked, and given back unless it was wrong: parallel
          // guesses meet the limit as surely as one after another.
          const checks = checksFor('signInFailures', request, email);
          await consumeAttempt(limiter, 'signInFailures', checks);
          return forwardToAuth(auth, publicUrl, request, reply, body, async (response) => {
            if (response.status === 401) return;
            await limiter.giveBack(checks);
            // Only failed sign-ins count, so a shopper who signs in often is never locked out.
            if (response.ok && email) await limiter.reset(checks[1]!);
          });
        }
        if (path === CHANGE_PASSWORD_PATH) {
          // A wrong current password counts like a failed sign-in of the account's email.
          const checks = checksFor('signInFailures', request, (await identity.userOf(request))?.email);
          await consumeAttempt(limiter, 'signInFailures', checks);
          return forwardToAuth(auth, publicUrl, request, reply, body, async (response) => {
            const { code } = (await response.json().catch(() => ({}))) as { code?: string };
            if (code !== 'INVALID_PASSWORD') await limiter.giveBack(checks);
          });
        }
        return forwardToAuth(auth, publicUrl, request, reply, body);
      },
    });
  });
}

/**
 * Hands a request to better-auth and its answer back; `beforeAnswer` sees (a copy of) the answer
 * before the client does, and `answerOnSuccess` replaces the body of a successful one.
 */
async function forwardToAuth(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  body?: Record<string, unknown>,
  beforeAnswer?: (response: Response) => Promise<void>,
  answerOnSuccess?: object,
): Promise<FastifyReply> {
  const headers = fromNodeHeaders(request.headers);
  headers.delete('content-length');
  if (body) headers.set('content-type', 'application/json');
  const response = await databaseLossAs503(() =>
    auth.handler(
      new Request(new URL(request.url, publicUrl), {
        method: request.method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
      }),
    ),
  );

  await beforeAnswer?.(response.clone());
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  // Several cookies are several headers; Headers.forEach would join them with commas.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.ok && answerOnSuccess) return reply.header('content-type', 'application/json').send(JSON.stringify(answerOnSuccess));
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return reply.send(text);
  // Refusals answer {message, code} like the rest of the API, in the spec's words where it has them.
  let error: { message?: string; code?: string } = {};
  try {
    error = JSON.parse(text) as typeof error;
  } catch {
    // not JSON after all: the generic message below
  }
  return reply.send({ ...error, message: shopAuthMessage(error.code, error.message) });
}

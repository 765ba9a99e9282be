import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { accountMessages, sendVerificationSchema, userSyncSchema, verifyEmailQuerySchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import { rawBodyScope } from '../http/raw-body';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { shopAuthMessage } from './errors';
import { requireSessionUser, sessionUser } from './session';
import type { AccountService } from './service';
import { emailSubject, ipSubject, rateRules, type RateCheck, type RateLimiter } from '../rate-limit/service';

/** Attempts of one kind by one email address and by one IP address. */
function checksFor(kind: 'signUp' | 'accountEmails' | 'signInFailures', request: FastifyRequest, email: string | undefined): RateCheck[] {
  const perIp = `${kind}PerIp` as const;
  const checks: RateCheck[] = [[rateRules[perIp], ipSubject(request.ip)]];
  if (email) checks.push([rateRules[kind], emailSubject(email)]);
  return checks;
}

/** The email of a JSON body as better-auth will read it, if there is one. */
function emailInBody(body: unknown): string | undefined {
  if (!(body instanceof Buffer) || body.length === 0) return undefined;
  try {
    const email = (JSON.parse(body.toString('utf8')) as { email?: unknown }).email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

/** better-auth's calls that send email or create accounts, and what limits them. */
const limitedAuthCalls: Record<string, 'signUp' | 'accountEmails'> = {
  [`${AUTH_BASE_PATH}/sign-up/email`]: 'signUp',
  [`${AUTH_BASE_PATH}/request-password-reset`]: 'accountEmails',
  [`${AUTH_BASE_PATH}/send-verification-email`]: 'accountEmails',
};
const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;
const CHANGE_PASSWORD_PATH = `${AUTH_BASE_PATH}/change-password`;

export function authRoutes(app: FastifyInstance, auth: Auth, accounts: AccountService, limiter: RateLimiter, publicUrl: string): void {
  // Static paths: Fastify's router prefers them to the catch-all below, whatever the order.
  app.post(`${AUTH_BASE_PATH}/send-verification`, async (request) => {
    const { email } = parseInput(sendVerificationSchema, request.body);
    await limiter.consume(checksFor('accountEmails', request, email));
    await accounts.sendVerification(email);
    return { success: true, message: accountMessages.verificationSent };
  });

  app.get(`${AUTH_BASE_PATH}/verify-email`, async (request, reply) => {
    const { token, email } = parseInput(verifyEmailQuerySchema, request.query);
    if (await accounts.verifyEmail(token, email)) return { success: true, message: accountMessages.emailVerified };
    return reply.code(400).send({ success: false, message: accountMessages.verificationFailed });
  });

  app.post('/api/user/sync', async (request) => {
    const user = await requireSessionUser(auth, request);
    return accounts.syncUser(user.id, parseInput(userSyncSchema, request.body));
  });

  // Everything else under /api/auth is better-auth's (sign-up, sign-in, get-session, sign-out, …),
  // which reads the body itself from a web Request: it gets the bytes as they came.
  void rawBodyScope(app, (scope) => {
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      handler: async (request, reply) => {
        if (request.method !== 'POST') return forwardToAuth(auth, publicUrl, request, reply);
        const path = request.url.split('?', 1)[0]!.replace(/\/+$/, '');
        const email = emailInBody(request.body);
        const limited = limitedAuthCalls[path];
        if (limited) await limiter.consume(checksFor(limited, request, email));
        if (path === SIGN_IN_PATH) {
          // Only failed sign-ins count, so a shopper who signs in often is never locked out.
          const checks = checksFor('signInFailures', request, email);
          await limiter.assertAllowed(checks);
          return forwardToAuth(auth, publicUrl, request, reply, async (response) => {
            if (response.status === 401) await limiter.recordFailure(checks);
            else if (response.ok && email) await limiter.reset(checks[1]!);
          });
        }
        if (path === CHANGE_PASSWORD_PATH) {
          // A wrong current password counts like a failed sign-in of the account's email.
          const checks = checksFor('signInFailures', request, (await sessionUser(auth, request))?.email);
          await limiter.assertAllowed(checks);
          return forwardToAuth(auth, publicUrl, request, reply, async (response) => {
            const { code } = (await response.json().catch(() => ({}))) as { code?: string };
            if (code === 'INVALID_PASSWORD') await limiter.recordFailure(checks);
          });
        }
        return forwardToAuth(auth, publicUrl, request, reply);
      },
    });
  });
}

/** Hands a request to better-auth and its answer back; `beforeAnswer` sees (a copy of) the answer before the client does. */
async function forwardToAuth(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  beforeAnswer?: (response: Response) => Promise<void>,
): Promise<FastifyReply> {
  const body = request.body instanceof Buffer && request.body.length > 0 ? new Uint8Array(request.body) : undefined;
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      body: request.method === 'GET' ? undefined : body,
    }),
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

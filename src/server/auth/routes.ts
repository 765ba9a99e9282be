import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { accountMessages, sendVerificationSchema, verifyEmailQuerySchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { shopAuthMessage } from './errors';
import type { AccountService } from './service';

export function authRoutes(app: FastifyInstance, auth: Auth, accounts: AccountService, publicUrl: string): void {
  // Static paths: Fastify's router prefers them to the catch-all below, whatever the order.
  app.post(`${AUTH_BASE_PATH}/send-verification`, async (request) => {
    const { email } = parseInput(sendVerificationSchema, request.body);
    await accounts.sendVerification(email);
    return { success: true, message: accountMessages.verificationSent };
  });

  app.get(`${AUTH_BASE_PATH}/verify-email`, async (request, reply) => {
    const { token, email } = parseInput(verifyEmailQuerySchema, request.query);
    if (await accounts.verifyEmail(token, email)) return { success: true, message: accountMessages.emailVerified };
    return reply.code(400).send({ success: false, message: accountMessages.verificationFailed });
  });

  // Everything else under /api/auth is better-auth's (sign-up, sign-in, get-session, sign-out, …).
  // Its own scope, so that the raw-body parser below applies to these routes only.
  void app.register(async (scope) => {
    // better-auth reads the body itself from a web Request: hand it the bytes as they came.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      handler: (request, reply) => forwardToAuth(auth, publicUrl, request, reply),
    });
  });
}

async function forwardToAuth(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const body = request.body instanceof Buffer && request.body.length > 0 ? new Uint8Array(request.body) : undefined;
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      body: request.method === 'GET' ? undefined : body,
    }),
  );

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

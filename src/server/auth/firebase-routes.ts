import type { FastifyInstance } from 'fastify';
import { userSyncSchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import { UnauthorizedError } from '../errors';
import { ipSubject, rateRules, type RateCheck, type RateLimiter } from '../rate-limit/service';
import { AUTH_BASE_PATH } from './auth';
import type { FirebaseAccounts } from './firebase-identity';

/**
 * The shop's side of signing in with Firebase (AUTH_PROVIDER=firebase). The browser signs up, signs
 * in, verifies and resets through Firebase itself; the shop keeps its row of the account and the
 * session. better-auth's calls are not served: a password kept by the shop would be a second one.
 */
export function firebaseAuthRoutes(app: FastifyInstance, { firebase, limiter }: { firebase: FirebaseAccounts; limiter: RateLimiter }): void {
  app.post('/api/user/sync', async (request, reply) => {
    const input = parseInput(userSyncSchema, request.body);
    // A refused token counts like a failed sign-in from this address; a good one is given back.
    const checks: RateCheck[] = [[rateRules.signInFailuresPerIp, ipSubject(request.ip)]];
    await limiter.consume(checks);
    try {
      const answer = await firebase.sync(request, reply, input);
      await limiter.giveBack(checks);
      return answer;
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) await limiter.giveBack(checks);
      throw err;
    }
  });

  app.get(`${AUTH_BASE_PATH}/get-session`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return firebase.session(request);
  });

  app.post(`${AUTH_BASE_PATH}/sign-out`, async (request, reply) => {
    await firebase.identity.signOut(request, reply);
    return { success: true };
  });
}

import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth';
import { requireSessionUser } from '../auth/session';
import { parseInput } from '../http/parse';
import { ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import { courierRatesRequestSchema } from '../../shared/delivery';
import type { DeliveryService } from './service';

export function deliveryRoutes(app: FastifyInstance, deps: { auth: Auth; delivery: DeliveryService; limiter: RateLimiter }): void {
  app.post('/api/delivery/courier-rates', async (request, reply) => {
    const user = await requireSessionUser(deps.auth, request);
    const { address } = parseInput(courierRatesRequestSchema, request.body);
    // Each quote is a call to the courier's API: a loop asking for rates must not run up its bill or its limits.
    await deps.limiter.consume([[rateRules.courierRatesPerIp, ipSubject(request.ip)]]);
    reply.header('cache-control', 'no-store');
    return deps.delivery.courierRatesForCart(user, address);
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFoundError, UnauthorizedError } from '../errors';
import { buyerOf, type BuyerDeps } from '../cart/buyer';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import { courierRatesRequestSchema } from '../../shared/delivery';
import type { DeliveryService } from './service';
import type { CourierTracking } from './tracking';

/** Where the courier sends its tracking webhooks, with the shop's secret: ?secret=… or a bearer token. */
export const TRACKING_WEBHOOK_PATH = '/api/delivery/tracking-webhook';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The courier does not sign its webhooks, so it sends the secret the shop gave it; compared in constant time. */
function sentSecret(request: FastifyRequest, secret: string): boolean {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const inAddress = (request.query as Record<string, unknown> | undefined)?.secret;
  const sent = bearer ?? (typeof inAddress === 'string' ? inAddress : undefined);
  return sent !== undefined && timingSafeEqual(digest(sent), digest(secret));
}

export function deliveryRoutes(app: FastifyInstance, deps: BuyerDeps & { delivery: DeliveryService; tracking: CourierTracking; limiter: RateLimiter }): void {
  serve(app, 'courierRates', async (request, reply) => {
    const { address, cartSessionId } = parseInput(courierRatesRequestSchema, request.body);
    const buyer = await buyerOf(deps, request, cartSessionId);
    // Each quote is a call to the courier's API: a loop asking for rates must not run up its bill or its limits.
    await deps.limiter.consume([[rateRules.courierRatesPerIp, ipSubject(request.ip)]]);
    reply.header('cache-control', 'no-store');
    return deps.delivery.courierRatesForCart(buyer, address);
  });

  // The courier says a parcel moved; the shop asks the courier where it is (the webhook's own words are not trusted).
  app.post(TRACKING_WEBHOOK_PATH, async (request) => {
    const webhook = deps.tracking.webhook;
    if (!webhook) throw new NotFoundError('This shop takes no courier tracking webhooks');
    if (!sentSecret(request, webhook.secret)) throw new UnauthorizedError('The webhook secret is missing or wrong');
    const { orderNumber } = await deps.tracking.followNudge(deps.tracking.readNudge(request.body));
    return orderNumber ? { received: true } : { received: true, ignored: 'No courier order of this shop has this shipment' };
  });
}

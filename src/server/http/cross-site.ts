import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that may come from any site or from no page at all (see fromAnySite). */
    anySite?: boolean;
  }
}

/**
 * A route's `config` for a write that proves itself by a signed token in its address and touches
 * nothing of the session: the guard lets it through from anywhere (a mail provider's one-click
 * opt-out, RFC 8058, is posted by the provider or the reader's mail app, never by the shop's pages).
 */
export const fromAnySite = { config: { anySite: true } };

/** True when the browser says the request was made by the shop's own pages (or by no page at all). */
function fromOwnPages(request: FastifyRequest, shopOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === shopOrigin || origin === `${request.protocol}://${request.host}`;
  // Browsers that leave out Origin still say where a request came from; other clients carry no
  // shopper's cookies unless they hold them already.
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Writes that ride on a session cookie must come from the shop's own pages: another site could
 * otherwise make a signed-in shopper's browser change their cart or profile. Calls with a bearer
 * token and no cookie prove themselves and pass. Every write is checked, whatever its path: the
 * router decodes paths (`/%61pi/profile` is `/api/profile`), so a test of the raw path would miss some.
 */
export function registerCrossSiteGuard(app: FastifyInstance, publicUrl: string): void {
  const shopOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie || request.routeOptions.config.anySite) return;
    if (!fromOwnPages(request, shopOrigin)) return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
  });
}

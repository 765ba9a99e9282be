import fastifyHelmet, { type FastifyHelmetOptions, type FastifyHelmetRouteOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * What the browser may use on the shop's pages. Everything comes from the shop itself; no inline
 * script at all, and inline styles only with the response's nonce (helmet adds a fresh one to
 * script-src and style-src on every response): Radix's modal dialogs inject a <style> tag, which
 * the app tags with the nonce the page carries (src/web/lib/content-security.ts).
 */
function contentSecurityDirectives(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // data: for small inline pictures, blob: for the admin's preview of a picture before it is uploaded.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (a local shop) there is nothing to upgrade to.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Browser features no page of the shop uses are switched off. The product page's share button
 * keeps the clipboard and the share sheet; web-share is left out, at its default (the shop's own
 * pages), because browsers without a share sheet (Chromium on Linux) log its name as an error.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
  'clipboard-write=(self)',
].join(', ');

/**
 * For the page Google's sign-in popup comes back to (/auth/callback): without an opener policy, so
 * that the popup, back from Google's origin, can still tell the shop window that opened it.
 */
export const popupReturnPage: FastifyHelmetRouteOptions = { helmet: { crossOriginOpenerPolicy: false } };

function helmetOptions(publicUrl: string): FastifyHelmetOptions {
  const https = publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(https) },
    // Not same-origin: the shop window must keep its handle on the Google sign-in popup it opens.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Would demand CORP or CORS of everything the pages load.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Only a shop served over https may tell browsers to never use plain http again.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * Security headers on every response: API answers, pages, static files, errors and 404s. Helmet
 * sets them as each request arrives, so a route that needs a policy of its own (the sandbox
 * payment page, uploaded pictures, the dev mailbox) replaces them with reply.header().
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifyHelmet, { ...helmetOptions(publicUrl), enableCSPNonces: true });
  // Helmet has no Permissions-Policy.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}

/**
 * The same headers for the router's own refusals (an address that is not valid percent-encoding,
 * or too long), which Fastify answers before any hook runs. They answer JSON, so the policy needs
 * no nonce.
 */
export function routerRefusalHeaders(publicUrl: string): (reply: FastifyReply) => void {
  const setHeaders = helmet(
    // The same options; @fastify/helmet types them through its own copy of helmet's declarations.
    helmetOptions(publicUrl) as Parameters<typeof helmet>[0],
  );
  return (reply) => {
    setHeaders(reply.request.raw, reply.raw, () => undefined);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  };
}

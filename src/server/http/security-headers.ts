import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * that the popup, back from Google's origin, can still tell the shop window that opened it. A
 * route's `config`, read by the hook below.
 */
export const popupReturnPage = { config: { popupReturn: true } };

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;
type RawRequest = FastifyRequest['raw'];
type RawReply = FastifyReply['raw'];

/**
 * Random bytes are drawn from the system 4 KB at a time and handed out 16 bytes per nonce, each
 * slice once: asking the system twice for every response was a tenth of a plain read's CPU time.
 */
const randomPool = Buffer.alloc(4096);
let poolOffset = randomPool.length;

/** 128 random bits as hex, never handed out twice. */
function freshNonce(): string {
  if (poolOffset + 16 > randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  const nonce = randomPool.toString('hex', poolOffset, poolOffset + 16);
  poolOffset += 16;
  return nonce;
}

/** The nonces of each response, for the CSP directives helmet works out per response. */
const noncesOf = new WeakMap<RawReply, CspNonces>();

export interface CspNonces {
  script: string;
  style: string;
}

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces: a page tags its inline style (Radix's dialogs) with `style`. */
    cspNonce: CspNonces;
  }
  interface FastifyContextConfig {
    /** The page Google's sign-in popup comes back to: no opener policy (see popupReturnPage). */
    popupReturn?: boolean;
  }
}

function helmetOptions(publicUrl: string, nonces: boolean): HelmetOptions {
  const https = publicUrl.startsWith('https://');
  const directives: Record<string, (string | ((req: RawRequest, res: RawReply) => string))[]> = contentSecurityDirectives(https);
  if (nonces) {
    directives['script-src'] = [...directives['script-src']!, (_req, res) => `'nonce-${noncesOf.get(res)!.script}'`];
    directives['style-src'] = [...directives['style-src']!, (_req, res) => `'nonce-${noncesOf.get(res)!.style}'`];
  }
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
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
 * payment page, uploaded pictures, the dev mailbox) replaces them with reply.header(). Helmet's
 * middleware is made once at start, with fresh nonces per response through its directive
 * functions: making it again on every request (as @fastify/helmet does) cost about 50 µs each.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const options = helmetOptions(publicUrl, true);
  const everyPage = helmet(options);
  const popupReturn = helmet({ ...options, crossOriginOpenerPolicy: false });
  app.decorateReply('cspNonce', null as unknown as CspNonces);
  app.addHook('onRequest', (request, reply, done) => {
    const nonces = { script: freshNonce(), style: freshNonce() };
    reply.cspNonce = nonces;
    noncesOf.set(reply.raw, nonces);
    const setHeaders = request.routeOptions.config.popupReturn ? popupReturn : everyPage;
    setHeaders(request.raw, reply.raw, () => undefined);
    // Helmet has no Permissions-Policy.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}

/**
 * A page drawn on the server carries the style attributes its components write (Radix: a tab
 * list's outline, an accordion's height variables), which style-src refuses in HTML. Exactly those
 * are allowed, by their hashes; no other inline style attribute is.
 */
export function allowStyleAttributes(reply: FastifyReply, hashes: string[]): void {
  if (hashes.length === 0) return;
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.raw.setHeader('content-security-policy', `${policy};style-src-attr 'unsafe-hashes' ${hashes.join(' ')}`);
}

/**
 * The same headers for the router's own refusals (an address that is not valid percent-encoding,
 * or too long), which Fastify answers before any hook runs. They answer JSON, so the policy needs
 * no nonce.
 */
export function routerRefusalHeaders(publicUrl: string): (reply: FastifyReply) => void {
  const setHeaders = helmet(helmetOptions(publicUrl, false));
  return (reply) => {
    setHeaders(reply.request.raw, reply.raw, () => undefined);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  };
}

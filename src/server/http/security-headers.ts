import { randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/** Sources a policy directive allows beyond the shop's own, by directive name ('connect-src': [...]). */
export type PolicySources = Record<string, string[]>;

/**
 * What the browser may use on the shop's pages. Everything comes from the shop itself; no inline
 * script at all, and inline styles only with the response's nonce (helmet adds a fresh one to
 * script-src and style-src on every response): Radix's modal dialogs inject a <style> tag, which
 * the app tags with the nonce the page carries (src/web/lib/content-security.ts).
 */
function contentSecurityDirectives(https: boolean, extraSources: PolicySources): Record<string, string[]> {
  const directives: Record<string, string[]> = {
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
  for (const [name, sources] of Object.entries(extraSources)) {
    directives[name] = [...(directives[name] ?? directives['default-src']!), ...sources];
  }
  return directives;
}

/**
 * Browser features no page of the shop uses are switched off. The product page's share button
 * keeps the clipboard and the share sheet; web-share is left out, at its default (the shop's own
 * pages), because browsers without a share sheet (Chromium on Linux) log its name as an error.
 */
const PERMISSIONS_POLICY = [
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
 * Random bytes are read from the system 4 KB at a time and handed out 16 bytes per nonce, each
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

interface CspNonces {
  script: string;
  style: string;
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonces, made when first asked for: the page then carries them in its
     * policy and tags its inline style (Radix's dialogs) with `style`. Other answers need none.
     */
    cspNonce: CspNonces;
  }
  interface FastifyContextConfig {
    /** The page Google's sign-in popup comes back to: no opener policy (see popupReturnPage). */
    popupReturn?: boolean;
  }
}

function helmetOptions(https: boolean): HelmetOptions {
  return {
    // Written by the shop itself (policyText), so that a page's nonces cost no work on other answers.
    contentSecurityPolicy: false,
    // Not same-origin: the shop window must keep its handle on the Google sign-in popup it opens
    // (its own, or Firebase's, which the SDK watches until it closes).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Would demand CORP or CORS of everything the pages load.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Only a shop served over https may tell browsers to never use plain http again.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** A policy as the header writes it: each directive's name and sources, directives apart by ";". */
function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** The headers helmet's middleware sets, read once from a fake response: they are the same for every answer. */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as RawRequest, response as unknown as RawReply, () => undefined);
  return [...headers];
}

/** Every header of an answer but its policy's nonces, for ordinary pages and for the popup's return page. */
function securityHeaders(
  servedOverHttps: boolean,
  extraSources: PolicySources,
): { everyAnswer: [string, string][]; popupReturn: [string, string][]; directives: Record<string, string[]> } {
  const directives = contentSecurityDirectives(servedOverHttps, extraSources);
  const shared: [string, string][] = [
    ['content-security-policy', policyText(directives)],
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  const options = helmetOptions(servedOverHttps);
  return {
    everyAnswer: [...headersOf(helmet(options)), ...shared],
    popupReturn: [...headersOf(helmet({ ...options, crossOriginOpenerPolicy: false })), ...shared],
    directives,
  };
}

const noncesOf = new WeakMap<FastifyReply, CspNonces>();

/**
 * Security headers on every response: API answers, pages, static files, errors and 404s. They are
 * worked out once at start and set as each request arrives, so a route that needs a policy of its
 * own (the sandbox payment page, uploaded pictures, the dev mailbox) replaces them with
 * reply.header(). A page asking for its nonces (reply.cspNonce) gets a policy naming them;
 * working out helmet's headers and two nonces for every answer cost a plain read about a tenth of
 * its time, for JSON and files that have no inline script or style to allow. `extraSources` adds
 * to the policy what the way of signing in needs (signInPolicySources in auth/firebase-settings.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, servedOverHttps: boolean, extraSources: PolicySources): void {
  const { everyAnswer, popupReturn, directives } = securityHeaders(servedOverHttps, extraSources);
  const everyPolicy = policyText(directives);
  app.decorateReply('cspNonce', {
    getter(this: FastifyReply): CspNonces {
      let nonces = noncesOf.get(this);
      if (!nonces) {
        nonces = { script: freshNonce(), style: freshNonce() };
        noncesOf.set(this, nonces);
        // The shop's policy, with what the page added to it since (allowStyleAttributes) kept; a
        // route's own policy is left as the route wrote it.
        const policy = this.raw.getHeader('content-security-policy');
        if (typeof policy === 'string' && policy.startsWith(everyPolicy)) {
          const withNonces = policyText({
            ...directives,
            'script-src': [...directives['script-src']!, `'nonce-${nonces.script}'`],
            'style-src': [...directives['style-src']!, `'nonce-${nonces.style}'`],
          });
          this.raw.setHeader('content-security-policy', withNonces + policy.slice(everyPolicy.length));
        }
      }
      return nonces;
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.routeOptions.config.popupReturn ? popupReturn : everyAnswer) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * A page rendered on the server carries the style attributes its components write (Radix: a tab
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
 * or too long), which Fastify answers before any hook runs.
 */
export function routerRefusalHeaders(servedOverHttps: boolean): (reply: FastifyReply) => void {
  // A refusal's page runs no app, so nothing of signing in is allowed on it.
  const { everyAnswer } = securityHeaders(servedOverHttps, {});
  return (reply) => {
    for (const [name, value] of everyAnswer) reply.raw.setHeader(name, value);
  };
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError, DomainError } from '../errors';
import { isDatabaseUnavailable } from '../db/connection-lost';
import { sendErrorAsJson } from '../http/errors';
import { routerRefusalHeaders } from '../http/security-headers';
import { escapeHtml } from '../lib/html';

function errorPage(shopName: string, heading: string, text: string, retryUrl: string, reference?: string): string {
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(heading)} - ${escapeHtml(shopName)}</title></head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(retryUrl)}">Try Again</a> · <a href="/">Return to Home</a> · <a href="/contact">Contact Support</a></p>
${reference ? `<p><small>Reference: ${escapeHtml(reference)}</small></p>` : ''}
</main>
</body>
</html>
`;
}

/** A person asked for a page (not the API, not a write), so an error is answered as a page. */
function wantsPage(request: FastifyRequest): boolean {
  return !(request.url.startsWith('/api/') || request.url === '/api') && ['GET', 'HEAD'].includes(request.method);
}

/**
 * The error handler of the shop's pages: whatever went wrong, a person gets a page in words
 * (the spec's 'Something went wrong' screen) rather than the API's JSON. It needs no database
 * and no script, so it still shows when the database is down.
 */
export function pageErrorHandler(shopName: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    // Unknown API addresses end in this scope's not-found handler; their errors are still the API's.
    if (!wantsPage(request)) return sendErrorAsJson(error, request, reply);
    const status = error instanceof DomainError ? error.status : (error.statusCode ?? 500);
    // Only the address itself can be retried as it is.
    const retryUrl = request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : '/';
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorPage(shopName, 'This page cannot be shown', error.message || 'The address is not valid.', '/'));
    }
    // The page can come back by itself once the database answers again: a 503 that asks to try again.
    if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'page failed: the database is unavailable');
      return reply
        .code(503)
        .header('retry-after', '30')
        .send(errorPage(shopName, 'Something went wrong', 'The shop cannot load this page just now. Please try again in a minute.', retryUrl, request.id));
    }
    request.log.error({ err: error }, 'page failed');
    return reply
      .code(500)
      .send(errorPage(shopName, 'Something went wrong', 'Something went wrong on our side. Please try again.', retryUrl, request.id));
  };
}

/**
 * The router's own refusals (an address with broken percent-encoding, or too long): Fastify
 * answers them before any hook, so they get the security headers here, and a page in words when
 * a person followed a broken link.
 */
export function routerRefusalHandler(shopName: string, servedOverHttps: boolean) {
  const withSecurityHeaders = routerRefusalHeaders(servedOverHttps);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    withSecurityHeaders(reply);
    const [status, message] = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'The address is too long'] : [400, 'The address is not valid'];
    if (wantsPage(request)) {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return reply.code(status).send(errorPage(shopName, 'This page cannot be shown', `${message}.`, '/'));
    }
    return reply.code(status).send({ message, code: 'invalid_input' });
  };
}

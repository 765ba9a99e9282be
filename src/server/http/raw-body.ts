import type { FastifyInstance } from 'fastify';

/**
 * Registers `routes` in a scope of their own in which every request body arrives as the raw bytes
 * (a Buffer, any content type): a webhook's signature is over those exact bytes, and better-auth
 * reads its body itself. Use: `await rawBodyScope(app, (scope) => { scope.post(…) })`.
 */
export function rawBodyScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void | Promise<void>) {
  // Returned, not awaited: awaiting a registration loads the plugins queued so far at once, which
  // a caller in the middle of building the app may not want.
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    await routes(scope);
  });
}

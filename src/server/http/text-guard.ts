import type { FastifyInstance } from 'fastify';
import { InvalidInputError } from '../errors';

/** Nesting deeper than this is no shop request; the walk stops there rather than recurse without end. */
const MAX_DEPTH = 32;

/**
 * Why a text cannot be stored, or undefined when it can. PostgreSQL refuses a NUL character in
 * text and in jsonb, and a lone UTF-16 surrogate has no UTF-8 form: either would fail deep in a
 * query (a 500) or be changed silently on the way in.
 */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (!text.isWellFormed()) return 'contains a broken character (an unpaired UTF-16 surrogate)';
  return undefined;
}

/**
 * The first text in a parsed value (keys included) that cannot be stored, named by where it sits:
 * `name(['customerInfo', 'firstName'])` → 'customerInfo.firstName contains a NUL character'.
 */
export function findUnstorableText(value: unknown, name: (path: string[]) => string, path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    const problem = unstorableText(value);
    return problem && `${name(path)} ${problem}`;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || path.length > MAX_DEPTH) return undefined;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = unstorableText(key);
    if (keyProblem) return `A field name in ${name(path)} ${keyProblem}`;
    const found = findUnstorableText(item, name, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Where a field of a request body sits, as the other 400 messages name it ('customerInfo.email'). */
export const bodyField = (path: string[]) => (path.length === 0 ? 'The request body' : path.join('.'));

/** Throws a 400 naming the field when any text in `value` cannot be stored. */
export function assertStorableText(value: unknown, name: (path: string[]) => string = bodyField): void {
  const problem = findUnstorableText(value, name);
  if (problem) throw new InvalidInputError(`${problem}, which is not allowed`);
}

/**
 * Every route's path parameters, query and parsed JSON body are checked before its handler runs,
 * so no route has to remember it. Raw bodies (webhooks, auth, uploads) are checked where they
 * are parsed.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, the product list's included.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertStorableText(request.params, (path) => (path.length === 0 ? 'The address' : `The address (${path.join('.')})`));
      assertStorableText(request.query, (path) => (path.length === 0 ? 'The query' : `The query parameter ${path.join('.')}`));
      assertStorableText(request.body);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

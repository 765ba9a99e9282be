import type { FastifyInstance } from 'fastify';
import { InvalidInputError } from '../errors';

/** Nesting deeper than this is no shop request; the walk stops there rather than recurse without end. */
const MAX_DEPTH = 32;

/**
 * Why a text cannot be stored, or undefined when it can. PostgreSQL refuses a NUL character in
 * text and in jsonb, and a lone UTF-16 surrogate has no UTF-8 form: either would fail deep in a
 * query (a 500) or be changed silently on the way in.
 */
function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (!text.isWellFormed()) return 'contains a broken character (an unpaired UTF-16 surrogate)';
  return undefined;
}

/**
 * Fields whose text may run over lines and hold tabs, by name wherever they sit: a contact message,
 * a product description, an order note, a quote request's notes, an invoice address. Passwords are never shown or printed,
 * so any character that can be stored goes. Every other text is one line: a name, a company or a
 * city with a line break would add a line of its own to an invoice, an email or a label.
 */
const textKinds: Readonly<Record<string, 'lines' | 'secret'>> = {
  message: 'lines',
  description: 'lines',
  note: 'lines',
  notes: 'lines',
  billingAddress: 'lines',
  password: 'secret',
  currentPassword: 'secret',
  newPassword: 'secret',
};
type TextKind = 'line' | 'lines' | 'secret';

/** The name a text sits under; an item of a list takes its list's name. */
function textKind(path: string[]): TextKind {
  const field = path.findLast((key) => !/^\d+$/.test(key));
  return (field !== undefined && Object.hasOwn(textKinds, field) ? textKinds[field] : undefined) ?? 'line';
}

/** C0 and C1 control characters and DEL (Unicode's Cc), and the line and paragraph separators some editors paste. */
const CONTROL_OR_BREAK = /[\p{Cc}\u2028\u2029]/u;
const LINE_BREAKS = new Set(['\n', '\r', '\u2028', '\u2029']);

/**
 * Why a text is refused, or undefined when it is taken: unstorable text, and control characters,
 * which no person types but which ring, move the cursor or hide text in a terminal, an email or a
 * printed invoice (BEL, ESC, …). Text over several lines keeps its line breaks and tabs.
 */
export function refusedText(text: string, kind: TextKind = 'line'): string | undefined {
  const unstorable = unstorableText(text);
  if (unstorable || kind === 'secret' || !CONTROL_OR_BREAK.test(text)) return unstorable;
  for (const character of text) {
    if (!CONTROL_OR_BREAK.test(character)) continue;
    if (kind === 'lines' && (character === '\t' || character === '\n' || character === '\r')) continue;
    if (LINE_BREAKS.has(character)) return 'contains a line break';
    if (character === '\t') return 'contains a tab';
    return `contains a control character (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  }
  return undefined;
}

/**
 * The first text in a parsed value (keys included) that `problemOf` refuses, named by where it sits:
 * `name(['customerInfo', 'firstName'])` → 'customerInfo.firstName contains a NUL character'.
 */
function findText(
  value: unknown,
  problemOf: (text: string, path: string[]) => string | undefined,
  name: (path: string[]) => string,
  path: string[] = [],
): string | undefined {
  if (typeof value === 'string') {
    const problem = problemOf(value, path);
    return problem && `${name(path)} ${problem}`;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || path.length > MAX_DEPTH) return undefined;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = problemOf(key, []);
    if (keyProblem) return `A field name in ${name(path)} ${keyProblem}`;
    const found = findText(item, problemOf, name, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The first text in a parsed value that cannot be stored (a provider's webhook, kept as it came). */
export function findUnstorableText(value: unknown, name: (path: string[]) => string): string | undefined {
  return findText(value, unstorableText, name);
}

/** Where a field of a request body sits, as the other 400 messages name it ('customerInfo.email'). */
const bodyField = (path: string[]) => (path.length === 0 ? 'The request body' : path.join('.'));

/** Throws a 400 naming the field when any text in `value` cannot be stored, or holds what its field cannot (see refusedText). */
export function assertStorableText(value: unknown, name: (path: string[]) => string = bodyField): void {
  const problem = findText(value, (text, path) => refusedText(text, textKind(path)), name);
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

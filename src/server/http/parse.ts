import type { z } from 'zod';
import type { ErrorCode } from '../../shared/error-codes';
import { InvalidInputError } from '../errors';

/**
 * Parses a request part with a zod schema; the first problem becomes a 400 with its message. A
 * refusal the browser must tell apart gets its own code from `codes`, keyed by the message the
 * schema gives it; the rest are 'invalid_input'.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, codes: Readonly<Record<string, ErrorCode>> = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new InvalidInputError('Invalid request');
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    throw new InvalidInputError('The request body must be a JSON object');
  }
  if (issue.code === 'unrecognized_keys') throw new InvalidInputError(issue.message);
  const field = issue.path.join('.');
  // zod's own wording ('Invalid input: expected string, received number') is replaced by a field name.
  const message = issue.message.startsWith('Invalid input') && field ? `${field} is missing or has the wrong type` : issue.message;
  throw new InvalidInputError(message, codes[message]);
}

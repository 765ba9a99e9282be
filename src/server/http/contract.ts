import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { endpoints, type EndpointName } from '../../shared/api/endpoints';
import { answers, type Answer } from '../../shared/api/contract';

/** An answer that does not have the shape its call's contract allows: the shop's bug, sent as a 500 and logged with what was wrong. */
export class AnswerShapeError extends Error {
  constructor(
    readonly call: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`${call} answered a shape its contract does not allow: ${issues.map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`).join('; ')}`);
    this.name = 'AnswerShapeError';
  }
}

/**
 * Answers with a contract go out as their schema reads them: a field the schema does not list is
 * left out, and a wrong shape is an error. Answers sent as text (a list kept ready as JSON) and
 * routes without a contract are sent as before.
 */
export function registerContracts(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const shape = schema as z.ZodType;
    return (data) => {
      const read = shape.safeParse(data);
      if (!read.success) throw new AnswerShapeError(`${method} ${url} ${httpStatus}`, read.error.issues);
      return JSON.stringify(read.data);
    };
  });
}

/** The calls a shop process registered with their contract (serve), for the test that all are. */
export const servedCalls = new Set<EndpointName>();

/**
 * Registers a call of the contract (src/shared/api/endpoints.ts): its method and path, its answer's
 * schema for its success status, and a handler that must answer that shape (or the reply it sent).
 */
export function serve<K extends EndpointName>(
  app: FastifyInstance,
  name: K,
  handler: (request: FastifyRequest, reply: FastifyReply) => Answer<K> | FastifyReply | Promise<Answer<K> | FastifyReply>,
  options: Pick<RouteShorthandOptions, 'preHandler' | 'onRequest' | 'bodyLimit'> = {},
): void {
  const { method, path, status } = endpoints[name];
  servedCalls.add(name);
  const schema: FastifySchema = { response: { [status]: answers[name] } };
  app.route({ ...options, method, url: path, schema, handler });
}

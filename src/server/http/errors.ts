import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError, DomainError, TooManyRequestsError } from '../errors';
import { isDatabaseUnavailable } from '../db/connection-lost';
import type { RefusalBody } from '../../shared/error-codes';

/** Fastify's own refusals, reworded for people. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length',
};

/** The one place where errors become HTTP answers: always `{message}`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendErrorAsJson);
}

/**
 * An error as the API answers it: `{message, code}` for a refusal, a 503 in words when the database
 * could not be reached, a 500 with the request id for the unexpected.
 */
export function sendErrorAsJson(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const refusal = error instanceof DomainError ? error : isDatabaseUnavailable(error) ? new DatabaseUnavailableError() : undefined;
  if (refusal) {
    if (refusal !== error) request.log.warn({ err: error }, 'request failed: the database connection was lost or could not be made');
    if (refusal instanceof TooManyRequestsError || refusal instanceof DatabaseUnavailableError) {
      reply.header('retry-after', String(Math.max(1, refusal.retryAfterSeconds)));
    }
    const body = { ...refusal.publicDetails, message: refusal.message, code: refusal.code } as RefusalBody;
    return reply.code(refusal.status).send(body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = frameworkMessages[error.code] ?? (error.message || 'Bad request');
    return reply.code(status).send({ message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .code(500)
    .send({ message: `Something went wrong on our side. Please try again. (Reference: ${request.id})` });
}

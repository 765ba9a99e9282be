import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, TooManyRequestsError } from '../errors';

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

/** An error as the API answers it: `{message, code}` for a refusal, a 500 with the request id for the unexpected. */
export function sendErrorAsJson(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DomainError) {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(Math.max(1, error.retryAfterSeconds)));
    return reply.code(error.status).send({ ...error.publicDetails, message: error.message, code: error.code });
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

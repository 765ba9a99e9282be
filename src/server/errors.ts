import type { DetailsOf, ErrorCode } from '../shared/error-codes';
import { accountMessages } from '../shared/schemas';

/**
 * The few ways a service can refuse; one place (http/errors.ts) turns them into HTTP answers
 * `{message, code}`. Each kind has a default code; a throw that the browser must tell apart from
 * the others of its kind passes its own.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  /** More for the client beside the message, as its code has it (e.g. the right total after a price change). */
  readonly publicDetails: Partial<DetailsOf<C>> = {};

  constructor(
    message: string,
    readonly status: number,
    readonly code: C,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string, code: ErrorCode = 'invalid_input') {
    super(message, 400, code);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Not authenticated') {
    super(message, 401, 'not_signed_in');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden', code: ErrorCode = 'forbidden') {
    super(message, 403, code);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found', code: ErrorCode = 'not_found') {
    super(message, 404, code);
  }
}

export class ConflictError<C extends ErrorCode = ErrorCode> extends DomainError<C> {
  constructor(message: string, code: C = 'conflict' as C) {
    super(message, 409, code);
  }
}

/** Too many attempts in a short time (sign-in, sign-up, emails); the spec's catalogue has the text. */
export class TooManyRequestsError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = accountMessages.tooManyAttempts,
  ) {
    super(message, 429, 'too_many_attempts');
  }
}

/** A body in a form the call does not read; the shop's JSON calls take application/json only. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message = 'Send the request body as application/json') {
    super(message, 415, 'unsupported_media_type');
  }
}

/**
 * The database could not be reached or its connection was lost mid-request (a fail-over, a restart,
 * a network reset): nothing is wrong with the request, and the same one is likely to work shortly.
 */
export class DatabaseUnavailableError extends DomainError {
  readonly retryAfterSeconds = 5;

  constructor(message = 'The shop lost its connection to the database. Please try again.') {
    super(message, 503, 'database_unavailable');
  }
}

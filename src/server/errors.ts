/** The few ways a service can refuse; one place (http/errors.ts) turns them into HTTP answers. */
export class DomainError extends Error {
  /** More for the client beside the message (e.g. the right total after a price change). */
  readonly publicDetails: Record<string, unknown> = {};

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Not authenticated') {
    super(message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(message, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

/** Too many attempts in a short time (sign-in, sign-up, emails); the spec's catalogue has the text. */
export class TooManyRequestsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed attempts. Please try again later.', 429);
  }
}

/** A body in a form the call does not read; the shop's JSON calls take application/json only. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message = 'Send the request body as application/json') {
    super(message, 415);
  }
}

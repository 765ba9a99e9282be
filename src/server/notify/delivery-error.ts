/**
 * How a failed send went, for the outbox worker:
 * - 'temporary': retried on the outbox's schedule (the default for any other error);
 * - 'rejected': the provider refused this message (a 4xx such as bad credentials or a barred
 *   number); retried on the same schedule, since a fixed setting makes it go through, but logged
 *   as an error so that someone looks;
 * - 'undeliverable': can never be sent as it is (no valid phone number); marked failed at once.
 */
export type DeliveryFailure = 'temporary' | 'rejected' | 'undeliverable';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly failure: DeliveryFailure,
    /** The provider asked to wait this long (429 Retry-After): the next attempt comes no sooner. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

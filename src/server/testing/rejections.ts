import { expect } from 'vitest';

/** The error a promise was rejected with, which must be of this kind (a failed test otherwise). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(kind);
  return err as E;
}

/** What one measurement gave: its result, why it was skipped, or why it could not be made. */
export type Outcome<T> =
  | { status: 'ok'; result: T }
  | { status: 'skipped'; reason: string }
  | { status: 'error'; error: string };

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function attempt<T>(measure: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { status: 'ok', result: await measure() };
  } catch (err) {
    return { status: 'error', error: errorMessage(err) };
  }
}

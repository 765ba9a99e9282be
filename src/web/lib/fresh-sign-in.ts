/**
 * Spec section 9: a fresh proof of the sign-in (an ID token, or the session after a payment) is
 * asked for at most 3 times, waiting 1 s after the first failure and 0.5 s after later ones.
 */
const FRESH_SIGN_IN_ATTEMPTS = 3;
const FRESH_SIGN_IN_RETRY_DELAYS_MS = [1000, 500] as const;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first answer of `attempt` within FRESH_SIGN_IN_ATTEMPTS tries; the last failure once they are used up. */
export async function withFreshSignInRetries<T>(attempt: () => Promise<T>, sleep: (ms: number) => Promise<void> = wait): Promise<T> {
  let failure: unknown;
  for (let tried = 0; tried < FRESH_SIGN_IN_ATTEMPTS; tried += 1) {
    if (tried > 0) await sleep(FRESH_SIGN_IN_RETRY_DELAYS_MS[Math.min(tried - 1, FRESH_SIGN_IN_RETRY_DELAYS_MS.length - 1)]!);
    try {
      return await attempt();
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

import { describe, expect, it, vi } from 'vitest';
import { withFreshSignInRetries } from './fresh-sign-in';

const noSleep = async () => undefined;

describe('a fresh sign-in, tried again (spec section 9)', () => {
  it('is asked for once when it comes at once', async () => {
    const sleep = vi.fn(noSleep);
    const attempt = vi.fn().mockResolvedValue('token-1');
    expect(await withFreshSignInRetries(attempt, sleep)).toBe('token-1');
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits 1 s after the first failure and 0.5 s after the second', async () => {
    const sleep = vi.fn(noSleep);
    const attempt = vi.fn().mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('token-3');
    expect(await withFreshSignInRetries(attempt, sleep)).toBe('token-3');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [500]]);
  });

  it('gives up after 3 tries with the last failure', async () => {
    const sleep = vi.fn(noSleep);
    const last = Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), { code: 'auth/network-request-failed' });
    const attempt = vi.fn().mockRejectedValueOnce(new Error('first')).mockRejectedValueOnce(new Error('second')).mockRejectedValueOnce(last);
    await expect(withFreshSignInRetries(attempt, sleep)).rejects.toBe(last);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [500]]);
  });

  it('waits in order: no try starts before its wait is over', async () => {
    const events: string[] = [];
    const sleep = async (ms: number) => {
      events.push(`wait ${ms}`);
    };
    let tries = 0;
    const attempt = async () => {
      tries += 1;
      events.push(`try ${tries}`);
      if (tries < 3) throw new Error('not yet');
      return tries;
    };
    await withFreshSignInRetries(attempt, sleep);
    expect(events).toEqual(['try 1', 'wait 1000', 'try 2', 'wait 500', 'try 3']);
  });
});

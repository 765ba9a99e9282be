import { describe, expect, it } from 'vitest';
import { startRepeatingJob } from './repeating-job';

describe('a repeating job', () => {
  it('goes on at its next turn after a run fails, however it fails', async () => {
    const logged: string[] = [];
    const log = { info: () => undefined, error: (_obj: object, msg: string) => logged.push(msg) };
    let turns = 0;
    const job = startRepeatingJob(
      (() => {
        turns++;
        // A lost connection rejects; a work that throws before its first await throws at once.
        if (turns === 1) return Promise.reject(new Error('Connection terminated unexpectedly'));
        if (turns === 2) throw new Error('Client has encountered a connection error and is not queryable');
        return Promise.resolve();
      }) as () => Promise<void>,
      log,
      'the job failed',
      1,
    );
    await expect.poll(() => turns).toBeGreaterThanOrEqual(3);
    await job.stop();
    expect(logged.slice(0, 2)).toEqual(['the job failed', 'the job failed']);
  });
});

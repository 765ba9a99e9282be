export interface RepeatingJob {
  stop(): Promise<void>;
}

export interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Runs `work` every `everyMs` in this process, never two runs at once: a run that outlasts the
 * interval makes the next one wait its turn. A failure (a lost database connection, a provider that
 * does not answer) goes to the log and the next run tries again; stop() waits for a run under way.
 * The timer does not keep the process alive.
 */
export function startRepeatingJob(work: () => Promise<void>, log: JobLog, failure: string, everyMs: number): RepeatingJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    // Through a promise, so that even a throw before the work's first await goes to the log
    // instead of out of the timer, where it would end the process.
    running = Promise.resolve()
      .then(work)
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

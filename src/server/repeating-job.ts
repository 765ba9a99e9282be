export interface RepeatingJob {
  stop(): Promise<void>;
}

export interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Runs `work` every `everyMs` in this process, never two runs at once: a run that outlasts the
 * interval makes the next one wait its turn. A failure goes to the log and the next run tries again;
 * stop() waits for a run under way. The timer does not keep the process alive.
 */
export function startRepeatingJob(work: () => Promise<void>, log: JobLog, failure: string, everyMs: number): RepeatingJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
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

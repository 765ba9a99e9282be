/** Child processes, browsers and temporary directories to remove on the way out, even after an error or Ctrl-C. */

type Task = () => void | Promise<void>;

const pending: (() => Promise<void>)[] = [];

/** Registers a task for cleanupAll(); the returned function runs it now instead (once). */
export function deferCleanup(task: Task): () => Promise<void> {
  let done: Promise<void> | undefined;
  const run = (): Promise<void> => {
    done ??= (async () => {
      const index = pending.indexOf(run);
      if (index >= 0) pending.splice(index, 1);
      await task();
    })();
    return done;
  };
  pending.push(run);
  return run;
}

/** Runs every pending task, newest first; a failing task does not stop the others. */
export async function cleanupAll(): Promise<void> {
  for (const run of [...pending].reverse()) {
    try {
      await run();
    } catch (err) {
      console.error('cleanup failed:', err);
    }
  }
}

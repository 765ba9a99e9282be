import type { CheckoutService } from './service';

export const RECONCILE_EVERY_MS = 60 * 1000;

export interface Reconciler {
  stop(): Promise<void>;
}

/**
 * Settles checkouts whose shoppers never came back and whose webhook never arrived: every minute
 * each process handles again the stored webhooks that are due (failed before, or cut short) and
 * asks the provider about a few open checkouts. Completion is idempotent, so two processes asking
 * about the same checkout still make one order; a webhook is claimed by one process at a time.
 */
export function startReconciler(
  checkout: CheckoutService,
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
  everyMs = RECONCILE_EVERY_MS,
): Reconciler {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = checkout
      .reconcile()
      .then((result) => {
        if (result.completed > 0 || result.expired > 0 || result.replayedWebhooks > 0) log.info(result, 'reconciled checkouts');
      })
      .catch((err: unknown) => log.error({ err }, 'reconciliation failed'))
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

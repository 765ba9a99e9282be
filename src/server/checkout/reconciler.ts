import { startRepeatingJob, type JobLog, type RepeatingJob } from '../repeating-job';
import type { CheckoutService } from './service';

const RECONCILE_EVERY_MS = 60 * 1000;

/**
 * Settles checkouts whose shoppers never came back and whose webhook never arrived: every minute
 * each process handles again the stored webhooks that are due (failed before, or cut short) and
 * asks the provider about a few open checkouts. Completion is idempotent, so two processes asking
 * about the same checkout still make one order; a webhook is claimed by one process at a time.
 */
export function startReconciler(checkout: CheckoutService, log: JobLog, everyMs = RECONCILE_EVERY_MS): RepeatingJob {
  return startRepeatingJob(
    async () => {
      const result = await checkout.reconcile();
      if (result.completed > 0 || result.expired > 0 || result.replayedWebhooks > 0) log.info(result, 'reconciled checkouts');
    },
    log,
    'reconciliation failed',
    everyMs,
  );
}

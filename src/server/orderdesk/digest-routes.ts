import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { EmailContext } from '../notify/templates';
import { createOrderDeskDigest, startDigestSchedule } from './digest';
import { serve } from '../http/contract';

export interface OrderDeskDigestDeps {
  db: Database;
  config: Pick<Config, 'orderDeskEmail' | 'orderDeskDigestAt'>;
  email: EmailContext;
  requireAdmin: preHandlerAsyncHookHandler;
  onQueued?: () => void;
  /** Run the daily 08:00 send in this process (the server does; tests drive it themselves). */
  schedule: boolean;
}

/** POST /api/admin/batch-email, and the daily send while the app runs. */
export function registerOrderDeskDigest(app: FastifyInstance, { db, config, email, requireAdmin, onQueued, schedule }: OrderDeskDigestDeps): void {
  const digest = createOrderDeskDigest({ db, email, to: config.orderDeskEmail, at: config.orderDeskDigestAt, onQueued });

  // No body: it sends today's list to the order desk. request.admin is set by requireAdmin.
  serve(app, 'sendOrderDigest', async (request) => {
    const { user } = request.admin!;
    return digest.sendNow({ id: user.id, email: user.email });
  }, { preHandler: requireAdmin });

  if (schedule) {
    const daily = startDigestSchedule(digest, app.log.child({ component: 'order-digest' }));
    app.addHook('onClose', () => daily.stop());
  }
}

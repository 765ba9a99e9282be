import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { WebhookDelivery } from './provider';
import { createPaymentMethods, type PaymentMethods } from './providers';

/**
 * The fakes' notifications go to the shop's own webhook routes inside this process: no network, no
 * proxy in the way, and they come from 127.0.0.1.
 */
function deliverInProcess(app: FastifyInstance): WebhookDelivery {
  return async ({ url, headers, body }) => {
    const response = await app.inject({ method: 'POST', url: new URL(url, 'http://shop.invalid').pathname, headers, payload: body });
    return response.statusCode;
  };
}

export interface PaymentSetup {
  config: Config;
  db: Database;
  sessionSecret: string;
}

/**
 * The shop's payment providers, chosen by PAYMENT_PROVIDERS, with any pages of their own (the
 * sandbox's). The webhook routes (webhook-route.ts) and the /api/payments calls use the answer.
 */
export async function registerPayments(app: FastifyInstance, { config, db, sessionSecret }: PaymentSetup): Promise<PaymentMethods> {
  const logger = app.log.child({ component: 'payments' });
  const methods = createPaymentMethods(config, { db, sessionSecret, deliver: deliverInProcess(app), logger });
  for (const provider of methods.all) provider.registerRoutes?.(app, config.shop.name);
  app.addHook('onClose', async () => {
    await Promise.all(methods.all.map((provider) => provider.close?.()));
  });
  return methods;
}

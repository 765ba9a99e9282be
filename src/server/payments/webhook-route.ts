import type { FastifyInstance } from 'fastify';
import { rawBodyScope } from '../http/raw-body';
import type { PaymentProvider, PaymentWebhookEvent } from './provider';

/** Where the shop receives Yoco's payment webhooks, and the sandbox's in its place. */
export const WEBHOOK_PATH = '/api/payments/yoco/webhook';

/** Where verified events go: the checkout's inbox keeps them until they are processed. */
interface WebhookInbox {
  /** Stores the event the provider of this name sent; false when this delivery was stored before. */
  recordWebhook(provider: string, event: PaymentWebhookEvent): Promise<boolean>;
  processWebhook(webhookId: string): Promise<void>;
}

export interface WebhookRouteDeps {
  /** The shop's ways to pay (PaymentMethods): each that sends webhooks gets its route. */
  payments: { all: readonly PaymentProvider[] };
  inbox: WebhookInbox;
  log: { error: (obj: object, msg: string) => void };
}

/** Each provider's webhooks at its own address; a provider signs the exact bytes it sent, so the routes read the body raw. */
export function paymentWebhookRoute(app: FastifyInstance, { payments, inbox, log }: WebhookRouteDeps) {
  return rawBodyScope(app, (scope) => {
    for (const provider of payments.all) {
      const verify = provider.verifyWebhook?.bind(provider);
      if (!verify) continue;
      scope.post(provider.webhookPath ?? WEBHOOK_PATH, async (request, reply) => {
        const raw = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
        const event = await verify(raw, request.headers, { ip: request.ip });
        const fresh = await inbox.recordWebhook(provider.name, event);
        // Acknowledged at once (the provider waits 15 s at most) and handled after. A repeated
        // delivery of an event not processed yet is handled too; one processed already is not.
        // What fails, or is cut short by this process dying, is taken up by the reconciliation.
        setImmediate(() => {
          inbox.processWebhook(event.id).catch((err: unknown) => log.error({ err, webhook: event.id }, 'webhook handling failed'));
        });
        return fresh ? reply.code(200).send({ received: true }) : { received: true, duplicate: true };
      });
    }
  });
}

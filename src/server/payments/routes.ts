import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { renderSandboxPayment, renderSandboxProblem } from './sandbox-page';
import { SANDBOX_PAGE_PATH, WEBHOOK_PATH, type SandboxProvider, type WebhookDelivery } from './sandbox';
import { createPaymentProvider, type ShopPaymentProvider } from './service';

/** The sandbox's webhooks go to the shop's own webhook route inside this process: no network, no proxy in the way. */
function deliverInProcess(app: FastifyInstance): WebhookDelivery {
  return async ({ headers, body }) => {
    const response = await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body });
    return response.statusCode;
  };
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
    .send(html);
}

const problemHeadings: Record<number, string> = { 404: 'Payment not found', 409: 'This payment is closed' };

/** The sandbox's hosted payment page and its three buttons. */
export function sandboxPaymentRoutes(app: FastifyInstance, sandbox: SandboxProvider, shopName: string): void {
  void app.register(async (scope) => {
    // The buttons are plain HTML forms; their (empty) bodies are not read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const problem = (reply: FastifyReply, err: unknown) => {
      if (!(err instanceof DomainError)) throw err;
      const heading = problemHeadings[err.status] ?? 'Payment problem';
      return sendPage(reply, err.status, renderSandboxProblem(heading, err.message, shopName));
    };

    scope.get<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}/:id`, async (request, reply) => {
      const checkout = await sandbox.find(request.params.id);
      if (!checkout) {
        return sendPage(reply, 404, renderSandboxProblem('Payment not found', 'This payment link is not known. Start again from the checkout.', shopName));
      }
      return sendPage(reply, 200, renderSandboxPayment(checkout, shopName));
    });

    for (const step of ['pay', 'cancel', 'decline'] as const) {
      scope.post<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}/:id/${step}`, async (request, reply) => {
        try {
          const { redirectUrl } = await sandbox[step](request.params.id);
          // 303: the browser follows with a GET, as after Yoco's own page.
          return reply.redirect(redirectUrl, 303);
        } catch (err) {
          return problem(reply, err);
        }
      });
    }
  });
}

export interface PaymentSetup {
  config: Config;
  db: Database;
  sessionSecret: string;
}

/**
 * The shop's payment provider, chosen by PAYMENT_PROVIDER; with the sandbox, also its payment
 * pages. The webhook route and the /api/payments calls are the checkout's, which use the answer.
 */
export async function registerPayments(app: FastifyInstance, { config, db, sessionSecret }: PaymentSetup): Promise<ShopPaymentProvider> {
  const logger = app.log.child({ component: 'payments' });
  const provider = createPaymentProvider(config, { db, sessionSecret, deliver: deliverInProcess(app), logger });
  if (provider.name === 'sandbox') {
    sandboxPaymentRoutes(app, provider, config.shop.name);
    app.addHook('onClose', async () => provider.close());
    logger.info(`payments: sandbox (no real money moves), payment pages at ${config.publicUrl}${SANDBOX_PAGE_PATH}/…`);
  }
  return provider;
}

import type { Config } from '../config';
import type { Database } from '../db/client';
import { createSandboxProvider, sandboxWebhookSecret, type SandboxLogger, type SandboxProvider, type WebhookDelivery } from './sandbox';
import { createYocoProvider, type YocoProvider } from './yoco';

/** Narrow with `provider.name === 'sandbox'` to reach the sandbox's payment-page calls. */
export type ShopPaymentProvider = YocoProvider | SandboxProvider;

export interface PaymentProviderDeps {
  db: Database;
  /** The shop's session secret; the sandbox derives its webhook secret from it. */
  sessionSecret: string;
  /** How the sandbox hands its webhooks to the shop. */
  deliver: WebhookDelivery;
  logger?: SandboxLogger;
  /** Replaces the global fetch for calls to Yoco (tests). */
  fetch?: typeof fetch;
}

/** The provider PAYMENT_PROVIDER names: `sandbox` (default) or `yoco`. */
export function createPaymentProvider(config: Config, deps: PaymentProviderDeps): ShopPaymentProvider {
  const env = config.env;
  if (env.PAYMENT_PROVIDER === 'yoco') {
    if (!env.YOCO_SECRET_KEY || !env.YOCO_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_PROVIDER=yoco needs YOCO_SECRET_KEY and YOCO_WEBHOOK_SECRET');
    }
    return createYocoProvider({
      apiUrl: env.YOCO_API_URL,
      secretKey: env.YOCO_SECRET_KEY,
      webhookSecret: env.YOCO_WEBHOOK_SECRET,
      fetch: deps.fetch,
    });
  }
  return createSandboxProvider({
    db: deps.db,
    publicUrl: config.publicUrl,
    webhookSecret: sandboxWebhookSecret(deps.sessionSecret),
    deliver: deps.deliver,
    logger: deps.logger,
  });
}

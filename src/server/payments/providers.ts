import { createProvider, namedBy, type ChosenSettings, type ProviderOf } from '../provider-registry';
import type { PaymentProviderContext } from './provider';
import { sandboxPayments } from './sandbox';
import { yocoPayments } from './yoco';

/** Every payment provider the shop can use, by the name PAYMENT_PROVIDER gives. A new one is its own file and one line here. */
export const paymentProviders = {
  sandbox: sandboxPayments,
  yoco: yocoPayments,
};

export const paymentProviderKind = namedBy(paymentProviders, 'PAYMENT_PROVIDER', 'sandbox');

/** `{ provider: 'sandbox' } | { provider: 'yoco'; secretKey; webhookSecret; apiUrl }`, read at start. */
export type PaymentSettings = ChosenSettings<typeof paymentProviders>;

/** Narrow with `provider.name === 'sandbox'` to reach the sandbox's payment-page calls. */
export type ShopPaymentProvider = ProviderOf<typeof paymentProviders>;

export type PaymentProviderDeps = Omit<PaymentProviderContext, 'publicUrl'>;

/** The provider PAYMENT_PROVIDER names, made from the settings the start checked. */
export function createPaymentProvider(config: { payments: PaymentSettings; publicUrl: string }, deps: PaymentProviderDeps): ShopPaymentProvider {
  return createProvider(paymentProviders, config.payments, { ...deps, publicUrl: config.publicUrl });
}

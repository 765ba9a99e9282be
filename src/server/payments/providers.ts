import { createProvider, namedBy, readProviderList, type ChosenSettings, type Environment, type ProviderOf } from '../provider-registry';
import type { PaymentProviderContext } from './provider';
import { paymentMethodView } from '../../shared/payment-methods';
import { sandboxPayments } from './sandbox';
import { yocoPayments } from './yoco';
import { payfastPayments } from './payfast';
import { ozowPayments } from './ozow';
import { eftPayments, type BankTransferProvider } from './eft';

/** Every payment provider the shop can use, by the name PAYMENT_PROVIDERS gives. A new one is its own file and one line here. */
export const paymentProviders = {
  sandbox: sandboxPayments,
  yoco: yocoPayments,
  payfast: payfastPayments,
  ozow: ozowPayments,
  eft: eftPayments,
};

const paymentProviderKind = namedBy(paymentProviders, 'PAYMENT_PROVIDER', 'sandbox');

/** The ways to pay the shop offers, in the order checkout shows them: `PAYMENT_PROVIDERS=yoco,eft`. */
const PAYMENT_PROVIDERS = 'PAYMENT_PROVIDERS';

/** `{ provider: 'sandbox' } | { provider: 'yoco'; secretKey; webhookSecret; apiUrl }`, read at start. */
export type PaymentSettings = ChosenSettings<typeof paymentProviders>;

/** Narrow with `provider.name === 'sandbox'` to reach the sandbox's payment-page calls. */
type ShopPaymentProvider = ProviderOf<typeof paymentProviders>;

export type PaymentProviderDeps = Omit<PaymentProviderContext, 'publicUrl'>;

/**
 * The payment providers the shop offers, each with its settings, or what is wrong in the start's
 * words. The sandbox is a stand-in for Yoco's card payments (the same calls and webhooks), so a
 * shop offers one of the two.
 */
export function readPaymentSettings(env: Environment): { settings?: PaymentSettings[]; problems: string[] } {
  const read = readProviderList(paymentProviderKind, PAYMENT_PROVIDERS, env);
  const names = read.settings?.map((s) => s.provider) ?? [];
  if (names.includes('sandbox') && names.includes('yoco')) {
    return { problems: [`${PAYMENT_PROVIDERS} names both sandbox and yoco: the sandbox stands in for Yoco's card payments, so offer one of them`] };
  }
  return read;
}

/** The shop's ways to pay, in the order it offers them; a checkout is paid with the one it was opened with. */
export interface PaymentMethods {
  readonly all: readonly ShopPaymentProvider[];
  /** The first one offered: what a checkout that names none is paid with. */
  readonly first: ShopPaymentProvider;
  /** The provider of this name, when the shop offers it. */
  get(name: string): ShopPaymentProvider | undefined;
  /** The provider a checkout was opened with; throws when the shop no longer offers it. */
  of(checkout: { provider: string }): ShopPaymentProvider;
  /** The shop's bank account and days to pay, where it takes bank transfers (EFT). */
  readonly bankTransfer?: BankTransferProvider['bankTransfer'];
  /**
   * Where an order paid this way is refunded by hand ("on PayFast's dashboard …"); undefined when
   * the shop asks the provider (cards). A way the shop no longer offers is refunded where it was paid.
   */
  refundsByHand(paymentMethod: string): string | undefined;
}

/** The providers PAYMENT_PROVIDERS names, made from the settings the start checked. */
export function createPaymentMethods(config: { payments: readonly PaymentSettings[]; publicUrl: string }, deps: PaymentProviderDeps): PaymentMethods {
  const all = config.payments.map((settings) => createProvider(paymentProviders, settings, { ...deps, publicUrl: config.publicUrl }));
  const byName = new Map<string, ShopPaymentProvider>(all.map((provider) => [provider.name, provider]));
  const transfers = all.find((provider): provider is BankTransferProvider => provider.name === 'eft');
  return {
    all,
    first: all[0]!,
    bankTransfer: transfers?.bankTransfer,
    get: (name) => byName.get(name),
    refundsByHand(paymentMethod) {
      const provider = byName.get(paymentMethod);
      return provider ? provider.refundsByHand : `where it was paid (${paymentMethodView(paymentMethod).paidWith}, no longer offered here)`;
    },
    of(checkout) {
      const provider = byName.get(checkout.provider);
      if (!provider) throw new Error(`This checkout was opened with ${checkout.provider}, which the shop no longer offers (${PAYMENT_PROVIDERS})`);
      return provider;
    },
  };
}

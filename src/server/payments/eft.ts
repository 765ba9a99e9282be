import { z } from 'zod';
import { unsetWhenBlank } from '../provider-registry';
import { DEFAULT_EFT_DAYS, type BankAccount } from '../../shared/bank-transfer';
import type { PaymentProvider, PaymentProviderDefinition } from './provider';

/**
 * Bank transfer (EFT): no payment page and no provider to ask. Choosing it places the order at once
 * as awaiting payment, holding its flags; the buyer pays into the shop's account with the order
 * number as the reference, and the order desk marks the payment received when it reflects.
 */
export interface BankTransferProvider extends PaymentProvider {
  readonly name: 'eft';
  readonly bankTransfer: { account: BankAccount; days: number };
}

const eftSettings = z
  .object({
    EFT_ACCOUNT_NAME: unsetWhenBlank.pipe(z.string().max(100, 'EFT_ACCOUNT_NAME is at most 100 characters')),
    EFT_BANK: unsetWhenBlank.pipe(z.string().max(60, 'EFT_BANK is at most 60 characters')),
    EFT_ACCOUNT_NUMBER: unsetWhenBlank.pipe(z.string().regex(/^\d{6,16}$/, 'EFT_ACCOUNT_NUMBER must be the account number: 6 to 16 digits')),
    EFT_BRANCH_CODE: unsetWhenBlank.pipe(z.string().regex(/^\d{6}$/, 'EFT_BRANCH_CODE must be the 6-digit branch code')),
    EFT_DAYS: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, 'EFT_DAYS must be a whole number of business days, from 1 to 14')
      .transform(Number)
      .refine((days) => days >= 1 && days <= 14, 'EFT_DAYS must be a whole number of business days, from 1 to 14')
      .optional(),
  })
  .transform((env) => ({
    account: { accountName: env.EFT_ACCOUNT_NAME, bank: env.EFT_BANK, accountNumber: env.EFT_ACCOUNT_NUMBER, branchCode: env.EFT_BRANCH_CODE },
    days: env.EFT_DAYS ?? DEFAULT_EFT_DAYS,
  }));

function createBankTransferProvider(settings: z.output<typeof eftSettings>): BankTransferProvider {
  return {
    name: 'eft',
    bankTransfer: settings,
    // The checkout needs no page: the shop places the order and shows the buyer how to pay.
    async createCheckout(input) {
      return { id: `eft_${input.externalId}`, redirectUrl: input.successUrl, status: 'awaiting_transfer', replayed: false };
    },
    // Only the order desk sees a transfer reflect: no one else can say it is paid.
    async getCheckout(checkoutId) {
      return { id: checkoutId, status: 'awaiting_transfer', paid: false, amountCents: 0, currency: 'ZAR', paymentId: null, metadata: {} };
    },
    // Paid back from the shop's bank account; the desk records the transfer.
    refundsByHand: "from the shop's bank account",
  };
}

export const eftPayments: PaymentProviderDefinition<z.output<typeof eftSettings>, BankTransferProvider> = {
  settings: eftSettings,
  whereToGetThem: "the shop's business bank account",
  create: (settings) => createBankTransferProvider(settings),
};

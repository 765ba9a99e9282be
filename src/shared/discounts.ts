import { z } from 'zod';
import { formatRand } from './money';
import { dayInWords, isCalendarDate } from './profile';
import { MINIMUM_CARD_PAYMENT_CENTS } from './shop-facts';
import { discountCents, fullDiscountCents, type CodeTerms } from './pricing';

export const discountKinds = ['percent', 'amount'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export const discountMessages = {
  code: 'A code has 3 to 30 letters, digits or dashes, like HERITAGE-DAY',
  kind: 'Choose a percentage or a fixed amount off',
  percent: 'The percentage off must be a whole number from 1 to 100',
  freeOrder: `A code cannot make an order free: card payments start at ${formatRand(MINIMUM_CARD_PAYMENT_CENTS)}. Take 100% off the flags only (delivery is paid), or less than 100% with delivery`,
  amount: 'Please enter the amount off in rand, like 50.00 (at most R100 000.00)',
  minimumSpend: 'The minimum spend must be an amount in rand, 0 or more',
  date: 'Please enter a date like 2026-12-16, or leave it empty',
  endsBeforeStart: 'The last day must be on or after the first day',
  /** A code whose last day is gone when it is made could never be used: almost surely a slip of the year or month. */
  endedAlready: (endsOn: string, today: string) =>
    `The last day, ${dayInWords(endsOn)}, has already passed, so shoppers could never use this code. Choose ${dayInWords(today)} or a later day, or leave it empty.`,
  totalUses: 'Total uses must be a whole number of at least 1, or empty for no limit',
  usesPerCustomer: 'Uses per customer must be a whole number of at least 1',
  unknown: 'This discount code is not valid. Please check it and try again.',
  switchedOff: 'This discount code is no longer available.',
  expired: 'This discount code has expired.',
  usedUp: 'This discount code has been used up.',
  alreadyUsed: 'You have already used this discount code.',
  notYet: (firstDay: string) => `This discount code can be used from ${firstDay}.`,
  minimumSpendNotMet: (cents: number) => `This discount code needs flags worth at least ${formatRand(cents)} in your cart.`,
  onlyQuantityPrices: 'This discount code does not take anything off flags that already have a quantity price.',
  taken: (code: string) => `There is already a discount code ${code}`,
} as const;

const CODE_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
const MAX_CENTS = 10_000_000;

/** Codes are typed in any case and with stray spaces; the shop keeps and compares them in capitals. */
export const discountCodeText = z
  .string({ error: discountMessages.code })
  .trim()
  .max(30, discountMessages.code)
  .transform((code) => code.toUpperCase());

const day = z
  .string({ error: discountMessages.date })
  .trim()
  .refine(isCalendarDate, discountMessages.date)
  .nullable()
  .default(null);

/** POST /api/admin/discount-codes. */
export const createDiscountCodeSchema = z
  .object({
    code: discountCodeText.refine((code) => code.length >= 3 && CODE_PATTERN.test(code), discountMessages.code),
    kind: z.enum(discountKinds, { error: discountMessages.kind }),
    percent: z.number({ error: discountMessages.percent }).int(discountMessages.percent).min(1, discountMessages.percent).max(100, discountMessages.percent).optional(),
    amountCents: z.number({ error: discountMessages.amount }).int(discountMessages.amount).min(1, discountMessages.amount).max(MAX_CENTS, discountMessages.amount).optional(),
    minimumSpendCents: z
      .number({ error: discountMessages.minimumSpend })
      .int(discountMessages.minimumSpend)
      .min(0, discountMessages.minimumSpend)
      .max(MAX_CENTS, discountMessages.minimumSpend)
      .default(0),
    startsOn: day,
    endsOn: day,
    totalUses: z.number({ error: discountMessages.totalUses }).int(discountMessages.totalUses).min(1, discountMessages.totalUses).max(1_000_000, discountMessages.totalUses).nullable().default(null),
    usesPerCustomer: z
      .number({ error: discountMessages.usesPerCustomer })
      .int(discountMessages.usesPerCustomer)
      .min(1, discountMessages.usesPerCustomer)
      .max(1_000, discountMessages.usesPerCustomer)
      .default(1),
    includesDelivery: z.boolean({ error: 'includesDelivery must be true or false' }).default(false),
  })
  .strict()
  .refine((input) => input.kind !== 'percent' || input.percent !== undefined, { path: ['percent'], message: discountMessages.percent })
  .refine((input) => input.kind !== 'amount' || input.amountCents !== undefined, { path: ['amountCents'], message: discountMessages.amount })
  .refine((input) => !(input.kind === 'percent' && input.percent === 100 && input.includesDelivery), { path: ['percent'], message: discountMessages.freeOrder })
  .refine((input) => !input.startsOn || !input.endsOn || input.endsOn >= input.startsOn, { path: ['endsOn'], message: discountMessages.endsBeforeStart });
export type CreateDiscountCodeInput = z.output<typeof createDiscountCodeSchema>;

/** PATCH /api/admin/discount-codes/:id: switch a code off (or on again). */
export const updateDiscountCodeSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) }).strict();

/** A code as the order desk lists it, with how it has done. */
export interface DiscountCodeView {
  id: string;
  code: string;
  kind: DiscountKind;
  percent: number | null;
  amountCents: number | null;
  minimumSpendCents: number;
  /** YYYY-MM-DD, South African days, both included; null: no limit. */
  startsOn: string | null;
  endsOn: string | null;
  totalUses: number | null;
  usesPerCustomer: number;
  includesDelivery: boolean;
  active: boolean;
  /** Checkouts holding it now and orders paid with it. */
  uses: number;
  /** Orders paid with it, and what they came to (cents, VAT included). */
  orders: number;
  revenueCents: number;
  createdAt: string;
}

/** What a code takes off, in words: '15% off, delivery too' or 'R50.00 off'. */
export function discountOffText(code: CodeTerms): string {
  return `${code.kind === 'percent' ? `${code.percent}%` : formatRand(code.amountCents!)} off${code.includesDelivery ? ', delivery too' : ''}`;
}

/** The code's words for this order: what it takes off, and when it would leave less than a card can pay, what is left to pay. */
export function discountOffTextFor(code: CodeTerms, subtotalCents: number, deliveryFeeCents: number): string {
  const held = discountCents(code, subtotalCents, deliveryFeeCents) < fullDiscountCents(code, subtotalCents, deliveryFeeCents);
  const least = formatRand(MINIMUM_CARD_PAYMENT_CENTS);
  return held ? `${discountOffText(code)} (you pay ${least}: card payments start at ${least})` : discountOffText(code);
}



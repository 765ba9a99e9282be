import { z } from 'zod';
import { isCalendarDate, todayInSouthAfrica } from './profile';
import { formatRand } from './money';

/** The shop's business bank account (EFT_ACCOUNT_NAME, EFT_BANK, EFT_ACCOUNT_NUMBER, EFT_BRANCH_CODE). */
export interface BankAccount {
  accountName: string;
  bank: string;
  accountNumber: string;
  branchCode: string;
}

/** What a buyer needs to pay an order by bank transfer: the account, the reference (the order number), the amount and by when. */
export interface BankTransferDetails extends BankAccount {
  reference: string;
  amountCents: number;
  /** YYYY-MM-DD: after this day the order is cancelled and its flags go back on sale. */
  payBy: string;
}

/**
 * The most orders one customer (an account, or a guest's email address) may have waiting for a
 * bank transfer: each holds its flags for days, and a guest needs no verified email to place one.
 */
export const MAX_UNPAID_TRANSFERS = 3;

export const unpaidTransfersMessage = `You already have ${MAX_UNPAID_TRANSFERS} orders waiting for a bank transfer. Please pay for one of them first, or choose another way to pay.`;

/** How many business days a buyer has to pay by bank transfer unless EFT_DAYS says otherwise. */
export const DEFAULT_EFT_DAYS = 3;

const DAY_MS = 86_400_000;

/** The day `days` business days (Monday to Friday) after `day`, both YYYY-MM-DD; public holidays are not counted out. */
export function addBusinessDays(day: string, days: number): string {
  let date = new Date(`${day}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

export const paymentReceivedMessages = {
  amount: 'Please enter the amount that reflected, in rand',
  receivedOn: 'Please enter the day the money reflected: today or an earlier day',
} as const;

/** The order desk's "Mark payment received": the amount that reflected and the day it did. */
export const paymentReceivedSchema = z.object({
  amountCents: z
    .number({ error: paymentReceivedMessages.amount })
    .int(paymentReceivedMessages.amount)
    .positive(paymentReceivedMessages.amount)
    .max(100_000_000, paymentReceivedMessages.amount),
  receivedOn: z
    .string({ error: paymentReceivedMessages.receivedOn })
    .refine((value) => isCalendarDate(value) && value <= todayInSouthAfrica(), paymentReceivedMessages.receivedOn),
});
export type PaymentReceivedInput = z.input<typeof paymentReceivedSchema>;

/** A transfer of another amount: the order is marked paid only once its whole total has reflected. */
export function wrongTransferAmount(totalCents: number, amountCents: number): string {
  return `This order's total is ${formatRand(totalCents)}, and ${formatRand(amountCents)} reflected. Mark it paid once the whole total has reflected, or refund the transfer from the bank.`;
}

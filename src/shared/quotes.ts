import { z } from 'zod';
import { emailSchema, optionalText, optionalVatNumber } from './schemas';
import { isCalendarDate, normalisePhone, todayInSouthAfrica } from './profile';
import { formatRand } from './money';

/**
 * Request a quote: for more than a cart line holds, or a size or print the shop does not list. The
 * shopper names the flags, sizes and quantities; the order desk answers with a price per line by email.
 */
export const MAX_QUOTE_LINES = 100;
/** Ten thousand of one flag is far beyond any school or embassy, and keeps a typing slip out of the price. */
const MAX_QUOTE_QUANTITY = 10_000;
/** A quote's price per flag, like a size's: at most R100 000. */
const MAX_UNIT_CENTS = 10_000_000;
const MAX_DELIVERY_CENTS = 10_000_000;
/** How far ahead a date may be: needed by, or a quote valid until. */
const DAYS_AHEAD = 366;
const DAYS_VALID = 90;

export const quoteMessages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number, or leave it empty',
  vatNumber: 'A South African VAT number is 10 digits starting with 4',
  deliveryArea: 'Please say where the flags go: a town or suburb, and the province',
  neededBy: 'Please choose the date you need the flags by, from today, or leave it empty',
  noLines: 'Please add at least one flag',
  tooManyLines: `A quote request holds at most ${MAX_QUOTE_LINES} lines. For more, please attach a list to an email to us.`,
  flag: 'Please choose a flag on each line, or describe the one you need',
  size: 'Please choose a size on each line, or describe the one you need',
  sizeWithoutFlag: 'Choose the flag before its size',
  quantity: 'Please enter how many, from 1 to 10 000',
  unitPrice: 'Please enter a price for each flag, from R0.01 to R100 000.00',
  lineCount: 'Please give one price for each line of the request',
  delivery: 'Please enter the delivery fee in rand, R0.00 or more',
  validUntil: `Please choose the last day the price holds, from today to ${DAYS_VALID} days ahead`,
  closed: 'This quote request is closed. Reopen it before answering.',
  notFound: 'Quote request not found',
} as const;

/** The number of days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** A day from today (in South Africa) to `days` ahead, as YYYY-MM-DD. */
function dayAhead(message: string, days: number) {
  return z
    .string({ error: message })
    .refine((value) => isCalendarDate(value), message)
    .refine((value) => {
      const ahead = daysBetween(todayInSouthAfrica(), value);
      return ahead >= 0 && ahead <= days;
    }, message);
}

/**
 * A line's check that runs beside the others' (so a form names every problem of a line at once),
 * once the fields it reads are well formed.
 */
const fieldsFine =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

/**
 * One line: a listed flag (productId) or a described one (flag), in a listed size (sizeId) or a
 * described one (size, e.g. '3 m × 2 m, printed both sides'). The server reads a listed flag's name
 * and size from the catalogue; what a browser sends as their names is never trusted.
 */
export const quoteLineSchema = z
  .object({
    productId: z.uuid(quoteMessages.flag).optional(),
    flag: optionalText('The flag', 200),
    sizeId: z.uuid(quoteMessages.size).optional(),
    size: optionalText('The size', 200),
    quantity: z.number({ error: quoteMessages.quantity }).int(quoteMessages.quantity).min(1, quoteMessages.quantity).max(MAX_QUOTE_QUANTITY, quoteMessages.quantity),
  })
  .refine((line) => line.productId !== undefined || line.flag !== undefined, { message: quoteMessages.flag, path: ['flag'], when: fieldsFine('productId', 'flag') })
  .refine((line) => line.sizeId !== undefined || line.size !== undefined, { message: quoteMessages.size, path: ['size'], when: fieldsFine('sizeId', 'size') })
  .refine((line) => line.sizeId === undefined || line.productId !== undefined, {
    message: quoteMessages.sizeWithoutFlag,
    path: ['size'],
    when: fieldsFine('productId', 'sizeId'),
  });
export type QuoteLineInput = z.input<typeof quoteLineSchema>;

export const quoteRequestSchema = z.object({
  name: z.string({ error: quoteMessages.name }).trim().min(1, quoteMessages.name).max(100, 'Name is too long (100 characters at most)'),
  email: emailSchema(quoteMessages.email),
  phone: z
    .string({ error: quoteMessages.phone })
    .trim()
    .max(20, quoteMessages.phone)
    .refine((value) => value === '' || normalisePhone(value) !== undefined, quoteMessages.phone)
    .transform((value) => (value === '' ? undefined : normalisePhone(value)))
    .optional(),
  organisation: optionalText('Organisation', 150),
  vatNumber: optionalVatNumber(quoteMessages.vatNumber),
  deliveryArea: z.string({ error: quoteMessages.deliveryArea }).trim().min(2, quoteMessages.deliveryArea).max(200, 'Delivery area is at most 200 characters'),
  neededBy: z
    .string({ error: quoteMessages.neededBy })
    .trim()
    .pipe(z.literal('').or(dayAhead(quoteMessages.neededBy, DAYS_AHEAD)))
    .transform((value) => value || undefined)
    .optional(),
  notes: optionalText('Notes', 2000),
  lines: z.array(quoteLineSchema, { error: quoteMessages.noLines }).min(1, quoteMessages.noLines).max(MAX_QUOTE_LINES, quoteMessages.tooManyLines),
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** A line as kept: the flag and size in words, with the catalogue's ids and SKU when they were listed. */
export interface QuoteLine {
  productId: string | null;
  sizeId: string | null;
  sku: string | null;
  flag: string;
  size: string;
  quantity: number;
}

/** The order desk's answer: a price per flag on each line, delivery, and how long the price holds. */
export const quoteAnswerSchema = z.object({
  unitPricesCents: z
    .array(z.number({ error: quoteMessages.unitPrice }).int(quoteMessages.unitPrice).min(1, quoteMessages.unitPrice).max(MAX_UNIT_CENTS, quoteMessages.unitPrice), {
      error: quoteMessages.lineCount,
    })
    .min(1, quoteMessages.lineCount)
    .max(MAX_QUOTE_LINES, quoteMessages.lineCount),
  deliveryCents: z.number({ error: quoteMessages.delivery }).int(quoteMessages.delivery).min(0, quoteMessages.delivery).max(MAX_DELIVERY_CENTS, quoteMessages.delivery),
  validUntil: dayAhead(quoteMessages.validUntil, DAYS_VALID),
  message: optionalText('The message', 3000),
});
export type QuoteAnswerInput = z.input<typeof quoteAnswerSchema>;

export interface QuoteAnswer {
  unitPricesCents: number[];
  deliveryCents: number;
  totalCents: number;
  validUntil: string;
  message: string | null;
}

/** The total of a quote: each line's flags at their price, and delivery. */
export function quoteTotalCents(lines: Pick<QuoteLine, 'quantity'>[], unitPricesCents: number[], deliveryCents: number): number {
  return lines.reduce((sum, line, i) => sum + line.quantity * (unitPricesCents[i] ?? 0), deliveryCents);
}

/** '12 × South Africa, 90 × 60 cm', as the emails and the desk write a line. */
export function quoteLineText(line: Pick<QuoteLine, 'flag' | 'size' | 'quantity'>): string {
  return `${line.quantity} × ${line.flag}, ${line.size}`;
}

/** 'R170.00 each, R2 040.00' */
export function quotedLineAmount(line: Pick<QuoteLine, 'quantity'>, unitCents: number): string {
  return `${formatRand(unitCents)} each, ${formatRand(line.quantity * unitCents)}`;
}

export const quoteStatuses = ['open', 'answered', 'closed'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** Q1001: the number the shopper and the desk quote. */
export const quoteReference = (number: number) => `Q${number}`;

export interface QuoteRequestView {
  id: string;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  organisation: string | null;
  vatNumber: string | null;
  deliveryArea: string;
  neededBy: string | null;
  notes: string | null;
  lines: QuoteLine[];
  status: QuoteStatus;
  answer: QuoteAnswer | null;
  answeredAt: string | null;
  answeredBy: string | null;
  closedAt: string | null;
  closedBy: string | null;
  createdAt: string;
}

export const quoteInboxQuerySchema = z.object({ status: z.enum(['open', 'answered', 'closed', 'all']).default('open') });
export type QuoteFilter = z.output<typeof quoteInboxQuerySchema>['status'];
export const closeQuoteSchema = z.object({ closed: z.boolean({ error: 'Say whether the request is closed (true or false)' }) });

/** What the shopper is told once the request is in. */
export const quoteReceivedMessage = (reference: string) =>
  `Thank you! Your quote request ${reference} is with us. We have emailed you a copy and will email you a price soon.`;

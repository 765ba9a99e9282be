import { centsToDecimal } from '../../shared/money';
import { deliveryOptionLabel } from '../../shared/delivery';
import { orderStatusPhrase, paymentStatusLabels, type AdminOrder } from '../../shared/order-desk';
import { countryName } from '../../shared/product';

/**
 * A spreadsheet runs a text cell that starts with = + - @ (or a tab or carriage return) as a
 * formula, so a customer named '=HYPERLINK(…)' could plant a link or worse in the owner's
 * spreadsheet. Such cells get a leading apostrophe, which spreadsheets show as text (OWASP's
 * advice). A phone number '+27…' is one of them, which also keeps the spreadsheet from turning it
 * into a number.
 */
function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A figure for the spreadsheet to add up: written as it is, never guarded, so that a credit of
 * -8.70 stays a number (an apostrophe would make it text that sums skip and Xero reads as no amount).
 */
export interface CsvFigure {
  readonly figure: string;
}

/** An amount in rand with two decimals, '-8.70' for -870 cents. */
export function csvAmount(cents: number): CsvFigure {
  return { figure: centsToDecimal(cents) };
}

/** A whole number, such as a quantity. */
export function csvCount(count: number): CsvFigure {
  if (!Number.isSafeInteger(count)) throw new RangeError(`${count} is not a whole number`);
  return { figure: String(count) };
}

export type CsvValue = string | CsvFigure;

/** RFC 4180: a cell with a comma, quote or line break goes in quotes, its quotes doubled. */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return value.figure;
  const safe = guardFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(cells: CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * A CSV file for a spreadsheet: a byte order mark so that Excel reads it as UTF-8 (names with
 * accents, the × in the items), and CRLF line ends as RFC 4180 has them.
 */
export function csvFile(rows: CsvValue[][]): string {
  return `\uFEFF${rows.map(csvLine).join('\r\n')}\r\n`;
}

/** '2024-05-01 14:30' in Africa/Johannesburg: times are stored in UTC and shown in South African time. */
function sastDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Johannesburg',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const columns: [heading: string, cell: (order: AdminOrder) => CsvValue][] = [
  ['Order number', (o) => o.orderNumber],
  ['Date (SAST)', (o) => sastDateTime(o.createdAt)],
  ['Status', (o) => orderStatusPhrase(o)],
  ['Payment status', (o) => paymentStatusLabels[o.paymentStatus]],
  ['Customer name', (o) => o.customerName],
  ['Email', (o) => o.customerEmail],
  ['Phone', (o) => o.customerPhone],
  ['Delivery option', (o) => deliveryOptionLabel(o.deliveryOption)],
  ['Pickup point code', (o) => o.paxiLocationId ?? ''],
  ['Pickup point name', (o) => o.paxiLocationName ?? ''],
  ['Pickup point address', (o) => o.paxiLocationAddress ?? ''],
  ['Delivery address', (o) => o.deliveryAddress ?? ''],
  ['Items', (o) => o.items.map((item) => `${countryName(item.productName)} × ${item.quantity}`).join('; ')],
  ['Subtotal (R)', (o) => csvAmount(o.subtotalCents)],
  ['Delivery fee (R)', (o) => csvAmount(o.deliveryFeeCents)],
  ['Discount code', (o) => o.discountCode ?? ''],
  ['Discount (R)', (o) => csvAmount(o.discountCents)],
  ['Total (R)', (o) => csvAmount(o.totalAmount)],
  ['Refunded (R)', (o) => csvAmount(o.refundedCents)],
  ['Tracking number', (o) => o.trackingNumber ?? ''],
  ['Fulfilled at (SAST)', (o) => (o.fulfilledAt ? sastDateTime(o.fulfilledAt) : '')],
];

/** The orders as a CSV file for a spreadsheet. */
export function ordersCsv(orders: AdminOrder[]): string {
  return csvFile([columns.map(([heading]) => heading), ...orders.map((order) => columns.map(([, cell]) => cell(order)))]);
}

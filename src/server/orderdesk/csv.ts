import { centsToDecimal } from '../../shared/money';
import { deliveryOptionLabel } from '../../shared/delivery';
import { orderStatusPhrase, paymentStatusLabels, type AdminOrder } from '../../shared/order-desk';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula,
 * so a customer named '=HYPERLINK(…)' could plant a link or worse in the owner's spreadsheet.
 * Such cells get a leading apostrophe, which spreadsheets show as text (OWASP's advice). A phone
 * number '+27…' is one of them, which also keeps the spreadsheet from turning it into a number.
 */
function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a cell with a comma, quote or line break goes in quotes, its quotes doubled. */
export function csvCell(value: string): string {
  const safe = guardFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: string[]): string {
  return cells.map(csvCell).join(',');
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

const columns: [heading: string, cell: (order: AdminOrder) => string][] = [
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
  ['Items', (o) => o.items.map((item) => `${item.productName} × ${item.quantity}`).join('; ')],
  ['Subtotal (R)', (o) => centsToDecimal(o.subtotalCents)],
  ['Delivery fee (R)', (o) => centsToDecimal(o.deliveryFeeCents)],
  ['Discount code', (o) => o.discountCode ?? ''],
  ['Discount (R)', (o) => centsToDecimal(o.discountCents)],
  ['Total (R)', (o) => centsToDecimal(o.totalAmount)],
  ['Refunded (R)', (o) => centsToDecimal(o.refundedCents)],
  ['Tracking number', (o) => o.trackingNumber ?? ''],
  ['Fulfilled at (SAST)', (o) => (o.fulfilledAt ? sastDateTime(o.fulfilledAt) : '')],
];

/**
 * The orders as a CSV file for a spreadsheet: a byte order mark so that Excel reads it as UTF-8
 * (names with accents, the × in the items), and CRLF line ends as RFC 4180 has them.
 */
export function ordersCsv(orders: AdminOrder[]): string {
  const lines = [csvLine(columns.map(([heading]) => heading)), ...orders.map((order) => csvLine(columns.map(([, cell]) => cell(order))))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

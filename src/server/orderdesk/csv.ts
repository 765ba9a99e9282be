import { deliveryOptionLabel } from '../../shared/delivery';
import { orderStatusPhrase, paymentStatusLabels, type AdminOrder } from '../../shared/order-desk';
import { lineName } from '../../shared/product';
import { paymentMethodView } from '../../shared/payment-methods';
import { csvAmount, csvFile, type CsvValue } from '../lib/csv';

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
  ['Items', (o) => o.items.map((item) => `${lineName(item)} × ${item.quantity}`).join('; ')],
  ['Subtotal (R)', (o) => csvAmount(o.subtotalCents)],
  ['Delivery fee (R)', (o) => csvAmount(o.deliveryFeeCents)],
  ['Discount code', (o) => o.discountCode ?? ''],
  ['Discount (R)', (o) => csvAmount(o.discountCents)],
  ['Total (R)', (o) => csvAmount(o.totalAmount)],
  ['Refunded (R)', (o) => csvAmount(o.refundedCents)],
  ['Tracking number', (o) => o.trackingNumber ?? ''],
  ['Fulfilled at (SAST)', (o) => (o.fulfilledAt ? sastDateTime(o.fulfilledAt) : '')],
  // Last, so that a spreadsheet reading the columns by position before it was added reads the same.
  ['Payment method', (o) => paymentMethodView(o.paymentMethod).paidWith],
];

/** The orders as a CSV file for a spreadsheet. */
export function ordersCsv(orders: AdminOrder[]): string {
  return csvFile([columns.map(([heading]) => heading), ...orders.map((order) => columns.map(([, cell]) => cell(order)))]);
}

import { orderDeskMessages, orderStatuses, type AdminOrder, type AdminOrderItem, type OrderSort, type OrderSortColumn, type OrderStatus } from '../../../shared/order-desk';
import { lineName } from '../../../shared/product';

const TIME_ZONE = 'Africa/Johannesburg';

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
const dayMonth = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: TIME_ZONE });
const fullDay = new Intl.DateTimeFormat('en-ZA', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const shortMonth = new Intl.DateTimeFormat('en-ZA', { month: 'short', year: 'numeric', timeZone: TIME_ZONE });
const longMonth = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: TIME_ZONE });

/** Stored in UTC, shown in South African time (design rules). */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar day of the overview ('2026-11-21', a South African day) as '21 Nov'. */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  // Noon in South Africa: the same calendar day whatever the browser's own time zone.
  const date = new Date(`${day}T12:00:00+02:00`);
  return (style === 'short' ? dayMonth : fullDay).format(date);
}

/** A month of the VAT report ('2026-11') as 'Nov 2026', or 'November 2026' in long. */
export function formatMonth(month: string, style: 'short' | 'long' = 'short'): string {
  return (style === 'short' ? shortMonth : longMonth).format(new Date(`${month}-15T12:00:00+02:00`));
}

/** The flag's name as shoppers see it (Japan, not the catalogue's JAPAN), with the spec's fallbacks: 'Unknown Item', quantity 1. */
export function itemLine(item: Partial<AdminOrderItem>): { name: string; quantity: number } {
  return {
    name: item.productName?.trim() ? lineName({ productName: item.productName, sizeLabel: item.sizeLabel }) : 'Unknown Item',
    quantity: typeof item.quantity === 'number' && item.quantity > 0 ? item.quantity : 1,
  };
}

/** The spec's words for a refund that did not go through, then the server's reason when it gave one. */
export function refundFailedText(reason: string): string {
  return reason ? `${orderDeskMessages.refundFailed} ${reason}` : orderDeskMessages.refundFailed;
}

export type Tone = 'green' | 'amber' | 'sky' | 'red' | 'slate';

export const toneClasses: Record<Tone, string> = {
  green: 'border-green-200 bg-green-50 text-green-800',
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  sky: 'border-sky-200 bg-sky-50 text-sky-800',
  red: 'border-red-200 bg-red-50 text-red-800',
  slate: 'border-slate-200 bg-slate-100 text-slate-700',
};

const statusTones: Record<OrderStatus, Tone> = {
  pending: 'slate',
  paid: 'amber',
  fulfilled: 'sky',
  ready_for_collection: 'sky',
  collected: 'green',
  with_courier: 'sky',
  out_for_delivery: 'sky',
  delivery_failed: 'amber',
  delivered: 'green',
  cancelled: 'red',
};

/** The colour of an order's status phrase: amber while there is work to do, red when it failed or ended. */
export function statusTone(order: Pick<AdminOrder, 'status' | 'paymentStatus'>): Tone {
  if (order.paymentStatus === 'failed' || (order.status === 'paid' && order.paymentStatus === 'refunded')) return 'red';
  return statusTones[order.status] ?? 'slate';
}

/** Which way each column sorts when first chosen: dates and totals biggest first, words from A. */
const firstDirection: Record<OrderSortColumn, 'asc' | 'desc'> = { number: 'desc', date: 'desc', customer: 'asc', total: 'desc', status: 'asc' };

/** The sort after choosing a column: the other way round when it is the column already sorted by. */
export function nextSort(current: OrderSort, column: OrderSortColumn): OrderSort {
  const [currentColumn, direction] = current.split('-') as [OrderSortColumn, 'asc' | 'desc'];
  if (currentColumn === column) return `${column}-${direction === 'asc' ? 'desc' : 'asc'}`;
  return `${column}-${firstDirection[column]}`;
}

const sortValue: Record<OrderSortColumn, (order: AdminOrder) => string | number> = {
  number: (o) => o.orderNumber.padStart(20, '0'),
  date: (o) => o.createdAt,
  customer: (o) => o.customerName.toLowerCase(),
  total: (o) => o.totalAmount,
  status: (o) => orderStatuses.indexOf(o.status),
};

/** A whole list sorted in the browser the way the server sorts a search (the Unfulfilled list comes whole). */
export function sortOrders(orders: readonly AdminOrder[], sort: OrderSort): AdminOrder[] {
  const [column, direction] = sort.split('-') as [OrderSortColumn, 'asc' | 'desc'];
  const value = sortValue[column];
  const sign = direction === 'asc' ? 1 : -1;
  return [...orders].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return sign * (x < y ? -1 : x > y ? 1 : a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
  });
}

import { orderStatusLabels, type AdminOrder, type AdminOrderItem, type OrderStatus, type PaymentStatus } from '../../../shared/order-desk';

const TIME_ZONE = 'Africa/Johannesburg';

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
const dayMonth = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: TIME_ZONE });
const fullDay = new Intl.DateTimeFormat('en-ZA', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });

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

/** The spec's item fallbacks: 'Unknown Item' without a name, quantity 1 without a quantity. */
export function itemLine(item: Partial<AdminOrderItem>): { name: string; quantity: number } {
  return {
    name: item.productName?.trim() || 'Unknown Item',
    quantity: typeof item.quantity === 'number' && item.quantity > 0 ? item.quantity : 1,
  };
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
  cancelled: 'red',
};

const paymentLabels: Partial<Record<PaymentStatus, string>> = {
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Payment failed',
};

export interface Badge {
  label: string;
  tone: Tone;
  testId: string;
}

/**
 * The spec's Fulfilled or Pending badge, then the finer status and any refund. A cancelled order
 * that never left is not 'Pending' to anyone, so it shows only 'Cancelled'.
 */
export function orderBadges(order: Pick<AdminOrder, 'fulfilled' | 'status' | 'paymentStatus'>): Badge[] {
  const badges: Badge[] = [];
  if (order.fulfilled) badges.push({ label: 'Fulfilled', tone: 'green', testId: 'fulfilment-badge' });
  else if (order.status !== 'cancelled') badges.push({ label: 'Pending', tone: 'amber', testId: 'fulfilment-badge' });
  badges.push({ label: orderStatusLabels[order.status] ?? order.status, tone: statusTones[order.status] ?? 'slate', testId: 'status-badge' });
  const payment = paymentLabels[order.paymentStatus];
  if (payment) badges.push({ label: payment, tone: order.paymentStatus === 'failed' ? 'red' : 'slate', testId: 'payment-badge' });
  return badges;
}

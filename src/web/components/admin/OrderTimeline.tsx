import { formatDateTime } from './order-format';
import type { OrderEvent, OrderEventType } from '../../../shared/order-desk';

const eventLabels: Record<OrderEventType, string> = {
  placed: 'Order placed and paid',
  payment_reminder: 'Reminded to pay',
  payment_received: 'Payment received',
  proof_of_payment: 'Proof of payment',
  fulfilled: 'Sent to PAXI',
  ready_for_collection: 'Arrived at the pickup point',
  collected: 'Collected by the customer',
  with_courier: 'With the courier',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery attempt failed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_requested: 'Refund requested',
  refunded: 'Refunded',
  refund_failed: 'Refund failed',
  note: 'Note',
  oversold: "Paid beyond stock or a code's limit",
  oversold_settled: 'Settled',
};

/** A step's words: a courier order is handed to the courier, and an order paid after it was placed (a bank transfer) is only placed. */
function eventLabel(type: OrderEventType, byCourier: boolean, payLater: boolean): string {
  if (byCourier && type === 'fulfilled') return 'Handed to the courier';
  if (payLater && type === 'placed') return 'Order placed';
  return eventLabels[type] ?? type;
}

/** The order's history, oldest first, with who did each step (an empty actor is the shop itself or the customer). */
export function OrderTimeline({ events, byCourier = false, payLater = false }: { events: OrderEvent[]; byCourier?: boolean; payLater?: boolean }) {
  const oldestFirst = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (oldestFirst.length === 0) return <p className="text-sm text-slate-600">No history recorded.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label="Order history" data-testid="order-timeline">
      {oldestFirst.map((event) => (
        <li key={event.id} className="relative" data-testid="timeline-event">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] h-2.5 w-2.5 rounded-full border-2 border-white bg-brand-700 ring-1 ring-brand-700" />
          <p className="text-sm font-semibold text-slate-900">{eventLabel(event.type, byCourier, payLater)}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            {event.actorEmail && <> · by {event.actorEmail}</>}
          </p>
          {event.note && <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

import type { OrderEventType, OversoldMark } from '../../shared/order-desk';

/**
 * What each line of an order's timeline keeps beside its words, by the line's type. Lines written
 * before a field existed may lack it, so the readers treat the optional ones as such.
 */
export interface OrderEventDetailsOf {
  placed: Record<string, never>;
  /** The buyer was reminded to pay by bank transfer. */
  payment_reminder: Record<string, never>;
  /** The buyer sent a proof of payment: which one, its name and size. */
  proof_of_payment: { proofId: string; fileName: string; sizeBytes: number };
  /** A bank transfer the order desk saw reflect: how much, and on which day. */
  payment_received: { amountCents: number; receivedOn: string };
  fulfilled: { trackingNumber: string; courierShipmentId?: string };
  ready_for_collection: Record<string, never>;
  collected: Record<string, never>;
  /** The courier's own word for the step, when its tracking moved the order. */
  with_courier: { courierStatus?: string };
  out_for_delivery: { courierStatus?: string };
  delivery_failed: { courierStatus?: string };
  delivered: { courierStatus?: string };
  cancelled: { refundCents: number; restocked: boolean };
  refund_requested: { refundId: string; amountCents: number; reason: string | null };
  /** A refund made by hand keeps its reference at the provider or the bank. */
  refunded: { refundId: string; amountCents: number; reference?: string };
  refund_failed: { refundId: string | null; amountCents: number | null };
  /** An admin's note, or what the courier reported that needs the owner. */
  note: { courierStatus?: string };
  oversold: { marks: OversoldMark[] };
  oversold_settled: Record<string, never>;
}

/** The details of any line of the timeline. */
export type OrderEventDetails = OrderEventDetailsOf[OrderEventType];

/** A line of the timeline as stored, narrowed by its type. */
export type TypedOrderEvent<Row extends { type: OrderEventType; details: unknown }> = {
  [T in OrderEventType]: Omit<Row, 'type' | 'details'> & { type: T; details: OrderEventDetailsOf[T] };
}[OrderEventType];

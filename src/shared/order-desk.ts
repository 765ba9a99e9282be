import type { OrderDeliveryOption } from './delivery';
import { z } from 'zod';
import type { OrderDocument } from './tax-documents';
import type { ProofOfPayment } from './proof-of-payment';
import { lineName } from './product';

/**
 * The order desk's calls (/api/admin/…): what the admin pages send and receive. Amounts are in
 * cents; dates are ISO strings.
 */

/**
 * A sent parcel's way to the customer: PAXI orders go on to a pickup point and are collected,
 * courier orders go on with the courier to the door. Each is a status the desk and the customer
 * see, and the timeline line that records it.
 */
export const deliverySteps = ['fulfilled', 'ready_for_collection', 'collected', 'with_courier', 'out_for_delivery', 'delivery_failed', 'delivered'] as const;
/** What the desk and the customer are shown of an order: its state, or where its parcel is once sent. */
export const orderStatuses = ['pending', 'paid', ...deliverySteps, 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What the order itself is: awaiting payment, paid, sent (its fulfilment under way), completed (collected or delivered), cancelled. */
export const orderStates = ['pending', 'paid', 'fulfilled', 'completed', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];

/**
 * Where a sent parcel is, per delivery method: a PAXI parcel is packed and handed to PAXI, waits
 * at the point, and is collected; a courier parcel is booked, goes with the courier, out for
 * delivery (and back after a failed attempt), and is delivered.
 */
export const fulfilmentStatuses = {
  paxi: ['packed', 'at_point', 'collected'],
  courier: ['booked', 'with_courier', 'out_for_delivery', 'delivery_failed', 'delivered'],
} as const;
export type FulfilmentMethod = keyof typeof fulfilmentStatuses;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[FulfilmentMethod][number];

/** The status each place of a parcel shows as: handed over is 'fulfilled', the spec's word for sent. */
export const shownFulfilmentStatus: Record<FulfilmentStatus, (typeof deliverySteps)[number]> = {
  packed: 'fulfilled',
  at_point: 'ready_for_collection',
  collected: 'collected',
  booked: 'fulfilled',
  with_courier: 'with_courier',
  out_for_delivery: 'out_for_delivery',
  delivery_failed: 'delivery_failed',
  delivered: 'delivered',
};

/** The status shown for an order in `state` whose parcel, if sent, is at `fulfilment`. */
export function shownOrderStatus(state: OrderState, fulfilment: FulfilmentStatus | null): OrderStatus {
  if ((state === 'fulfilled' || state === 'completed') && fulfilment) return shownFulfilmentStatus[fulfilment];
  return state === 'completed' || state === 'fulfilled' ? 'fulfilled' : state;
}
export const paymentStatuses = ['pending', 'paid', 'partially_refunded', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The spec's labels for the delivery option on an order row. */

/**
 * What the order desk calls each status. 'Fulfilled' is the spec's word for an order handed to
 * PAXI; a paid order not sent yet is work to do, not 'Pending'.
 */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid, to pack',
  fulfilled: 'Fulfilled',
  ready_for_collection: 'Ready for collection',
  collected: 'Collected',
  with_courier: 'With the courier',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery failed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The statuses only a courier order reaches: the steps its courier's tracking reports. */
export const courierStatuses = ['with_courier', 'out_for_delivery', 'delivery_failed', 'delivered'] as const satisfies readonly OrderStatus[];

/** What the order desk calls each payment status. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Failed',
};

/**
 * The one status phrase of an order, from its status and its payment: the list, the cards, the
 * order's page and the CSV all say the same. Refunds follow in brackets, so the phrase starts with
 * the words of the status filter that finds the order.
 */
export function orderStatusPhrase(order: Pick<AdminOrder, 'status' | 'paymentStatus'>): string {
  if (order.status === 'pending' && order.paymentStatus === 'failed') return 'Payment failed';
  // Refunded in full but never sent nor cancelled: nothing is left to pack.
  if (order.status === 'paid' && order.paymentStatus === 'refunded') return 'Refunded, not sent';
  const base = orderStatusLabels[order.status] ?? order.status;
  if (order.paymentStatus === 'partially_refunded') return `${base} (partly refunded)`;
  if (order.paymentStatus === 'refunded') return `${base} (refunded)`;
  return base;
}

/**
 * The status filter's choices, named with the phrases the orders show. 'unfulfilled' is the
 * Unfulfilled tab's list (paid, not refunded in full, not sent), which is what 'Paid, to pack' means.
 */
export const orderStatusFilters: readonly { value: OrderStatus | 'unfulfilled'; label: string }[] = [
  { value: 'pending', label: orderStatusLabels.pending },
  { value: 'unfulfilled', label: orderStatusLabels.paid },
  { value: 'fulfilled', label: orderStatusLabels.fulfilled },
  { value: 'ready_for_collection', label: orderStatusLabels.ready_for_collection },
  { value: 'collected', label: orderStatusLabels.collected },
  { value: 'with_courier', label: orderStatusLabels.with_courier },
  { value: 'out_for_delivery', label: orderStatusLabels.out_for_delivery },
  { value: 'delivery_failed', label: orderStatusLabels.delivery_failed },
  { value: 'delivered', label: orderStatusLabels.delivered },
  { value: 'cancelled', label: orderStatusLabels.cancelled },
];

/** The columns the order list sorts by, each either way: ?sort=total-desc. */
const orderSortColumns = ['number', 'date', 'customer', 'total', 'status'] as const;
export type OrderSortColumn = (typeof orderSortColumns)[number];
const orderSorts = orderSortColumns.flatMap((column) => [`${column}-asc`, `${column}-desc`] as const);
export type OrderSort = `${OrderSortColumn}-${'asc' | 'desc'}`;
/** Newest first, as the desk has always listed orders. */
export const DEFAULT_ORDER_SORT: OrderSort = 'date-desc';

export const orderDeskMessages = {
  trackingRequired: 'Please enter a tracking number',
  fulfilled: 'Order has been marked as fulfilled and customer notified',
  courierBooked: 'The courier is booked: print the label and stick it on the parcel. The customer has the tracking number.',
  fetchOrders: 'Failed to fetch orders',
  fetchUnfulfilled: 'Failed to fetch unfulfilled orders',
  fulfilFailed: 'Failed to fulfill order',
  refundFailed: 'Failed to process refund.',
  batchEmailFailed: 'Failed to send batch email',
  notAuthenticated: 'Not authenticated',
  accessDenied: "You don't have admin privileges",
} as const;

export interface AdminOrderItem {
  productId: string;
  /** The size bought; a line from before sizes has none. */
  sizeId?: string;
  sizeLabel?: string;
  sku?: string;
  productName: string;
  productImage: string | null;
  /** Unit price paid, in cents. */
  productPrice: number;
  quantity: number;
}

/** An order as the order desk sees it (spec section 3's orders). */
export interface AdminOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** Bought without an account (CHECKOUT_ACCOUNTS=optional); stays true once an account claimed it. */
  placedAsGuest: boolean;
  deliveryOption: OrderDeliveryOption;
  /** PAXI orders. */
  paxiLocationId: string | null;
  paxiLocationName: string | null;
  paxiLocationAddress: string | null;
  /** Courier orders: the address as one line, what the driver should know, and the courier's shipment once booked. */
  deliveryAddress: string | null;
  deliveryInstructions: string | null;
  courierShipmentId: string | null;
  subtotalCents: number;
  deliveryFeeCents: number;
  discountCode: string | null;
  discountCents: number;
  totalAmount: number;
  refundedCents: number;
  currency: string;
  items: AdminOrderItem[];
  paymentId: string | null;
  paymentMethod: string;
  /** An order awaiting a bank transfer: the last day to pay (YYYY-MM-DD); null otherwise. */
  paymentDueOn: string | null;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  fulfilled: boolean;
  trackingNumber: string | null;
  fulfilledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Paid on a payment page whose hold had been given back, and beyond the stock or the code's limit; empty for other orders. */
  oversold: OversoldMark[];
  /** When an admin settled it (restocked, or honoured the discount). */
  oversoldSettledAt: string | null;
}

/**
 * Why an order needs the owner before it is packed: it was paid on a payment page whose hold had
 * been given back (the page outlived the shop's hour), and by then the flag had sold out or the
 * discount code had been used up. The money is taken, so the order stands.
 */
export type OversoldMark =
  | { kind: 'stock'; productName: string; sizeLabel?: string; short: number }
  | { kind: 'discount'; code: string; limit: 'total' | 'per_customer'; uses: number; allowed: number };

/** The mark's words on the order desk and in the morning digest. */
export const oversoldHeadlines: Record<OversoldMark['kind'], string> = {
  stock: 'Sold beyond stock: restock or refund',
  discount: "Over the code's limit",
};

/** 'Kenya: 1 more than was in stock' or 'WELCOME: 2 uses of the 1 it allows per customer'. */
export function oversoldDetail(mark: OversoldMark): string {
  if (mark.kind === 'stock') return `${lineName(mark)}: ${mark.short} more than ${mark.short === 1 ? 'was' : 'were'} in stock`;
  const allows = `${mark.allowed} it allows${mark.limit === 'per_customer' ? ' per customer' : ' in all'}`;
  return `${mark.code}: ${mark.uses} uses of the ${allows}`;
}

/** Still to settle: marked, not settled, and still to be packed (a sent, cancelled or fully refunded order has been dealt with). */
export function oversoldOpen(order: Pick<AdminOrder, 'oversold' | 'oversoldSettledAt' | 'status' | 'paymentStatus'>): boolean {
  return order.oversold.length > 0 && order.oversoldSettledAt === null && order.status === 'paid' && order.paymentStatus !== 'refunded';
}

/** The settle button's words: the flags were found, or the discount is honoured. */
export function oversoldSettleLabel(marks: OversoldMark[]): string {
  const stock = marks.some((mark) => mark.kind === 'stock');
  const discount = marks.some((mark) => mark.kind === 'discount');
  if (stock && discount) return 'Restocked, discount honoured';
  return stock ? 'Restocked: ready to pack' : 'Honour the discount';
}

export const orderEventTypes = ['placed', 'payment_reminder', 'proof_of_payment', 'payment_received', ...deliverySteps, 'cancelled', 'refund_requested', 'refunded', 'note', 'refund_failed', 'oversold', 'oversold_settled'] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

/** One line of an order's timeline. actorEmail null: the shop itself, the customer or the payment provider. */
export interface OrderEvent {
  id: string;
  type: OrderEventType;
  note: string | null;
  actorEmail: string | null;
  createdAt: string;
}

/** The moves the order desk may offer for an order now (from the transition table). */
export const orderActions = ['payment_received', 'fulfil', 'book_courier', 'ready_for_collection', 'collected', 'track_courier', 'delivered', 'cancel', 'refund', 'settle_oversold'] as const;
export type OrderAction = (typeof orderActions)[number];

/** GET /api/admin/orders/:id */
export interface AdminOrderDetail {
  order: AdminOrder;
  events: OrderEvent[];
  actions: OrderAction[];
  /** The most a refund may be now, in cents: paid, less refunds confirmed and refunds still waiting for the provider. */
  refundableCents: number;
  /**
   * Where this order's refunds are made by hand ("on PayFast's dashboard (Transactions → Refund)"):
   * the owner makes the refund there and records it with its reference. Null: the desk asks the
   * payment provider for it.
   */
  refundsByHand: string | null;
  /** The tax invoice and credit notes, invoice first, each with its PDF's address. */
  documents: OrderDocument[];
  /** The proofs of payment the buyer sent for a bank transfer, oldest first (GET /api/admin/orders/:id/proofs/:proofId opens one). */
  proofs: ProofOfPayment[];
}

/** The answer of every POST /api/admin/orders/:id/… call: the order as it is now, and what was done in words. */
export interface OrderActionResult extends AdminOrderDetail {
  message: string;
}

/** A period of days (YYYY-MM-DD, Africa/Johannesburg), both ends included: the desk's order filters and its tax documents. */
export const dayPeriodFields = {
  from: z.iso.date({ error: 'Write the "from" day as YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'Write the "to" day as YYYY-MM-DD' }).optional(),
};

/** Query of GET /api/admin/orders and GET /api/admin/orders/export.csv. */
export const orderSearchSchema = z.object({
  /** Order number, customer name or email (part of any). */
  q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  status: z.enum([...orderStatuses, 'unfulfilled'], { error: 'Choose an order status from the list' }).optional(),
  /** Placed on or after `from`, on or before `to`. */
  ...dayPeriodFields,
  sort: z.enum(orderSorts as OrderSort[], { error: `Sort by ${orderSortColumns.join(', ')}, each -asc or -desc, like date-desc` }).default(DEFAULT_ORDER_SORT),
  limit: z.coerce
    .number({ error: 'The limit must be a whole number from 1 to 500' })
    .int('The limit must be a whole number from 1 to 500')
    .min(1, 'The limit must be a whole number from 1 to 500')
    .max(500, 'The limit must be a whole number from 1 to 500')
    .default(200),
});
export type OrderSearch = z.input<typeof orderSearchSchema>;

/** Query of GET /api/admin/orders/export.csv: the same filters, every matching order (no limit). */
export const orderExportSchema = orderSearchSchema.omit({ limit: true });

export const fulfilOrderSchema = z.object({
  trackingNumber: z
    .string({ error: orderDeskMessages.trackingRequired })
    .trim()
    .min(1, orderDeskMessages.trackingRequired)
    .max(100, 'Tracking numbers are at most 100 characters'),
});

export const orderNoteSchema = z.object({
  note: z.string({ error: 'Please write a note' }).trim().min(1, 'Please write a note').max(2000, 'Notes are at most 2,000 characters'),
});

export const refundReferenceMessages = {
  required: "Say where the refund was made: PayFast's refund reference, or the bank transfer's reference",
  tooLong: 'A refund reference is at most 100 characters',
} as const;

/**
 * The refund's reference at the provider or the bank, for an order whose refunds are made by hand
 * (AdminOrderDetail.refundsByHand): the service requires it there and refuses it elsewhere. A NUL
 * character is refused before any schema, as in every text the shop stores.
 */
const refundReference = z
  .string({ error: refundReferenceMessages.required })
  .trim()
  .min(1, refundReferenceMessages.required)
  .max(100, refundReferenceMessages.tooLong)
  .optional();

/** Cancel, with the money: all of it back, part of it (cents) or none (already refunded elsewhere). */
export const cancelOrderSchema = z.object({
  refund: z.union([z.literal('full'), z.literal('none'), z.object({ amountCents: z.number().int().positive() })]),
  reason: z.string().trim().max(500).optional(),
  reference: refundReference,
});

export const refundOrderSchema = z.object({
  amountCents: z.number({ error: 'Enter the amount to refund' }).int('Whole cents only').positive('Enter the amount to refund'),
  reason: z.string().trim().max(500).optional(),
  reference: refundReference,
});

/** GET /api/admin/overview */
export interface OrderDeskOverview {
  totalOrders: number;
  unfulfilledOrders: number;
  /** Paid, less refunds, in cents (ZAR). */
  totalRevenueCents: number;
  /** Rounded percentage of fulfilled over total; 0 with no orders. */
  fulfillmentRate: number;
  averageOrderValueCents: number;
  /** The last 30 days in Africa/Johannesburg, oldest first, days without orders included. */
  revenueByDay: { day: string; revenueCents: number; orders: number }[];
}

/** POST /api/admin/batch-email */
export interface BatchEmailResult {
  sent: boolean;
  orderCount: number;
  message: string;
}

export interface ContactMessageView {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

export const contactInboxQuerySchema = z.object({ status: z.enum(['open', 'handled', 'all']).default('open') });
export const markHandledSchema = z.object({ handled: z.boolean() });

export interface AuditEntry {
  id: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
  createdAt: string;
}

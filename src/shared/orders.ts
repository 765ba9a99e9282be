import type { OrderDocument } from './tax-documents';
import { z } from 'zod';
import { deliverySteps, type OrderStatus, type PaymentStatus } from './order-desk';
import type { BankTransferDetails } from './bank-transfer';
import type { ProofOfPayment } from './proof-of-payment';
import type { OrderDeliveryOption } from './delivery';

/** One line of an order: a flag, its unit price paid (cents) and how many. */
export interface OrderLine {
  productId: string;
  /** The size bought; a line from before sizes has none. */
  sizeId?: string;
  sizeLabel?: string;
  sku?: string;
  productName: string;
  productImage: string | null;
  productPrice: number;
  quantity: number;
}

/** The order numbers the shop gives (CF-100001, …); the shopper may type them in lower case. */
export const orderNumberParamsSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .regex(/^CF-\d{1,18}$/i, 'Order numbers look like CF-100001')
    .transform((value) => value.toUpperCase()),
});

/** The steps of an order its customer is shown; the order desk's notes and refund paperwork stay on the desk. */
export const customerOrderEventTypes = ['placed', 'payment_received', ...deliverySteps, 'cancelled', 'refunded'] as const;
export type CustomerOrderEventType = (typeof customerOrderEventTypes)[number];

export interface CustomerOrderEvent {
  id: string;
  type: CustomerOrderEventType;
  createdAt: string;
  /** The money refunded, for a refund; the money that reflected, for a bank transfer received. */
  amountCents?: number;
  /** The PAXI tracking number, for the parcel sent. */
  trackingNumber?: string;
}

/** GET /api/profile/orders/:orderNumber: one of the signed-in shopper's own orders. */
export interface CustomerOrderDetail {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  items: OrderLine[];
  subtotalCents: number;
  deliveryFeeCents: number;
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
  refundedCents: number;
  deliveryOption: OrderDeliveryOption;
  /** PAXI orders: where to collect. */
  pickupPoint: { code: string; name: string; address: string } | null;
  /** Courier orders: the service and where it delivers. */
  courier: { service: string; address: string; instructions: string | null } | null;
  trackingNumber: string | null;
  /** Where to follow the parcel, once it is sent. */
  trackingUrl: string | null;
  /** The order's tax invoice and any credit notes, invoice first, each with its PDF's address. */
  documents: OrderDocument[];
  /** Oldest first. */
  timeline: CustomerOrderEvent[];
  /** How it is paid, as a sentence ends: 'by card', 'by bank transfer'. */
  pays: string;
  /** Paid after it was placed (a bank transfer), not when it was placed (a card). */
  payLater: boolean;
  /** An order awaiting its bank transfer: where to pay, the reference and by when; null otherwise. */
  bankTransfer: BankTransferDetails | null;
  /** The proofs of payment the buyer sent for a bank transfer, oldest first; only the shop opens them. */
  proofsOfPayment: ProofOfPayment[];
}

import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, placedOrders, type checkouts, type CheckoutSnapshot, type DeliverySnapshot, type OrderItem, type PickupPointSnapshot } from '../db/schema';
import { ConflictError, InvalidInputError } from '../errors';
import type { AuditActor } from '../admin/audit';
import { restockCancelledOrder } from '../inventory/stock';
import { enqueueEmail } from '../notify/outbox';
import { orderConfirmationMessage, type EmailContext } from '../notify/templates';
import { formatRand } from '../../shared/money';
import { courierServiceOf, deliveryOptionOf } from '../../shared/delivery';
import { oversoldDetail, oversoldHeadlines, oversoldOpen, type OversoldMark } from '../../shared/order-desk';
import { collectedEmail, orderCancelledEmail, orderSentEmail, orderSentSms, readyForCollectionEmail, readyForCollectionSms } from './notices';
import { canMove, record, transition, type OrderRow, type OrderTx } from './transitions';
import { recordRefundByHand, recordRefundRequest, type AcceptedRefund, type RefundByHand, type RefundRequest } from './refunds';
import { paymentMethodView } from '../../shared/payment-methods';
import { wrongTransferAmount, type BankAccount, type BankTransferDetails } from '../../shared/bank-transfer';
import { todayInSouthAfrica } from '../../shared/profile';
import { awaitingTransferMessage, transferLapsedMessage, transferReminderMessage } from './bank-transfer-emails';
import { issueTaxInvoice } from '../tax/documents';

/*
 * Everything that happens to an order, in the shop's words. Each goes through transition() (or,
 * for placing, its record()), inside the caller's transaction.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type CheckoutRow = typeof checkouts.$inferSelect;

function pointAddress(point: PickupPointSnapshot): string {
  return [point.address, point.town, point.province, point.postalCode].filter(Boolean).join(', ');
}

/** Where the order goes, in the order's columns: a PAXI point, or a courier's address and service. */
function deliveryColumns(delivery: DeliverySnapshot) {
  if (delivery.method === 'courier') {
    const { provider, address } = delivery;
    return {
      courierProvider: provider,
      shippingStreet: address.street,
      shippingSuburb: address.suburb,
      shippingCity: address.city,
      shippingProvince: address.province,
      shippingPostalCode: address.postalCode,
      deliveryCompany: address.company ?? null,
      deliveryInstructions: address.instructions ?? null,
    };
  }
  const { point } = delivery;
  return {
    paxiLocationId: point.code,
    paxiLocationName: point.name,
    paxiLocationAddress: pointAddress(point),
    shippingCity: point.town,
    shippingProvince: point.province,
    shippingPostalCode: point.postalCode,
  };
}

/**
 * A paid checkout's order, its first line on the timeline, its invoice and the confirmation email.
 * Undefined when the checkout already has its order: the unique checkout_id lets whoever came
 * first make it. `settleCheckout` does the checkout's own part of the transaction (marking it paid,
 * clearing the cart) before the invoice is numbered.
 */
/** A checkout's line as its order keeps it; a line from before sizes stays without one. */
export function orderItemOf({ unitPriceCents, ...line }: CheckoutSnapshot['items'][number]): OrderItem {
  return { ...line, productPrice: unitPriceCents };
}

/** An order to be paid by bank transfer: into this account, by this day. */
export interface AwaitedTransfer {
  account: BankAccount;
  dueOn: string;
}

/**
 * Makes a checkout's order, once: paid (a card payment confirmed), with its tax invoice and
 * confirmation; or, with `transfer`, awaiting a bank transfer, with the account and the day to pay by.
 */
export async function placeOrder(
  tx: OrderTx,
  ctx: EmailContext,
  checkout: CheckoutRow,
  payment: { paymentId: string | null; paymentMethod: string },
  settleCheckout: (order: OrderRow) => Promise<void>,
  transfer?: AwaitedTransfer,
): Promise<OrderRow | undefined> {
  const { snapshot } = checkout;
  const items = snapshot.items.map(orderItemOf);
  const [placed] = await tx
    .insert(orders)
    .values({
      orderNumber: sql`'CF-' || nextval('order_number_seq')`,
      checkoutId: checkout.id,
      userId: checkout.userId,
      placedAsGuest: checkout.guest,
      guestEmail: checkout.guest ? snapshot.customer.email.toLowerCase() : null,
      customerName: `${snapshot.customer.firstName} ${snapshot.customer.lastName}`,
      customerEmail: snapshot.customer.email,
      customerPhone: snapshot.customer.phone,
      customerCompany: snapshot.invoiceTo?.company ?? null,
      customerVatNumber: snapshot.invoiceTo?.vatNumber ?? null,
      billingAddress: snapshot.invoiceTo?.address ?? null,
      deliveryOption: deliveryOptionOf(snapshot.delivery),
      ...deliveryColumns(snapshot.delivery),
      subtotalCents: checkout.subtotalCents,
      deliveryFeeCents: checkout.deliveryFeeCents,
      discountCode: snapshot.discount?.code ?? null,
      discountCents: checkout.discountCents,
      totalAmount: checkout.totalCents,
      currency: checkout.currency,
      items,
      paymentId: payment.paymentId,
      paymentMethod: payment.paymentMethod,
      paymentStatus: transfer ? 'pending' : 'paid',
      state: transfer ? 'pending' : 'paid',
      paymentDueOn: transfer?.dueOn ?? null,
    })
    .onConflictDoNothing({ target: orders.checkoutId })
    .returning({ id: orders.id });
  if (!placed) return undefined;
  const [order] = await tx.select().from(placedOrders).where(eq(placedOrders.id, placed.id));
  if (!order) return undefined;
  const pays = paymentMethodView(order.paymentMethod).pays;
  if (transfer) {
    await record(tx, order, 'placed', { event: { note: `Awaiting ${formatRand(order.totalAmount)} ${pays} by ${transfer.dueOn}` } });
    await settleCheckout(order);
    await enqueueEmail(tx, awaitingTransferMessage(ctx, order, bankTransferOf(order, transfer.account)!));
    return order;
  }
  await record(tx, order, 'placed', { event: { note: `Paid ${formatRand(order.totalAmount)} ${pays}` } });
  await settleCheckout(order);
  // Numbered in this transaction, so an order that does not commit takes no serial with it, and
  // last: the numbering row stays locked until the commit, and every other order waits for it.
  const invoice = await issueTaxInvoice(tx, ctx.shop, order);
  await enqueueEmail(tx, orderConfirmationMessage(ctx, order, { serial: invoice.serial, title: invoice.content.title }));
  return order;
}

/** Where and by when to pay an order still awaiting its bank transfer; undefined once it is paid, cancelled or paid otherwise. */
export function bankTransferOf(order: Pick<OrderRow, 'orderNumber' | 'totalAmount' | 'paymentStatus' | 'state' | 'paymentDueOn'>, account: BankAccount | undefined): BankTransferDetails | undefined {
  if (!account || order.state !== 'pending' || order.paymentStatus !== 'pending' || !order.paymentDueOn) return undefined;
  return { ...account, reference: order.orderNumber, amountCents: order.totalAmount, payBy: order.paymentDueOn };
}

/**
 * The order desk saw an order's bank transfer reflect: the order is paid, its tax invoice issued and
 * the customer sent the usual confirmation with it. Only the whole total counts; a transfer of
 * another amount is the desk's to sort out with the customer.
 */
export async function receivePayment(
  tx: OrderTx,
  ctx: EmailContext,
  order: OrderRow,
  { actor, amountCents, receivedOn }: { actor: AuditActor; amountCents: number; receivedOn: string },
): Promise<OrderRow> {
  if (order.paymentStatus === 'paid' || order.state !== 'pending') throw new ConflictError(`Order ${order.orderNumber} is not awaiting payment: it is ${order.status.replaceAll('_', ' ')}`);
  if (order.paymentMethod !== 'eft') throw new ConflictError(`Order ${order.orderNumber} is paid ${paymentMethodView(order.paymentMethod).pays}, not by bank transfer`);
  if (amountCents !== order.totalAmount) throw new InvalidInputError(wrongTransferAmount(order.totalAmount, amountCents));
  const placedOn = todayInSouthAfrica(order.createdAt);
  if (receivedOn < placedOn) throw new InvalidInputError(`The money cannot have reflected before the order was placed on ${placedOn}`);
  await tx
    .update(orders)
    .set({ state: 'paid', paymentStatus: 'paid', paymentId: `EFT ${receivedOn}`, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  const [paid] = await tx.select().from(placedOrders).where(eq(placedOrders.id, order.id));
  await record(tx, paid!, 'payment_received', {
    event: { note: `${formatRand(amountCents)} reflected on ${receivedOn}`, details: { amountCents, receivedOn } },
    audit: {
      actor,
      action: 'order.payment_received',
      summary: `Marked ${order.orderNumber} paid: ${formatRand(amountCents)} by bank transfer, reflected on ${receivedOn}`,
      details: { amountCents, receivedOn },
    },
  });
  const invoice = await issueTaxInvoice(tx, ctx.shop, paid!);
  await enqueueEmail(tx, orderConfirmationMessage(ctx, paid!, { serial: invoice.serial, title: invoice.content.title }));
  return paid!;
}

/** The bank transfer did not reflect by its day: the order is cancelled by the shop, its flags go back on sale and the buyer is told. */
export async function cancelUnpaidTransfer(tx: Transaction, ctx: EmailContext, order: OrderRow): Promise<OrderRow> {
  const restocked = await restockCancelledOrder(tx, order.checkoutId);
  return transition(tx, order, 'cancelled', {
    event: { note: `The bank transfer did not reflect by ${order.paymentDueOn}`, details: { refundCents: 0, restocked } },
    notify: (cancelled) => ({ email: transferLapsedMessage(ctx, { ...cancelled, paymentDueOn: order.paymentDueOn! }) }),
  });
}

/** Two days after it was placed, the buyer is reminded once of the transfer still awaited. */
export async function remindOfTransfer(tx: OrderTx, ctx: EmailContext, order: OrderRow, account: BankAccount): Promise<void> {
  await record(tx, order, 'payment_reminder', { event: { note: `Reminded to pay by ${order.paymentDueOn}` } });
  await enqueueEmail(tx, transferReminderMessage(ctx, order, bankTransferOf(order, account)!));
}

/**
 * Handed to PAXI or the courier: the tracking number goes on the order and to the customer, by
 * email and SMS; a courier booked from the order desk also leaves its shipment's id for the label.
 */
export function fulfilOrder(
  tx: OrderTx,
  ctx: EmailContext,
  order: OrderRow,
  { actor, trackingNumber, courierShipmentId }: { actor: AuditActor; trackingNumber: string; courierShipmentId?: string },
): Promise<OrderRow> {
  const booked = courierShipmentId ? { courierShipmentId } : {};
  return transition(tx, order, 'fulfilled', {
    sent: { trackingNumber, ...booked },
    event: {
      note: `${courierServiceOf(order.deliveryOption) ? 'Handed to the courier' : 'Sent to PAXI'} with tracking number ${trackingNumber}`,
      details: { trackingNumber, ...booked },
    },
    audit: { actor, action: 'order.fulfil', summary: `Fulfilled ${order.orderNumber} with tracking ${trackingNumber}`, details: { trackingNumber, ...booked } },
    notify: (sent) => ({ email: orderSentEmail(ctx, sent), sms: orderSentSms(ctx, sent) }),
  });
}

export function markReadyForCollection(tx: OrderTx, ctx: EmailContext, order: OrderRow, { actor }: { actor: AuditActor }): Promise<OrderRow> {
  return transition(tx, order, 'ready_for_collection', {
    event: { note: `Ready for collection at ${order.paxiLocationName}` },
    audit: { actor, action: 'order.ready_for_collection', summary: `Marked ${order.orderNumber} ready for collection at ${order.paxiLocationName}` },
    notify: (ready) => ({ email: readyForCollectionEmail(ctx, ready), sms: readyForCollectionSms(ctx, ready) }),
  });
}

export function markCollected(tx: OrderTx, ctx: EmailContext, order: OrderRow, { actor }: { actor: AuditActor }): Promise<OrderRow> {
  return transition(tx, order, 'collected', {
    event: { note: `Collected at ${order.paxiLocationName}` },
    audit: { actor, action: 'order.collected', summary: `Marked ${order.orderNumber} collected` },
    notify: (collected) => ({ email: collectedEmail(ctx, collected) }),
  });
}

/**
 * Paid after its checkout's hold was given back, beyond the stock or the code's limit: the order
 * is marked for the owner, on the order desk and in the morning digest. The customer is not told:
 * the owner restocks or refunds (and says so), or honours the discount.
 */
export function markOversold(tx: OrderTx, order: OrderRow, marks: OversoldMark[]): Promise<OrderRow> {
  return transition(tx, order, 'oversold', {
    set: { oversold: marks },
    event: { note: marks.map((mark) => `${oversoldHeadlines[mark.kind]}. ${oversoldDetail(mark)}`).join('\n'), details: { marks } },
  });
}

/** The owner found the missing flags, or honours the discount: the mark is settled and the order is packed as any other. */
export function settleOversold(tx: OrderTx, order: OrderRow, { actor }: { actor: AuditActor }): Promise<OrderRow> {
  if (!oversoldOpen({ ...order, oversoldSettledAt: order.oversoldSettledAt?.toISOString() ?? null })) {
    throw new ConflictError(`Order ${order.orderNumber} has nothing to settle: it is not marked, or it was settled, sent, cancelled or refunded already`);
  }
  const stock = order.oversold.some((mark) => mark.kind === 'stock');
  const discount = order.oversold.some((mark) => mark.kind === 'discount');
  const note = stock && discount ? 'Restocked, and the discount honoured' : stock ? 'Restocked: the missing flags are here, ready to pack' : 'The discount is honoured';
  return transition(tx, order, 'oversold_settled', {
    set: { oversoldSettledAt: sql`now()` },
    event: { note },
    audit: { actor, action: 'order.oversold_settled', summary: `Settled ${order.orderNumber}: ${note}` },
  });
}

/** A note on the timeline for the other admins; the customer does not see it. */
export function addOrderNote(tx: OrderTx, order: OrderRow, { actor, note }: { actor: AuditActor; note: string }): Promise<OrderRow> {
  return transition(tx, order, 'note', {
    event: { note },
    audit: { actor, action: 'order.note', summary: `Added a note to ${order.orderNumber}`, details: { note } },
  });
}

/** A refund without cancelling (a damaged flag, a goodwill gesture); the customer hears of it once the provider confirms it. */
export function refundOrder(tx: Transaction, order: OrderRow, request: RefundRequest): Promise<void> {
  return recordRefundRequest(tx, order, request);
}

/** The money of a cancellation: a refund the provider accepted, one the owner made by hand, or none. */
export type CancelRefund = { asked: AcceptedRefund } | { byHand: Omit<RefundByHand, 'actor' | 'reason' | 'cancelling'> } | undefined;

/**
 * Cancels an order, with the refund the provider accepted for it or the one made by hand, if any;
 * its email says what happens to the money. Returns the order as it is now: when another admin
 * moved it meanwhile (sent or cancelled it), a refund asked of the provider stands on the timeline
 * and the order is left as it is.
 */
export async function cancelOrder(
  tx: Transaction,
  ctx: EmailContext,
  toCancel: OrderRow,
  cancel: { actor: AuditActor; reason: string | undefined; refund: CancelRefund; refundedBeforeCents: number },
): Promise<OrderRow> {
  const { actor, reason, refund } = cancel;
  let order = toCancel;
  if (refund && 'asked' in refund) await recordRefundRequest(tx, order, { actor, refund: refund.asked, reason });
  if (refund && 'byHand' in refund) order = await recordRefundByHand(tx, ctx, order, { ...refund.byHand, actor, reason, cancelling: true });
  if (!canMove(order, 'cancelled')) return order;
  // Before the transition, whose timeline line says whether the flags went back on sale.
  // Not sent yet: paid, or placed awaiting its bank transfer with its flags taken for it.
  const flagsTaken = order.state === 'paid' || (order.state === 'pending' && order.paymentMethod === 'eft');
  const restocked = flagsTaken && (await restockCancelledOrder(tx, order.checkoutId));
  const refundCents = refund ? ('asked' in refund ? refund.asked : refund.byHand).amountCents : 0;
  return transition(tx, order, 'cancelled', {
    event: { note: reason ?? null, details: { refundCents, restocked } },
    audit: {
      actor,
      action: 'order.cancel',
      summary: refund ? `Cancelled ${order.orderNumber} with a refund of ${formatRand(refundCents)}` : `Cancelled ${order.orderNumber} without a refund`,
      details: { refundCents, reason: reason ?? null, restocked },
    },
    notify: (cancelled) => ({
      email: orderCancelledEmail(ctx, cancelled, { refundNowCents: refundCents, refundedBeforeCents: cancel.refundedBeforeCents, unpaid: order.paymentStatus === 'pending' }),
    }),
  });
}

import { courierAddressLine, courierServiceOf } from '../../shared/delivery';
import { lastDays } from '../lib/days';
import type { BookedShipment } from '../delivery/courier';
import type { DeliveryService } from '../delivery/service';
import type { CourierTracking } from '../delivery/tracking';
import { claimCourierBooking, markDelivered, releaseCourierBooking } from '../orders/courier-tracking';
import { and, asc, count, desc, eq, getViewSelectedFields, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { placedOrders } from '../db/schema';
import { startOfDay, startOfNextDay, TIME_ZONE } from '../db/south-african-days';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import type { AuditActor } from '../admin/audit';
import type { CheckoutService } from '../checkout/service';
import type { EmailContext } from '../notify/templates';
import { assertMove, canMove, canMovePayment, lockedOrder, type OrderRow } from '../orders/transitions';
import { timelineOf, type OrderEventRow } from '../orders/events';
import { askForRefund, recordRefundByHand, waitingRefundCents, withdrawRefund, type AcceptedRefund } from '../orders/refunds';
import { proofsOf } from '../orders/proof-of-payment';
import {
  addOrderNote,
  cancelOrder,
  fulfilOrder,
  markCollected,
  markReadyForCollection,
  receivePayment,
  refundOrder,
  settleOversold,
  type CancelRefund,
} from '../orders/service';
import { formatRand } from '../../shared/money';
import { refundWordsOf } from '../../shared/payment-methods';
import { todayInSouthAfrica } from '../../shared/profile';
import {
  orderDeskMessages,
  orderStatusLabels,
  orderStatuses,
  oversoldOpen,
  refundReferenceMessages,
  type AdminOrder,
  type AdminOrderDetail,
  type OrderAction,
  type OrderActionResult,
  type OrderDeskOverview,
  type OrderEvent,
  type OrderSort,
  type OrderSortColumn,
  type orderExportSchema,
  type orderSearchSchema,
  type PaymentStatus,
} from '../../shared/order-desk';
import { ordersCsv } from './csv';
import { orderDocuments } from '../tax/documents';
import { documentUrls } from '../../shared/tax-documents';

export type OrderFilters = z.output<typeof orderExportSchema>;
export type OrderSearchQuery = z.output<typeof orderSearchSchema>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OrderDeskDeps {
  db: Database;
  /** Refunds go through the checkout's one refund path (provider call, idempotency key, limits). */
  checkout: Pick<CheckoutService, 'refund'>;
  /**
   * Where the refunds of a way to pay are made by hand (PayFast's dashboard, the shop's bank
   * account), for the desk to record them; undefined for one it asks through the provider. Absent:
   * every refund is asked of the provider.
   */
  refundsByHand?: (paymentMethod: string) => string | undefined;
  email: EmailContext;
  /** Books courier orders and fetches their labels, when the shop's courier is booked from the desk. */
  delivery: Pick<DeliveryService, 'canBook' | 'book' | 'label'>;
  /** Asks the courier where a courier order's parcel is, when it reports tracking. */
  tracking: Pick<CourierTracking, 'follows' | 'followOrder'>;
  /** Told after a change queued emails or texts, so that the outbox worker sends them at once. */
  onQueued?: () => void;
  log: { error: (obj: object, msg: string) => void };
}

const ORDER_NOT_FOUND = 'Order not found';
const OVERVIEW_DAYS = 30;

/*
 * What counts as an order on the overview. Orders are only created once the payment is confirmed,
 * so every row was paid for; a row whose payment is still 'pending' or 'failed' (the spec's
 * defaults, never written by checkout) was not and counts nowhere.
 *  - Total Orders and the Fulfillment Rate count paid orders that were not cancelled: a cancelled
 *    order will never be sent, so it would only drag the rate down for ever.
 *  - Revenue is money kept: what was paid less confirmed refunds, over every paid order, cancelled
 *    ones included (a cancelled order refunded in full adds 0; one refunded in part adds the rest).
 *    Refunds still waiting for the provider's confirmation are not subtracted yet.
 */
const paidFor = inArray(placedOrders.paymentStatus, ['paid', 'partially_refunded', 'refunded']);
const countedOrder = and(paidFor, ne(placedOrders.state, 'cancelled'))!;
/** What to pack next: paid (and not refunded in full), not sent yet, not cancelled. */
const awaitingPacking = and(eq(placedOrders.state, 'paid'), eq(placedOrders.fulfilled, false), inArray(placedOrders.paymentStatus, ['paid', 'partially_refunded']))!;
const keptCents = sql`${placedOrders.totalAmount} - ${placedOrders.refundedCents}`;


/** LIKE treats % and _ as wildcards; a search for '100_01' means those characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function filterOrders(filters: OrderFilters): SQL | undefined {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw new InvalidInputError('The "from" day must be on or before the "to" day');
  }
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(placedOrders.orderNumber, pattern), ilike(placedOrders.customerName, pattern), ilike(placedOrders.customerEmail, pattern)));
  }
  if (filters.status === 'unfulfilled') conditions.push(awaitingPacking);
  else if (filters.status) conditions.push(eq(placedOrders.status, filters.status));
  if (filters.from) conditions.push(gte(placedOrders.createdAt, startOfDay(filters.from)));
  if (filters.to) conditions.push(lt(placedOrders.createdAt, startOfNextDay(filters.to)));
  return and(...conditions);
}

/** Order numbers grow a digit at CF-1000000: shorter ones come first, then in order. */
const sortKeys: Record<OrderSortColumn, SQL[]> = {
  number: [sql`length(${placedOrders.orderNumber})`, sql`${placedOrders.orderNumber}`],
  date: [sql`${placedOrders.createdAt}`, sql`${placedOrders.orderNumber}`],
  customer: [sql`lower(${placedOrders.customerName})`, sql`${placedOrders.createdAt}`],
  total: [sql`${placedOrders.totalAmount}`, sql`${placedOrders.createdAt}`],
  // The order's way through the shop: awaiting payment, to pack, fulfilled, … cancelled.
  status: [sql`array_position(${sql.raw(`ARRAY[${orderStatuses.map((status) => `'${status}'`).join(', ')}]::text[]`)}, ${placedOrders.status})`, sql`${placedOrders.createdAt}`],
};

/** ?sort=total-desc as ORDER BY: the column, then a tie-breaker, both the same way. */
function orderBy(sort: OrderSort): SQL[] {
  const [column, direction] = sort.split('-') as [OrderSortColumn, 'asc' | 'desc'];
  return sortKeys[column].map((key) => (direction === 'asc' ? asc(key) : desc(key)));
}

/** Placed to be paid by bank transfer, and not paid (or cancelled) yet. */
const awaitingTransfer = (order: OrderRow) => order.paymentMethod === 'eft' && order.state === 'pending' && order.paymentStatus === 'pending';

function toAdminOrder(row: OrderRow): AdminOrder {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    placedAsGuest: row.placedAsGuest,
    deliveryOption: row.deliveryOption,
    paxiLocationId: row.paxiLocationId,
    paxiLocationName: row.paxiLocationName,
    paxiLocationAddress: row.paxiLocationAddress,
    deliveryAddress: row.shippingStreet && courierServiceOf(row.deliveryOption) ? courierAddressLine(row) : null,
    deliveryInstructions: row.deliveryInstructions,
    courierShipmentId: row.courierShipmentId,
    subtotalCents: row.subtotalCents,
    deliveryFeeCents: row.deliveryFeeCents,
    discountCode: row.discountCode,
    discountCents: row.discountCents,
    totalAmount: row.totalAmount,
    refundedCents: row.refundedCents,
    currency: row.currency,
    items: row.items,
    paymentId: row.paymentId,
    paymentMethod: row.paymentMethod,
    paymentDueOn: awaitingTransfer(row) ? row.paymentDueOn : null,
    paymentStatus: row.paymentStatus,
    status: row.status,
    fulfilled: row.fulfilled,
    trackingNumber: row.trackingNumber,
    fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    oversold: row.oversold,
    oversoldSettledAt: row.oversoldSettledAt?.toISOString() ?? null,
  };
}

function toOrderEvent(row: OrderEventRow): OrderEvent {
  return { id: row.id, type: row.type, note: row.note, actorEmail: row.actorEmail, createdAt: row.createdAt.toISOString() };
}

/** The order as a row, with its timeline and the refunds still waiting for the provider. */
interface OrderState {
  order: OrderRow;
  events: OrderEventRow[];
  pendingRefundCents: number;
  refundableCents: number;
}

function stateOf(order: OrderRow, events: OrderEventRow[], pending: number): OrderState {
  const refundable = canMovePayment(order.paymentStatus, 'refunded') ? Math.max(0, order.totalAmount - order.refundedCents - pending) : 0;
  return { order, events, pendingRefundCents: pending, refundableCents: refundable };
}

/**
 * The moves the order desk may offer now: the transition table (which keeps the PAXI point's steps
 * to PAXI orders and the door's to courier orders), booking and asking a courier that the desk can
 * reach, and no sending of money already given back.
 */
function allowedActions({ order, refundableCents }: OrderState, courier: { bookable: boolean; follows: boolean }): OrderAction[] {
  const actions: OrderAction[] = [];
  const byCourier = courierServiceOf(order.deliveryOption) !== undefined;
  if (awaitingTransfer(order)) actions.push('payment_received');
  if (canMove(order, 'fulfilled')) actions.push('fulfil');
  if (byCourier && courier.bookable && canMove(order, 'fulfilled')) actions.push('book_courier');
  if (canMove(order, 'ready_for_collection')) actions.push('ready_for_collection');
  if (canMove(order, 'collected')) actions.push('collected');
  if (byCourier && courier.follows && order.trackingNumber && canMove(order, 'delivered')) actions.push('track_courier');
  if (canMove(order, 'delivered')) actions.push('delivered');
  if (canMove(order, 'cancelled')) actions.push('cancel');
  if (refundableCents > 0) actions.push('refund');
  if (oversoldOpen(toAdminOrder(order))) actions.push('settle_oversold');
  return actions;
}

/** The order, locked until the transaction ends. Malformed ids name no order either: 404, like an unknown one. */
async function lockOrder(tx: Transaction, id: string): Promise<OrderRow> {
  const order = isUuid(id) ? await lockedOrder(tx, { id }) : undefined;
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

/** A refund of a card order is asked of the provider, which names it: a reference typed for one is a mistake. */
const CARD_REFUND_REFERENCE = 'A card refund is asked of the payment provider, which gives it its own reference: leave the refund reference out';

function tooMuchRefund({ order, refundableCents, pendingRefundCents }: OrderState): InvalidInputError {
  const waiting = pendingRefundCents > 0 ? ` (${formatRand(pendingRefundCents)} of refunds are waiting for the payment provider's confirmation)` : '';
  if (refundableCents === 0) return new InvalidInputError(`Nothing is left to refund on order ${order.orderNumber}${waiting}`);
  return new InvalidInputError(`A refund can be at most ${formatRand(refundableCents)} for order ${order.orderNumber}${waiting}`);
}

export function createOrderDeskService(deps: OrderDeskDeps) {
  const { db, email: ctx } = deps;

  /**
   * The order and its timeline as of one moment, with the database's time. Read apart, a refund
   * confirmed between the two reads would count neither as refunded nor as waiting (or as both).
   */
  async function current(id: string): Promise<OrderState & { now: Date }> {
    if (!isUuid(id)) throw new NotFoundError(ORDER_NOT_FOUND);
    return db.transaction(
      async (tx) => {
        const [row] = await tx
          .select({ order: getViewSelectedFields(placedOrders), now: sql`clock_timestamp()`.mapWith(placedOrders.createdAt) })
          .from(placedOrders)
          .where(eq(placedOrders.id, id));
        if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
        return { ...stateOf(row.order, await timelineOf(tx, id), await waitingRefundCents(tx, id)), now: row.now };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  const refundsByHand = (order: OrderRow) => deps.refundsByHand?.(order.paymentMethod);

  /**
   * The reference a refund of this order needs: required where its refunds are made by hand,
   * refused where the provider is asked. Undefined: ask the provider.
   */
  function handReference(order: OrderRow, reference: string | undefined): string | undefined {
    if (!refundsByHand(order)) {
      if (reference !== undefined) throw new InvalidInputError(CARD_REFUND_REFERENCE);
      return undefined;
    }
    if (reference === undefined) throw new InvalidInputError(refundReferenceMessages.required);
    return reference;
  }

  /**
   * The order as `change` locked it, with what is left to refund as of now: two admins recording a
   * refund made by hand at once are counted one after the other, and the second may find less left.
   */
  async function lockedState(tx: Transaction, order: OrderRow): Promise<OrderState> {
    return stateOf(order, [], await waitingRefundCents(tx, order.id));
  }

  async function detail(id: string): Promise<AdminOrderDetail> {
    const state = await current(id);
    const { order } = state;
    return {
      order: toAdminOrder(order),
      events: state.events.map(toOrderEvent),
      actions: allowedActions(state, { bookable: deps.delivery.canBook, follows: deps.tracking.follows }),
      refundableCents: state.refundableCents,
      refundsByHand: refundsByHand(order) ?? null,
      documents: await orderDocuments(db, id, documentUrls.orderDesk),
      proofs: await proofsOf(db, id),
    };
  }

  async function answer(id: string, message: string): Promise<OrderActionResult> {
    return { ...(await detail(id)), message };
  }

  /**
   * One change of an order: the row is locked (SELECT … FOR UPDATE) so that two admins clicking
   * at once make one change and one notice; the audit line and the notices commit with it.
   */
  async function change<T>(id: string, work: (tx: Transaction, order: OrderRow) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => work(tx, await lockOrder(tx, id)));
    deps.onQueued?.();
    return result;
  }

  /** Asks the payment provider for the refund, through the checkout's refund. */
  async function askProvider(order: OrderRow, recordId: string, amountCents: number, requestedAt: Date): Promise<AcceptedRefund> {
    if (!order.paymentId) throw new ConflictError(`Order ${order.orderNumber} has no card payment to refund`);
    const result = await deps.checkout.refund(order, amountCents);
    if (!result.refundId) {
      throw new ConflictError(`The payment provider says the payment for order ${order.orderNumber} is already refunded in full`);
    }
    return { recordId, refundId: result.refundId, amountCents, requestedAt };
  }

  /**
   * Asks the provider for a refund and writes the request down with `record`. The refund is
   * requested before the provider is asked: its confirmation may come before the request is
   * written, and its credit note still gives the desk's reason. Refused, it is withdrawn.
   */
  async function refundThroughProvider<T>(
    order: OrderRow,
    ask: { amountCents: number; reason: string | undefined; cancelling: boolean; requestedAt: Date },
    record: (refund: AcceptedRefund) => Promise<T>,
  ): Promise<T> {
    const recordId = await askForRefund(db, order, ask);
    try {
      return await record(await askProvider(order, recordId, ask.amountCents, ask.requestedAt));
    } catch (err) {
      await withdrawRefund(db, recordId);
      throw err;
    }
  }

  /**
   * Cancels an order with a refund the owner made by hand, all in one transaction under the order's
   * lock: the refund recorded and counted with its credit note, then the cancellation. Nothing is
   * written when the order was moved or refunded meanwhile.
   */
  async function cancelWithRefundByHand(
    actor: AuditActor,
    id: string,
    cancel: { reason: string | undefined; reference: string; refundOf: (state: OrderState) => number },
  ): Promise<OrderActionResult> {
    const { reason, reference } = cancel;
    const { order, amountCents } = await change(id, async (tx, lockedOrder) => {
      const locked = await lockedState(tx, lockedOrder);
      assertMove(locked.order, 'cancelled');
      const amountCents = cancel.refundOf(locked);
      if (amountCents === 0 || amountCents > locked.refundableCents) throw tooMuchRefund(locked);
      const refund: CancelRefund = { byHand: { amountCents, reference } };
      const refundedBeforeCents = locked.order.refundedCents + locked.pendingRefundCents;
      return { order: await cancelOrder(tx, ctx, locked.order, { actor, reason, refund, refundedBeforeCents }), amountCents };
    });
    return answer(id, `Order ${order.orderNumber} was cancelled; a refund of ${formatRand(amountCents)} ${refundWordsOf(order.paymentMethod).made} was recorded and the customer was sent the credit note`);
  }

  return {
    /** GET /api/admin/orders: in the order asked for (newest first unless told), and how many match before the limit. */
    async searchOrders(search: OrderSearchQuery): Promise<{ orders: AdminOrder[]; total: number }> {
      const where = filterOrders(search);
      const [rows, [counted]] = await Promise.all([
        db.select().from(placedOrders).where(where).orderBy(...orderBy(search.sort)).limit(search.limit),
        db.select({ total: count() }).from(placedOrders).where(where),
      ]);
      return { orders: rows.map(toAdminOrder), total: counted?.total ?? 0 };
    },

    /** What to pack next, oldest first. */
    async unfulfilledOrders(): Promise<AdminOrder[]> {
      const rows = await db.select().from(placedOrders).where(awaitingPacking).orderBy(asc(placedOrders.createdAt), asc(placedOrders.orderNumber));
      return rows.map(toAdminOrder);
    },

    /** Every order the filters match, in the list's order, as a CSV file named for today (South African time). */
    async exportOrders(filters: OrderFilters): Promise<{ filename: string; csv: string }> {
      const rows = await db.select().from(placedOrders).where(filterOrders(filters)).orderBy(...orderBy(filters.sort));
      return { filename: `orders-${todayInSouthAfrica()}.csv`, csv: ordersCsv(rows.map(toAdminOrder)) };
    },

    orderDetail: detail,

    async fulfilOrder(actor: AuditActor, id: string, trackingNumber: string): Promise<OrderActionResult> {
      await change(id, (tx, order) => fulfilOrder(tx, ctx, order, { actor, trackingNumber }));
      return answer(id, orderDeskMessages.fulfilled);
    },

    /**
     * Books the courier for a paid courier order: the courier's tracking number fulfils it, and the
     * customer is told as for a typed one. The order is marked as being booked under its row lock,
     * then the courier is asked with no lock held (a call over the network): other clicks meanwhile
     * are refused, and a courier that books nothing gives the mark back. When another admin sent
     * the order by hand meanwhile, the new shipment is named in the refusal and the log, to be
     * cancelled with the courier.
     */
    async bookCourier(actor: AuditActor, id: string): Promise<OrderActionResult> {
      const { order, mark } = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!courierServiceOf(order.deliveryOption)) throw new ConflictError(`Order ${order.orderNumber} is collected at a PAXI point: fulfil it with PAXI's tracking number`);
        if (!deps.delivery.canBook) throw new ConflictError("This shop's courier is booked by hand: book it, then fulfil the order with the courier's tracking number");
        if (!canMove(order, 'fulfilled')) throw new ConflictError(`Order ${order.orderNumber} is already sent or cancelled: there is nothing to book`);
        return { order, mark: await claimCourierBooking(tx, order) };
      });
      let shipment: BookedShipment;
      try {
        shipment = await deps.delivery.book(order);
      } catch (err) {
        await releaseCourierBooking(db, id, mark);
        throw err;
      }
      try {
        await change(id, async (tx, locked) => {
          if (!canMove(locked, 'fulfilled')) throw new ConflictError(`Order ${order.orderNumber} was sent meanwhile: cancel the courier's new shipment ${shipment.trackingNumber} with the courier`);
          return fulfilOrder(tx, ctx, locked, { actor, trackingNumber: shipment.trackingNumber, courierShipmentId: shipment.shipmentId });
        });
      } catch (err) {
        deps.log.error({ err, orderNumber: order.orderNumber, shipment }, 'a courier shipment was booked but the order was not fulfilled');
        throw err;
      }
      return answer(id, orderDeskMessages.courierBooked);
    },

    /** The booked courier order's label to print, a PDF. */
    async courierLabel(id: string): Promise<{ filename: string; pdf: Buffer }> {
      const { order } = await current(id);
      if (!order.courierShipmentId) throw new NotFoundError(`Order ${order.orderNumber} has no courier booking, so no label`);
      return { filename: `label-${order.orderNumber}.pdf`, pdf: await deps.delivery.label(order.courierShipmentId) };
    },

    async markReadyForCollection(actor: AuditActor, id: string): Promise<OrderActionResult> {
      const { orderNumber } = await change(id, (tx, order) => markReadyForCollection(tx, ctx, order, { actor }));
      return answer(id, `Order ${orderNumber} is ready for collection; the customer was notified`);
    },

    /** "Mark payment received": a bank transfer reflected; the order is paid, invoiced and confirmed. */
    async receivePayment(actor: AuditActor, id: string, received: { amountCents: number; receivedOn: string }): Promise<OrderActionResult> {
      const { orderNumber } = await change(id, (tx, order) => receivePayment(tx, ctx, order, { actor, ...received }));
      return answer(id, `Order ${orderNumber} is paid: the customer was sent the invoice and the confirmation`);
    },

    async markCollected(actor: AuditActor, id: string): Promise<OrderActionResult> {
      const { orderNumber } = await change(id, (tx, order) => markCollected(tx, ctx, order, { actor }));
      return answer(id, `Order ${orderNumber} was collected`);
    },

    async markDelivered(actor: AuditActor, id: string): Promise<OrderActionResult> {
      const { orderNumber } = await change(id, (tx, order) => markDelivered(tx, ctx, order, { actor }));
      return answer(id, `Order ${orderNumber} was delivered; the customer was thanked`);
    },

    /** "Check tracking": asks the courier now where the parcel is, and moves the order as it says. */
    async followCourier(id: string): Promise<OrderActionResult> {
      const { order } = await current(id);
      if (!courierServiceOf(order.deliveryOption)) throw new ConflictError(`Order ${order.orderNumber} is collected at a PAXI point: PAXI's tracking is on its own website`);
      const before = order.status;
      const followed = await deps.tracking.followOrder(order);
      return answer(
        id,
        followed.status === before
          ? `The courier reports nothing new for order ${order.orderNumber} (${orderStatusLabels[before]})`
          : `The courier reports order ${order.orderNumber} ${orderStatusLabels[followed.status].toLowerCase()}`,
      );
    },

    /** The owner found the missing flags, or honours the discount, of an order sold beyond stock or over a code's limit. */
    async settleOversold(actor: AuditActor, id: string): Promise<OrderActionResult> {
      const { orderNumber } = await change(id, (tx, order) => settleOversold(tx, order, { actor }));
      return answer(id, `Order ${orderNumber} is settled: pack it as any other`);
    },

    /** A note on the timeline for the other admins; the customer does not see it. */
    async addNote(actor: AuditActor, id: string, note: string): Promise<OrderActionResult> {
      await change(id, (tx, order) => addOrderNote(tx, order, { actor, note }));
      return answer(id, 'Note added');
    },

    /**
     * Cancels an order and, when asked, refunds through the payment provider. The provider is
     * asked first, outside any transaction (no lock is held across a network call): if it refuses,
     * nothing changed. The reason stays on the timeline and the audit log; the customer's email
     * says what happens to the money.
     */
    async cancelOrder(
      actor: AuditActor,
      id: string,
      input: { refund: 'full' | 'none' | { amountCents: number }; reason?: string; reference?: string },
    ): Promise<OrderActionResult> {
      const reason = input.reason || undefined;
      const state = await current(id);
      const { order } = state;
      assertMove(order, 'cancelled');
      const refundOf = ({ refundableCents }: OrderState) => (input.refund === 'full' ? refundableCents : input.refund === 'none' ? 0 : input.refund.amountCents);
      const refundCents = refundOf(state);
      if (refundCents > state.refundableCents) throw tooMuchRefund(state);
      const reference = refundCents > 0 ? handReference(order, input.reference) : undefined;
      if (reference !== undefined) return cancelWithRefundByHand(actor, id, { reason, reference, refundOf });
      // As read before this refund: its own confirmation may already have landed on the row.
      const refundedBeforeCents = order.refundedCents + state.pendingRefundCents;
      const cancel = (refund: AcceptedRefund | undefined) =>
        change(id, (tx, locked) => cancelOrder(tx, ctx, locked, { actor, reason, refund: refund && { asked: refund }, refundedBeforeCents }));
      const now =
        refundCents > 0 ? await refundThroughProvider(order, { amountCents: refundCents, reason, cancelling: true, requestedAt: state.now }, cancel) : await cancel(undefined);
      // Refuses (409) when the order was moved meanwhile, after the refund was recorded.
      if (now.state !== 'cancelled') assertMove(now, 'cancelled');
      const money = refundCents > 0 ? `; a refund of ${formatRand(refundCents)} was requested` : '';
      return answer(id, `Order ${order.orderNumber} was cancelled${money}`);
    },

    /**
     * The spec's refund call (POST /api/payments/yoco/refund {paymentId, amount?}): the same refund
     * as the order desk's, found by the payment; without an amount, all that is left.
     */
    async refundPayment(actor: AuditActor, input: { paymentId: string; amountCents?: number; reason?: string }): Promise<OrderActionResult> {
      const [order] = await db.select({ id: placedOrders.id }).from(placedOrders).where(eq(placedOrders.paymentId, input.paymentId));
      if (!order) throw new NotFoundError('No order was paid with that payment id');
      const amountCents = input.amountCents ?? (await current(order.id)).refundableCents;
      return this.refundOrder(actor, order.id, { amountCents, reason: input.reason });
    },

    /**
     * A refund without cancelling (a damaged flag, a goodwill gesture); refuses more than is left.
     * Where the order's refunds are made by hand, the owner made it already: it is recorded with its
     * reference.
     */
    async refundOrder(actor: AuditActor, id: string, input: { amountCents: number; reason?: string; reference?: string }): Promise<OrderActionResult> {
      const state = await current(id);
      const { order } = state;
      if (!canMovePayment(order.paymentStatus, 'refunded')) throw notRefundable(order.orderNumber, order.paymentStatus);
      if (input.amountCents > state.refundableCents) throw tooMuchRefund(state);
      const reason = input.reason || undefined;
      const reference = handReference(order, input.reference);
      if (reference !== undefined) {
        const { amountCents } = input;
        await change(id, async (tx, lockedOrder) => {
          // Checked again under the lock: another admin may have recorded a refund meanwhile.
          const locked = await lockedState(tx, lockedOrder);
          if (!canMovePayment(locked.order.paymentStatus, 'refunded')) throw notRefundable(order.orderNumber, locked.order.paymentStatus);
          if (amountCents > locked.refundableCents) throw tooMuchRefund(locked);
          return recordRefundByHand(tx, ctx, locked.order, { actor, amountCents, reference, reason, cancelling: false });
        });
        return answer(id, `Refund of ${formatRand(amountCents)} ${refundWordsOf(order.paymentMethod).made} recorded for order ${order.orderNumber}; the customer was sent the credit note`);
      }
      await refundThroughProvider(order, { amountCents: input.amountCents, reason, cancelling: false, requestedAt: state.now }, (refund) =>
        change(id, (tx, locked) => refundOrder(tx, locked, { actor, refund, reason })),
      );
      return answer(
        id,
        `Refund of ${formatRand(input.amountCents)} requested for order ${order.orderNumber}; the payment status follows when the payment provider confirms it`,
      );
    },

    async overview(): Promise<OrderDeskOverview> {
      const [totals] = await db
        .select({
          totalOrders: sql`count(*) FILTER (WHERE ${countedOrder})`.mapWith(Number),
          fulfilledOrders: sql`count(*) FILTER (WHERE ${countedOrder} AND ${placedOrders.fulfilled})`.mapWith(Number),
          unfulfilledOrders: sql`count(*) FILTER (WHERE ${awaitingPacking})`.mapWith(Number),
          revenueCents: sql`coalesce(sum(${keptCents}) FILTER (WHERE ${paidFor}), 0)`.mapWith(Number),
          countedValueCents: sql`coalesce(sum(${keptCents}) FILTER (WHERE ${countedOrder}), 0)`.mapWith(Number),
        })
        .from(placedOrders);
      const { totalOrders, fulfilledOrders, unfulfilledOrders, revenueCents, countedValueCents } = totals!;

      const days = lastDays(todayInSouthAfrica(), OVERVIEW_DAYS);
      const day = sql<string>`to_char(${placedOrders.createdAt} AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD')`;
      const perDay = await db
        .select({
          day,
          revenueCents: sql`coalesce(sum(${keptCents}), 0)`.mapWith(Number),
          orders: sql`count(*) FILTER (WHERE ${placedOrders.state} <> 'cancelled')`.mapWith(Number),
        })
        .from(placedOrders)
        .where(and(paidFor, gte(placedOrders.createdAt, startOfDay(days[0]!))))
        .groupBy(day);
      const byDay = new Map(perDay.map((row) => [row.day, row]));

      return {
        totalOrders,
        unfulfilledOrders,
        totalRevenueCents: revenueCents,
        fulfillmentRate: totalOrders === 0 ? 0 : Math.round((fulfilledOrders / totalOrders) * 100),
        averageOrderValueCents: totalOrders === 0 ? 0 : Math.round(countedValueCents / totalOrders),
        revenueByDay: days.map((d) => ({ day: d, revenueCents: byDay.get(d)?.revenueCents ?? 0, orders: byDay.get(d)?.orders ?? 0 })),
      };
    },
  };
}

export type OrderDeskService = ReturnType<typeof createOrderDeskService>;

function notRefundable(orderNumber: string, status: PaymentStatus): ConflictError {
  return new ConflictError(
    status === 'refunded' ? `Order ${orderNumber} is already refunded in full` : `Order ${orderNumber} has not been paid, so there is nothing to refund`,
  );
}

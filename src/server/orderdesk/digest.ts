import { and, asc, eq, inArray, lte, not, sql } from 'drizzle-orm';
import type { BatchEmailResult } from '../../shared/order-desk';
import { todayInSouthAfrica } from '../../shared/profile';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import type { Database } from '../db/client';
import { orderDeskDigests, placedOrders, products, productSizes, quoteRequests } from '../db/schema';
import { enqueueEmail } from '../notify/outbox';
import type { EmailContext } from '../notify/templates';
import { orderDeskDigestMessage, type LowStockSize, type MissedDelivery, type OrderToPack, type QuoteToPrice, type TransferAwaited } from './digest-email';
import { inTheShop } from '../catalog/in-the-shop';
import { LOW_STOCK_THRESHOLD } from '../../shared/stock';

const DIGEST_CHECK_EVERY_MS = 60 * 1000;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OrderDeskDigestOptions {
  db: Database;
  email: EmailContext;
  /** ORDER_DESK_EMAIL. */
  to: string;
  /** When the daily digest is due, in South African time (ORDER_DESK_DIGEST_TIME, 08:00). */
  at: { hour: number; minute: number };
  /** Told after a commit that queued the email, so that it leaves at once. */
  onQueued?: () => void;
  /** Replaced in tests, which move the day along without waiting for it. */
  now?: () => Date;
}

/** Where an order goes, as the emails show it. */
const destinationColumns = {
  deliveryOption: placedOrders.deliveryOption,
  paxiLocationId: placedOrders.paxiLocationId,
  paxiLocationName: placedOrders.paxiLocationName,
  paxiLocationAddress: placedOrders.paxiLocationAddress,
  shippingStreet: placedOrders.shippingStreet,
  shippingSuburb: placedOrders.shippingSuburb,
  shippingCity: placedOrders.shippingCity,
  shippingProvince: placedOrders.shippingProvince,
  shippingPostalCode: placedOrders.shippingPostalCode,
  deliveryCompany: placedOrders.deliveryCompany,
  deliveryInstructions: placedOrders.deliveryInstructions,
};

const timeOfDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Johannesburg', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Minutes since midnight in South Africa. */
function minutesIntoDay(now: Date): number {
  const parts = Object.fromEntries(timeOfDay.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

export type ScheduledOutcome = 'not-due' | 'sent' | 'already-sent';

/**
 * The order desk's daily digest: the paid orders still to be packed, emailed to ORDER_DESK_EMAIL.
 *
 * The scheduled send happens once a day across every process: it claims the day by inserting the
 * day's row into order_desk_digests (primary key day, trigger 'schedule') in the same transaction
 * as the outbox row, so the process that loses the race inserts nothing and sends nothing. An
 * admin's POST /api/admin/batch-email always sends and claims nothing: it is recorded in the admin
 * audit log instead, so asking for the list at 07:00 does not cancel the 08:00 email.
 */
export function createOrderDeskDigest({ db, email, to, at, onQueued, now = () => new Date() }: OrderDeskDigestOptions) {
  const dueMinute = at.hour * 60 + at.minute;
  /** The last day this process saw claimed: no need to ask the database again until tomorrow. */
  let settledDay: string | undefined;

  /** Paid and not yet sent to PAXI (a fully refunded order has nothing left to send), oldest first. */
  async function ordersToPack(tx: Tx): Promise<OrderToPack[]> {
    const rows = await tx
      .select({
        orderNumber: placedOrders.orderNumber,
        createdAt: placedOrders.createdAt,
        customerName: placedOrders.customerName,
        customerPhone: placedOrders.customerPhone,
        ...destinationColumns,
        items: placedOrders.items,
        oversold: placedOrders.oversold,
        oversoldSettledAt: placedOrders.oversoldSettledAt,
      })
      .from(placedOrders)
      .where(and(eq(placedOrders.state, 'paid'), not(placedOrders.fulfilled), inArray(placedOrders.paymentStatus, ['paid', 'partially_refunded'])))
      .orderBy(asc(placedOrders.createdAt), asc(placedOrders.orderNumber));
    return rows;
  }

  /** Courier orders the courier could not deliver, the longest waiting first. */
  function deliveriesToChase(tx: Tx): Promise<MissedDelivery[]> {
    return tx
      .select({
        orderNumber: placedOrders.orderNumber,
        customerName: placedOrders.customerName,
        customerPhone: placedOrders.customerPhone,
        trackingNumber: placedOrders.trackingNumber,
        ...destinationColumns,
      })
      .from(placedOrders)
      .where(eq(placedOrders.status, 'delivery_failed'))
      .orderBy(asc(placedOrders.updatedAt), asc(placedOrders.orderNumber));
  }

  /** Counted sizes on sale, of flags in the shop, with few or none left: fewest first. */
  function sizesRunningLow(tx: Tx): Promise<LowStockSize[]> {
    return tx
      .select({ productName: products.name, sizeLabel: productSizes.label, sku: productSizes.sku, stockQuantity: sql<number>`${productSizes.stockQuantity}` })
      .from(productSizes)
      .innerJoin(products, eq(products.id, productSizes.productId))
      .where(and(eq(productSizes.isActive, true), lte(productSizes.stockQuantity, LOW_STOCK_THRESHOLD), inTheShop))
      .orderBy(asc(productSizes.stockQuantity), asc(products.name), asc(productSizes.position));
  }

  /** Quote requests from the shop's quote page that have no price yet, oldest first. */
  function quotesToPrice(tx: Tx): Promise<QuoteToPrice[]> {
    return tx
      .select({
        number: quoteRequests.number,
        name: quoteRequests.name,
        organisation: quoteRequests.organisation,
        createdAt: quoteRequests.createdAt,
        neededBy: quoteRequests.neededBy,
        lines: quoteRequests.lines,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.status, 'open'))
      .orderBy(asc(quoteRequests.createdAt), asc(quoteRequests.number));
  }

  /** Orders placed to be paid by bank transfer and not marked paid, the soonest due first. */
  function transfersAwaited(tx: Tx): Promise<TransferAwaited[]> {
    return tx
      .select({ orderNumber: placedOrders.orderNumber, customerName: placedOrders.customerName, totalAmount: placedOrders.totalAmount, paymentDueOn: placedOrders.paymentDueOn })
      .from(placedOrders)
      .where(and(eq(placedOrders.paymentMethod, 'eft'), eq(placedOrders.state, 'pending'), eq(placedOrders.paymentStatus, 'pending')))
      .orderBy(asc(placedOrders.paymentDueOn), asc(placedOrders.orderNumber));
  }

  /** The email of the day, made in the caller's transaction. */
  async function digestOf(tx: Tx, sentAt: Date) {
    const list = await ordersToPack(tx);
    return {
      list,
      message: orderDeskDigestMessage(email, to, sentAt, list, await deliveriesToChase(tx), await sizesRunningLow(tx), await quotesToPrice(tx), await transfersAwaited(tx)),
    };
  }

  return {
    /** POST /api/admin/batch-email: the admin asks, so it always goes out. */
    async sendNow(actor: AuditActor): Promise<BatchEmailResult> {
      const moment = now();
      const day = todayInSouthAfrica(moment);
      const orderCount = await db.transaction(async (tx) => {
        const { list, message } = await digestOf(tx, moment);
        const { id } = await enqueueEmail(tx, message);
        await recordAdminAction(tx, actor, {
          action: 'digest.send',
          targetType: 'digest',
          targetId: day,
          summary: `Sent the order digest (${list.length} to pack) to ${to}`,
          details: { outboxId: id, to, orderNumbers: list.map((o) => o.orderNumber) },
        });
        return list.length;
      });
      onQueued?.();
      const what = orderCount === 0 ? 'nothing to pack' : `${orderCount} ${orderCount === 1 ? 'order' : 'orders'} to pack`;
      return { sent: true, orderCount, message: `Order digest sent to ${to}: ${what}` };
    },

    /**
     * The daily run, called every minute by each process: sends today's digest once it is due and
     * no process has sent it yet. A process that starts after the hour sends it then (catch-up).
     */
    async sendIfDue(): Promise<ScheduledOutcome> {
      const moment = now();
      const day = todayInSouthAfrica(moment);
      if (day === settledDay) return 'already-sent';
      if (minutesIntoDay(moment) < dueMinute) return 'not-due';
      const sent = await db.transaction(async (tx) => {
        // On PostgreSQL a second process's insert waits here for the first one's commit, then does nothing.
        const [claimed] = await tx
          .insert(orderDeskDigests)
          .values({ day, trigger: 'schedule', orderCount: 0 })
          .onConflictDoNothing()
          .returning({ day: orderDeskDigests.day });
        if (!claimed) return false;
        const { list, message } = await digestOf(tx, moment);
        const { id } = await enqueueEmail(tx, message);
        await tx.update(orderDeskDigests).set({ orderCount: list.length, outboxId: id }).where(eq(orderDeskDigests.day, day));
        return true;
      });
      settledDay = day;
      if (!sent) return 'already-sent';
      onQueued?.();
      return 'sent';
    },
  };
}

export type OrderDeskDigest = ReturnType<typeof createOrderDeskDigest>;

export interface DigestSchedule {
  /** One check now; the timer calls this every minute. */
  runDue(): Promise<void>;
  stop(): Promise<void>;
}

/** Checks at once (a process started after the hour catches up) and then every minute. */
export function startDigestSchedule(
  digest: OrderDeskDigest,
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void },
  everyMs = DIGEST_CHECK_EVERY_MS,
): DigestSchedule {
  let running: Promise<void> | undefined;
  function runDue(): Promise<void> {
    running ??= digest
      .sendIfDue()
      .then((outcome) => {
        if (outcome === 'sent') log.info({}, 'order digest queued');
      })
      .catch((err: unknown) => log.error({ err }, 'order digest failed; trying again in a minute'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }
  void runDue();
  const timer = setInterval(() => void runDue(), everyMs);
  timer.unref();
  return {
    runDue,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

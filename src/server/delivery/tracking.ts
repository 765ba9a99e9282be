import type { Database } from '../db/client';
import { ConflictError, DomainError, InvalidInputError } from '../errors';
import type { EmailContext } from '../notify/templates';
import { findCourierParcel, followCourier, takeParcelsToFollow } from '../orders/courier-tracking';
import { lockedOrder, type OrderRow } from '../orders/transitions';
import { startRepeatingJob, type JobLog, type RepeatingJob } from '../repeating-job';
import { courierServiceOf } from '../../shared/delivery';
import { CourierUnavailableError, type CourierProvider, type TrackingNudge } from './courier';

/** How often each process asks the courier about parcels on their way, and about how many at a time. */
const FOLLOW_PARCELS_EVERY_MS = 15 * 60 * 1000;
const PARCELS_PER_ROUND = 25;
/** A parcel a webhook or the desk just asked about is not asked about again sooner than this. */
const ASK_AGAIN_AFTER_MINUTES = 10;

export interface TrackingRound {
  asked: number;
  moved: number;
  failed: number;
}

/**
 * Follows courier parcels to the door with the courier's tracking events: by polling the parcels
 * on their way, by the courier's webhook, and when the order desk asks. Only a courier that reports
 * tracking (Shiplogic) is followed; with a flat rate the desk marks orders delivered itself.
 */
export function createCourierTracking(deps: { db: Database; courier: CourierProvider; email: EmailContext; onQueued?: () => void; log: JobLog }) {
  const { db, courier, email } = deps;
  const events = courier.trackingEvents?.bind(courier);

  /** Asks the courier where the order's parcel is (outside any transaction), then moves the order under its row lock. */
  async function follow(order: OrderRow): Promise<OrderRow> {
    if (!events || !order.trackingNumber || !courierServiceOf(order.deliveryOption)) return order;
    let reported;
    try {
      reported = await events(order.trackingNumber);
    } catch (err) {
      throw new CourierUnavailableError(`The courier did not say where order ${order.orderNumber} is: ${(err as Error).message}. Try again in a few minutes.`, 502, err);
    }
    const moved = await db.transaction(async (tx) => {
      const locked = await lockedOrder(tx, { id: order.id });
      return followCourier(tx, email, locked!, reported);
    });
    if (moved.status !== order.status) deps.onQueued?.();
    return moved;
  }

  return {
    /** Whether the courier reports where its parcels are. */
    follows: events !== undefined,
    webhook: courier.trackingWebhook,

    /** The order desk's "Check tracking": the courier is asked now. */
    async followOrder(order: OrderRow): Promise<OrderRow> {
      if (!events) throw new ConflictError("This shop's courier does not report tracking: mark the order delivered when the courier confirms it");
      if (!order.trackingNumber) throw new ConflictError(`Order ${order.orderNumber} has no tracking number yet: book the courier or fulfil it first`);
      return follow(order);
    },

    /** One round of polling: the parcels asked about least recently. A courier that fails for one parcel does not stop the others. */
    async followParcels(limit = PARCELS_PER_ROUND): Promise<TrackingRound> {
      const round: TrackingRound = { asked: 0, moved: 0, failed: 0 };
      if (!events) return round;
      for (const order of await takeParcelsToFollow(db, { limit, notWithinMinutes: ASK_AGAIN_AFTER_MINUTES })) {
        round.asked += 1;
        try {
          if ((await follow(order)).status !== order.status) round.moved += 1;
        } catch (err) {
          round.failed += 1;
          deps.log.error({ err, orderNumber: order.orderNumber }, 'courier tracking failed');
        }
      }
      return round;
    },

    /** The courier's webhook named a parcel: the shop asks the courier where it is. Unknown parcels are acknowledged and left alone. */
    async followNudge(nudge: TrackingNudge): Promise<{ orderNumber?: string }> {
      const order = await findCourierParcel(db, nudge);
      if (!order) return {};
      try {
        await follow(order);
      } catch (err) {
        if (err instanceof DomainError) throw new DomainError(err.message, 503, 'courier_unavailable');
        throw err;
      }
      return { orderNumber: order.orderNumber };
    },

    /** Reads a webhook body with the courier's own reader, refusing what it cannot read in words. */
    readNudge(body: unknown): TrackingNudge {
      const nudge = courier.trackingWebhook?.read(body);
      if (nudge === undefined) throw new InvalidInputError('This shop takes no courier tracking webhooks');
      if (typeof nudge === 'string') throw new InvalidInputError(nudge);
      return nudge;
    },
  };
}

export type CourierTracking = ReturnType<typeof createCourierTracking>;

/** Polls the courier about parcels on their way, in every process; takeParcelsToFollow keeps two processes off the same parcel. */
export function startFollowingParcels(tracking: CourierTracking, log: JobLog, everyMs = FOLLOW_PARCELS_EVERY_MS): RepeatingJob {
  return startRepeatingJob(
    async () => {
      const round = await tracking.followParcels();
      if (round.moved > 0 || round.failed > 0) log.info(round, 'followed courier parcels');
    },
    log,
    'following courier parcels failed',
    everyMs,
  );
}

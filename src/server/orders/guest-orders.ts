/**
 * Orders placed without an account: the look-up that emails a fresh link to an order, and the
 * claiming of a guest's orders by the account that verifies the same email address.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, placedOrders } from '../db/schema';
import type { SessionUser } from '../auth/session';
import { enqueueEmail } from '../notify/outbox';
import type { EmailContext } from '../notify/templates';
import { orderLinkMessage } from './guest-order-emails';

interface GuestOrderDeps {
  db: Database;
  /** With orderLink: a guest's look-up emails a fresh signed link. */
  email: EmailContext;
  /** Called after a commit that queued email, so the outbox worker sends it now. */
  onQueued?: () => void;
}

export function createGuestOrders({ db, email, onQueued }: GuestOrderDeps) {
  return {
    /**
     * The order look-up: when the number and the email address are an order's, its buyer is
     * emailed a fresh link to it (a guest's) or to My Profile (an account's). Whoever asks is told
     * the same either way, so the look-up says nothing of which orders exist or whose they are.
     */
    async lookUp(orderNumber: string, address: string): Promise<void> {
      const [order] = await db
        .select({ orderNumber: placedOrders.orderNumber, customerName: placedOrders.customerName, customerEmail: placedOrders.customerEmail, userId: placedOrders.userId, placedAsGuest: placedOrders.placedAsGuest })
        .from(placedOrders)
        .where(and(eq(placedOrders.orderNumber, orderNumber.toUpperCase()), sql`lower(${placedOrders.customerEmail}) = ${address.toLowerCase()}`));
      if (!order) return;
      await enqueueEmail(db, orderLinkMessage(email, order));
      onQueued?.();
    },

    /**
     * Gives a signed-in account the guest orders placed with its email address, once that address
     * is verified (an address anyone can type is not proof of whose orders they are). One statement:
     * two requests at once claim each order once, and a claimed order is never claimed again.
     */
    async claimFor(user: SessionUser): Promise<string[]> {
      if (!user.emailVerified) return [];
      const claimed = await db
        .update(orders)
        .set({ userId: user.id, guestEmail: null, updatedAt: sql`now()` })
        .where(and(eq(orders.guestEmail, user.email.toLowerCase()), isNull(orders.userId)))
        .returning({ orderNumber: orders.orderNumber });
      return claimed.map((order) => order.orderNumber);
    },
  };
}

export type GuestOrders = ReturnType<typeof createGuestOrders>;

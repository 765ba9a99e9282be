/**
 * Signed, expiring links to one order's page, for buyers without an account: the order number
 * alone never opens an order. A link is `/orders/CF-100001?key=<expiry>.<signature>`, the
 * signature an HMAC of the order number and the expiry under a key of its own, derived from the
 * shop's session secret (so every process checks every other's links).
 */
import { createHmac } from 'node:crypto';
import { sameText } from '../lib/same-text';
import { guestMessages, ORDER_LINK_DAYS, orderKeyQuerySchema } from '../../shared/guest-orders';
import { ForbiddenError, NotFoundError } from '../errors';
import { parseInput } from '../http/parse';
import type { OrderReader } from '../db/order-readers';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrderLinkCheck = 'valid' | 'expired' | 'invalid';

export function createOrderLinks(sessionSecret: string, publicUrl: string, now: () => number = Date.now) {
  const key = createHmac('sha256', sessionSecret).update('order links').digest();
  const signature = (orderNumber: string, expires: number) => createHmac('sha256', key).update(`${orderNumber}.${expires}`).digest('base64url');

  /** The key that opens this order until `ORDER_LINK_DAYS` from now. */
  function keyFor(orderNumber: string): string {
    const expires = Math.floor((now() + ORDER_LINK_DAYS * DAY_MS) / 1000);
    return `${expires}.${signature(orderNumber, expires)}`;
  }

  return {
    keyFor,

    /** The order's page, as an email or the success page links to it. */
    linkTo(orderNumber: string): string {
      return `${publicUrl}/orders/${orderNumber}?key=${keyFor(orderNumber)}`;
    },

    /** Whether this key opens this order now; a key of another order, or altered, is invalid. */
    check(orderNumber: string, orderKey: string): OrderLinkCheck {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(orderKey);
      if (!match) return 'invalid';
      const expires = Number(match[1]);
      if (!sameText(match[2]!, signature(orderNumber, expires))) return 'invalid';
      return expires * 1000 < now() ? 'expired' : 'valid';
    },
  };
}

export type OrderLinks = ReturnType<typeof createOrderLinks>;

/**
 * The reader of one order by its link (the request's `?key=`); an altered, another order's or
 * expired key opens nothing. Every call of a guest's order checks its key here.
 */
export function linkedReader(links: Pick<OrderLinks, 'check'>, orderNumber: string, query: unknown): OrderReader {
  const { key } = parseInput(orderKeyQuerySchema, query);
  const check = links.check(orderNumber, key);
  if (check === 'invalid') throw new NotFoundError(guestMessages.linkNotValid, 'order_link_invalid');
  if (check === 'expired') throw new ForbiddenError(guestMessages.linkExpired, 'order_link_expired');
  return { linkedOrderNumber: orderNumber, orderKey: key };
}

import { z } from 'zod';
import { emailSchema } from './schemas';
import { orderNumberParamsSchema } from './orders';

/**
 * Orders without an account (CHECKOUT_ACCOUNTS=optional): the checkout's words for guests, the
 * signed link that opens a guest's order, and the order look-up's words.
 */

/** How long a link to a guest's order opens it; the order look-up emails a fresh one. */
export const ORDER_LINK_DAYS = 30;

export const guestMessages = {
  accountsRequired: 'Please sign in to pay: this shop takes orders from customers with an account.',
  whichCart: 'Please sign in, or continue as a guest with the cart you are paying for (cartSessionId).',
  accountsCart: 'This cart belongs to an account. Please sign in to pay for it.',
  tooManyCheckouts: 'Too many checkouts without an account from this email address or network. Please try again in an hour, or sign in.',
  linkNotValid: 'This order link is not valid. Check that the whole link was copied, or ask for a new one at /orders/find.',
  linkExpired: `This order link has expired (links last ${ORDER_LINK_DAYS} days). We can email you a new one at /orders/find.`,
  lookUpSent:
    'If that order number and email address belong to an order, we have emailed a link to it. It can take a few minutes; check your spam folder too.',
  tooManyLookUps: 'Too many order look-ups. Please try again in an hour, or contact us.',
} as const;

/** The key of a signed order link: `<expiry>.<signature>`, checked by the server. */
export const orderKeyQuerySchema = z.object({
  key: z.string({ error: guestMessages.linkNotValid }).max(200, guestMessages.linkNotValid),
});

/** POST /api/orders/find: the order number and the email address it was placed with. */
export const orderLookUpSchema = z.object({
  orderNumber: orderNumberParamsSchema.shape.orderNumber,
  email: emailSchema('Please enter the email address the order was placed with'),
});
export type OrderLookUp = z.input<typeof orderLookUpSchema>;

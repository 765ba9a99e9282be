/**
 * The machine word beside the message in every refusal of the shop's services (`{message, code}`).
 * The browser decides what to do by the code; the message is the text people read, in the spec's
 * wording, and may be reworded without breaking anything. A code, once sent, keeps its meaning.
 */
export type ErrorCode =
  // The general refusals, one for each kind of domain error (src/server/errors.ts).
  /** 400: the request is not one the call accepts. */
  | 'invalid_input'
  /** 401: nobody is signed in. */
  | 'not_signed_in'
  /** 403: signed in, but not allowed. */
  | 'forbidden'
  /** 404 */
  | 'not_found'
  /** 409: the request clashes with what is stored now. */
  | 'conflict'
  /** 415: a body in a form the call does not read. */
  | 'unsupported_media_type'
  /** 429: too many attempts; the Retry-After header says when to try again. */
  | 'too_many_attempts'
  // Checkout.
  /** 403: the shopper must verify their email address before paying. */
  | 'email_unverified'
  /** 400 or 404: the PAXI point is not (or no longer) one the shop delivers to. */
  | 'point_unavailable'
  /** 400: the PAXI finder got no address to search from. */
  | 'address_required'
  /** 400: there is nothing in the cart to pay for. */
  | 'cart_empty'
  /** 400: above R5,000 a VAT vendor's tax invoice names the buyer's address, and checkout gave none. */
  | 'billing_address_required'
  /** 409: the total changed since the page was loaded; `expectedAmount` is the right one. */
  | 'cart_changed'
  /** 409: fewer flags are left than asked for; at checkout, `productId` and `stockQuantity` say which and how many. */
  | 'out_of_stock'
  /** 409: a flag in the cart was taken out of the shop; `productId` says which. */
  | 'flag_no_longer_sold'
  /** 409: the payment provider does not report the checkout as paid. */
  | 'payment_not_paid'
  /** 409: paid, but not in rand or not the checkout's total; no order is made. */
  | 'payment_mismatch'
  // Payments and the order desk.
  /** 502: the payment provider refused a request or could not be reached. */
  | 'payment_provider_failed'
  /** 400: a payment webhook whose signature, timestamp or body does not hold. */
  | 'webhook_refused'
  /** 413 or 415: an uploaded picture that is too large, or not a picture the shop can show. */
  | 'picture_refused'
  /** 413 or 415: a proof of payment that is too large, or not the PDF or picture it says it is. */
  | 'proof_refused'
  // Delivery.
  /** 422 or 502: no courier rate for the address (not served, or the courier did not answer); PAXI is still offered. */
  | 'courier_unavailable'
  // Accounts.
  /** 503: the sign-in service (Firebase Authentication) could not be reached; try again. */
  | 'sign_in_unavailable'
  // The shop itself.
  /** 503: the database could not be reached or the connection to it was lost; the same request may work in a few seconds (Retry-After). */
  | 'database_unavailable'
  // Orders without an account.
  /** 404: a link to an order whose key is altered, another order's or malformed; the order look-up emails a new one. */
  | 'order_link_invalid'
  /** 403: a link to an order that has expired; the order look-up emails a new one. */
  | 'order_link_expired'
  // Discounts.
  /** 400: the discount code cannot be used on this order (unknown, not yet or no longer valid, used up, minimum spend); the message says which. */
  | 'discount_refused';

/**
 * What a refusal carries beside `message` and `code`, by its code: a client reads these fields
 * typed (ApiError.details in the browser). A code not listed carries nothing more.
 */
interface ErrorDetails {
  /** The total the server worked out for the cart as it is now, in cents. */
  cart_changed: { expectedAmount: number };
  /** At checkout: the flag short and how many are left (adding to the cart names neither). */
  out_of_stock: { productId?: string; sizeId?: string; stockQuantity?: number };
  flag_no_longer_sold: { productId: string };
  /** An earlier payment page of the shopper's was paid meanwhile: that order. */
  conflict: { orderNumber?: string };
}

/** The fields a refusal with `code` carries beside its message. */
export type DetailsOf<C extends ErrorCode> = C extends keyof ErrorDetails ? ErrorDetails[C] : Record<never, never>;

/** The body of every refusal: `{ message, code }` and the code's details. */
export type RefusalBody<C extends ErrorCode = ErrorCode> = { message: string; code: C } & DetailsOf<C>;

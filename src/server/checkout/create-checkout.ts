/**
 * Making a checkout: the order rebuilt from the shopper's cart and the catalogue, priced
 * (priceOrder), its stock and code held, frozen as a checkout, and the provider's payment page
 * opened for it.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { checkouts, placedOrders, type CheckoutSnapshot, type DeliverySnapshot } from '../db/schema';
import { ConflictError, ForbiddenError, InvalidInputError } from '../errors';
import { FlagNoLongerSoldError, type CartView } from '../cart/service';
import { cartOfBuyer, type Buyer } from '../cart/buyer';
import type { CodeCustomer } from '../discounts/service';
import { BELOW_MINIMUM_MESSAGE } from '../payments/provider';
import { paymentMethodNotOffered } from '../../shared/payment-methods';
import type { PickupPoint } from '../pickup/service';
import { CourierUnavailableError, courierServiceNotOffered } from '../delivery/courier';
import { holdStock, OutOfStockError, type Transaction } from '../inventory/stock';
import { checkoutMessages, heldByEarlierPageMessage, type CreateCheckoutInput, type DeliveryChoice } from '../../shared/checkout';
import { collectionFeeCents, MINIMUM_CARD_PAYMENT_CENTS, paxiSpeeds, type PaxiSpeed } from '../../shared/shop-facts';
import { deliveryFeeLabel, deliveryOptionOf } from '../../shared/delivery';
import { formatRand } from '../../shared/money';
import { countryName, lineName } from '../../shared/product';
import { needsFullTaxInvoice } from '../../shared/tax-documents';
import { priceOrder } from '../../shared/pricing';
import { isVatVendor } from '../../shared/vat';
import { endUnpaid, endUnpaidIn } from './holds';
import type { PaymentPages } from './payment-pages';
import { addBusinessDays, MAX_UNPAID_TRANSFERS, unpaidTransfersMessage } from '../../shared/bank-transfer';
import { todayInSouthAfrica } from '../../shared/profile';
import type { CheckoutCompletion } from './complete-checkout';
import type { CheckoutDeps, CheckoutRow } from './deps';
import { keepReminderChoice } from './reminders';

/** An unpaid checkout older than this is expired by the reconciliation. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;

/** How the order reaches the shopper, and its fee, as the checkout freezes them. */
interface FrozenDelivery {
  feeCents: number;
  delivery: DeliverySnapshot;
}

function paxiDelivery(speed: PaxiSpeed, point: PickupPoint, itemCount: number): FrozenDelivery {
  return {
    feeCents: collectionFeeCents(paxiSpeeds[speed], itemCount),
    delivery: {
      method: 'paxi',
      speed,
      point: { code: point.code, name: point.name, address: point.street, town: point.town, province: point.province, postalCode: point.postalCode },
    },
  };
}

/** What a checkout froze, as compared for "the same order again": the holds and the code's id aside. */
function frozenOrder(snapshot: CheckoutSnapshot): unknown {
  const { heldStock: _held, discount: _discount, ...order } = snapshot;
  return JSON.parse(JSON.stringify(order));
}

/**
 * A flag short because the shopper's own earlier page holds it (a provider that cannot close pages
 * keeps them payable until they expire): the refusal says so, and when it comes free.
 */
function shortForOwnPage(err: unknown, earlier: CheckoutRow[]): OutOfStockError | null {
  if (!(err instanceof OutOfStockError)) return null;
  const holding = earlier.filter((row) => row.stockHeld && row.snapshot.heldStock?.some((line) => line.sizeId === err.sizeId));
  if (holding.length === 0) return null;
  const held = holding.reduce((sum, row) => sum + row.snapshot.heldStock!.find((line) => line.sizeId === err.sizeId)!.quantity, 0);
  const until = new Date(Math.min(...holding.map((row) => row.expiresAt.getTime())));
  const what = `${held} ${countryName(err.productName)} ${held === 1 ? 'flag' : 'flags'} in ${err.sizeLabel}`;
  return new OutOfStockError(err.productId, err.sizeId, err.productName, err.sizeLabel, err.left, heldByEarlierPageMessage(what, until));
}

export function createCheckoutStep(deps: CheckoutDeps, { payablePagesOf, reopen, closePages }: PaymentPages, { placeAwaitingTransfer }: CheckoutCompletion) {
  const { db } = deps;

  /** The courier's price for this cart now: the server's, whatever the browser showed. */
  async function courierDelivery(choice: Extract<DeliveryChoice, { method: 'courier' }>, cart: CartView): Promise<FrozenDelivery> {
    const rates = await deps.delivery.quote(choice.address, cart.cartItems, cart.subtotalCents);
    const rate = rates.find((offered) => offered.serviceLevel === choice.serviceLevel);
    if (!rate) throw new CourierUnavailableError(courierServiceNotOffered(choice.serviceLevel), 422);
    return {
      feeCents: rate.priceCents,
      delivery: { method: 'courier', provider: deps.delivery.courierName, serviceLevel: choice.serviceLevel, address: choice.address },
    };
  }

  /**
   * What the delivery costs and how the checkout freezes it, for the cart once claimed. A PAXI point
   * is looked up now, before the cart is claimed: a wrong point is the shopper's to mend first.
   */
  async function deliveryFor(choice: DeliveryChoice): Promise<(cart: CartView) => Promise<FrozenDelivery>> {
    if (choice.method === 'courier') return (cart) => courierDelivery(choice, cart);
    const point = await deps.findPickupPoint(choice.point.id);
    if (!point) throw new InvalidInputError(checkoutMessages.pickupPointRequired, 'point_unavailable');
    return async (cart) => paxiDelivery(choice.speed, point, cart.itemCount);
  }

  /** The same flags, prices, delivery, customer, code and total as an earlier checkout of the same cart. */
  function sameOrder(row: CheckoutRow, next: { provider: string; cartSessionId: string; snapshot: CheckoutSnapshot; amount: number; discountCode: string | undefined }): boolean {
    return (
      row.provider === next.provider &&
      row.cartSessionId === next.cartSessionId &&
      row.totalCents === next.amount &&
      row.snapshot.discount?.code === next.discountCode &&
      isDeepStrictEqual(frozenOrder(row.snapshot), frozenOrder(next.snapshot))
    );
  }

  /** A customer's orders still waiting for their bank transfer stay few: each holds its flags for days. */
  async function assertFewUnpaidTransfers(buyer: Buyer, typedEmail: string): Promise<void> {
    const whose = buyer.kind === 'account' ? eq(placedOrders.userId, buyer.user.id) : sql`lower(${placedOrders.customerEmail}) = ${typedEmail.toLowerCase()}`;
    const unpaid = await db.$count(placedOrders, and(whose, eq(placedOrders.paymentMethod, 'eft'), eq(placedOrders.state, 'pending'), eq(placedOrders.paymentStatus, 'pending')));
    if (unpaid >= MAX_UNPAID_TRANSFERS) throw new InvalidInputError(unpaidTransfersMessage);
  }

  /** Runs `work` in a transaction that is then rolled back: its refusal, if any, is thrown; nothing it wrote stays. */
  async function tryOut(work: (tx: Transaction) => Promise<unknown>): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        await work(tx);
        tx.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
  }

  /**
   * Rebuilds the order from the shopper's cart and the catalogue, refuses a browser total that
   * differs (409 with the right total), freezes it as a checkout and opens the provider's page.
   */
  async function createCheckout(buyer: Buyer, input: CreateCheckoutInput): Promise<{ id: string; redirectUrl: string }> {
    const user = buyer.kind === 'account' ? buyer.user : null;
    if (user && !user.emailVerified) throw new ForbiddenError(checkoutMessages.emailVerificationRequired, 'email_unverified');
    const { metadata } = input;
    const payments = input.paymentMethod === undefined ? deps.payments.first : deps.payments.get(input.paymentMethod);
    if (!payments) throw new InvalidInputError(paymentMethodNotOffered(input.paymentMethod!, deps.payments.all.map((p) => p.name)));
    if (payments.name === 'eft') await assertFewUnpaidTransfers(buyer, metadata.customerInfo.email);
    const deliveryOf = await deliveryFor(metadata.delivery);

    const cart = await cartOfBuyer(deps.cart, buyer);
    if (cart.cartItems.length === 0) throw new InvalidInputError(`${checkoutMessages.cartEmpty}: ${checkoutMessages.cartEmptyDetail}`, 'cart_empty');
    const unavailable = cart.cartItems.find((item) => !item.available);
    if (unavailable) throw new FlagNoLongerSoldError(unavailable.productId, unavailable.productName, unavailable.sizeLabel);
    const subtotalCents = cart.subtotalCents;
    const delivery = await deliveryOf(cart);
    const deliveryFeeCents = delivery.feeCents;
    const { company, vatNumber, billingAddress, ...typed } = metadata.customerInfo;
    // An account's confirmation and tax invoice go to its verified address, whatever the form says;
    // a guest's to the address typed, which no account sees until it is verified (claimGuestOrders).
    const customer = { ...typed, email: user ? user.email : typed.email.toLowerCase() };
    const codeCustomer: CodeCustomer = user ? { userId: user.id } : { guestEmail: customer.email };

    const snapshot: CheckoutSnapshot = {
      customer,
      ...(company || vatNumber || billingAddress ? { invoiceTo: { company: company ?? null, vatNumber: vatNumber ?? null, address: billingAddress ?? null } } : {}),
      delivery: delivery.delivery,
      items: cart.cartItems.map((item) => ({
        productId: item.productId,
        sizeId: item.sizeId,
        sizeLabel: item.sizeLabel,
        sku: item.sku,
        productName: item.productName,
        productImage: item.productImage,
        unitPriceCents: item.priceCents,
        quantity: item.quantity,
      })),
    };
    const earlier = await payablePagesOf(buyer);
    // The same order again (back from the payment page, Pay pressed again): the same page.
    const same = earlier.find((row) => sameOrder(row, { provider: payments.name, cartSessionId: cart.sessionId, snapshot, amount: input.amount, discountCode: metadata.discountCode }));
    if (same) return reopen(await keepReminderChoice(db, same, metadata.remindMe));

    // The code's row and the stock are taken in the transaction that creates the checkout: the
    // last use of a code and the last flag each go to one shopper only. The total is known once
    // the code is counted, and a total the browser did not show rolls it all back. `replaced`:
    // the shopper's earlier checkouts whose pages are closed, whose holds go back first.
    const makeCheckout = async (tx: Transaction, replaced: string[]) => {
      for (const id of replaced) await endUnpaidIn(tx, id, 'cancelled');
      const discount = metadata.discountCode
        ? await deps.discounts.claimUse(tx, { code: metadata.discountCode, customer: codeCustomer, subtotalCents, codeSubtotalCents: deps.cart.codeSubtotalCents(cart.cartItems), deliveryFeeCents })
        : null;
      const price = priceOrder({ lines: snapshot.items, deliveryFeeCents, discountCents: discount?.discountCents, vatRegistered: isVatVendor(deps.email.shop) });
      const { totalCents } = price;
      const discountCents = price.discount.cents;
      if (input.amount !== totalCents) throw new TotalChangedError(totalCents);
      if (totalCents < MINIMUM_CARD_PAYMENT_CENTS) throw new InvalidInputError(BELOW_MINIMUM_MESSAGE);
      if (needsFullTaxInvoice(deps.email.shop, totalCents) && !billingAddress) {
        throw new InvalidInputError(checkoutMessages.billingAddressRequired, 'billing_address_required');
      }
      const heldStock = await holdStock(tx, cart.cartItems);
      const rows = await tx
        .insert(checkouts)
        .values({
          userId: user?.id ?? null,
          guest: user === null,
          cartSessionId: cart.sessionId,
          provider: payments.name,
          subtotalCents: price.subtotalCents,
          deliveryFeeCents,
          discountCents,
          totalCents,
          snapshot: { ...snapshot, ...(discount && discountCents > 0 ? { discount } : {}), heldStock },
          stockHeld: heldStock.length > 0,
          expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
          remindMe: metadata.remindMe,
        })
        .returning();
      if (discount) await deps.discounts.holdUse(tx, discount, { checkoutId: rows[0]!.id, customer: codeCustomer });
      return rows;
    };
    // Earlier pages the provider can close are closed, and their holds go back, only for a
    // checkout that will be made: it is tried first in a transaction that is rolled back, so that
    // a request refused (a changed total, a code used up) leaves every earlier page as it was.
    const closable = earlier.filter((row) => deps.payments.get(row.provider)?.closeCheckout);
    if (closable.length > 0) await tryOut((tx) => makeCheckout(tx, closable.map((row) => row.id)));
    const replaced = await closePages(closable);
    const [checkout] = await db.transaction((tx) => makeCheckout(tx, replaced)).catch((err: unknown) => {
      throw shortForOwnPage(err, earlier.filter((row) => !replaced.includes(row.id))) ?? err;
    });
    const choice = metadata.delivery;
    if (user && choice.method === 'courier' && choice.saveAddress) {
      // The address book is a kindness: a full one does not stop the payment.
      await deps.saveAddress(user.id, choice.address).catch((err: unknown) => deps.log.warn({ err, userId: user.id }, 'could not keep the courier address in the address book'));
    }
    const { totalCents, discountCents } = checkout!;
    const back = (path: string) => `${deps.publicUrl}${path}?checkoutId=${checkout!.id}`;
    const opened = await payments.createCheckout({
      amountCents: totalCents,
      currency: 'ZAR',
      successUrl: back('/payment/success'),
      cancelUrl: back('/payment/cancel'),
      failureUrl: back('/payment/failed'),
      metadata: { checkoutId: checkout!.id },
      externalId: checkout!.id,
      // The checkout's own id: a retried request can never open a second payment for it.
      idempotencyKey: checkout!.id,
      buyer: { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, phone: customer.phone },
      subtotalCents,
      // The delivery fee is a line of its own and the discount is taken off below the lines, so that the page adds up to the amount charged.
      lineItems: [
        ...snapshot.items.map((item) => ({ displayName: lineName(item), quantity: item.quantity, priceCents: item.unitPriceCents })),
        ...(deliveryFeeCents > 0 ? [{ displayName: deliveryFeeLabel(deliveryOptionOf(snapshot.delivery)), quantity: 1, priceCents: deliveryFeeCents }] : []),
      ],
      ...(discountCents > 0 ? { totalDiscountCents: discountCents } : {}),
    }).catch(async (err: unknown) => {
      // No payment page to pay on: the checkout failed, and its stock goes back at once.
      await endUnpaid(db, checkout!.id, 'failed');
      throw err;
    });
    await db
      .update(checkouts)
      .set({ providerCheckoutId: opened.id, redirectUrl: opened.redirectUrl, updatedAt: sql`now()` })
      .where(eq(checkouts.id, checkout!.id));
    if (deps.payments.bankTransfer && payments.name === 'eft') {
      // A bank transfer has no payment page: the order is placed now, and its page says how to pay.
      const dueOn = addBusinessDays(todayInSouthAfrica(), deps.payments.bankTransfer.days);
      const order = await placeAwaitingTransfer(checkout!, { account: deps.payments.bankTransfer.account, dueOn });
      return { id: checkout!.id, redirectUrl: user ? `${deps.publicUrl}/profile/orders/${order.orderNumber}` : deps.orderLinks.linkTo(order.orderNumber) };
    }
    return { id: checkout!.id, redirectUrl: opened.redirectUrl };
  }

  return createCheckout;
}

/** 409 with the total the server worked out, so the browser can show it and ask again. */
export class TotalChangedError extends ConflictError<'cart_changed'> {
  constructor(expectedAmount: number) {
    super(`Your order total is now ${formatRand(expectedAmount)}. Please review your order and try again.`, 'cart_changed');
    this.publicDetails.expectedAmount = expectedAmount;
  }
}

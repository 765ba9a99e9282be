import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, pgView, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EmailMessage, SmsMessage } from '../lib/outbox-messages';
import { fulfilmentStatuses, orderEventTypes, orderStates, paymentStatuses, type FulfilmentMethod, type FulfilmentStatus, type OrderStatus, type OversoldMark } from '../../shared/order-desk';
import type { OrderEventDetails } from '../lib/order-event-details';
import { PICTURE_FORMATS } from '../../shared/picture-sizes';
import { PROOF_TYPES } from '../../shared/proof-of-payment';
import { DEFAULT_FLAG_PACKING, orderDeliveryOptions, type CourierAddress, type CourierServiceLevel } from '../../shared/delivery';
import type { PaxiSpeed } from '../../shared/shop-facts';
import { discountKinds } from '../../shared/discounts';
import { regions } from '../../shared/regions';
import { LINE_LIMIT_CEILING } from '../../shared/cart';
import { taxDocumentKinds, type TaxDocumentContent } from '../../shared/tax-documents';
import { quoteStatuses, type QuoteAnswer, type QuoteLine } from '../../shared/quotes';

export { orderStates, paymentStatuses };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull().default('ZAR'),
    isActive: boolean('is_active').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    /** The shop's region tab the flag is listed under; null: only under All. */
    region: text('region', { enum: regions }),
    /** Shown in the shop before it has a picture: a flag without one stays hidden unless the owner chose this. */
    showWithoutPicture: boolean('show_without_picture').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    check('products_region_known', sql`${t.region} IS NULL OR ${t.region} IN ('Africa', 'Europe', 'Americas', 'Asia', 'Oceania')`),
  ],
);

/**
 * One size of a flag (a variant): what a shopper chooses, puts in the cart and pays for, with its
 * own code for the address (`?size=90x60`), SKU, price, counted stock and packing for the courier.
 * A flag's main size is its first active one in the owner's order: the one its page opens on.
 */
export const productSizes = pgTable(
  'product_sizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** In the product page's address: '150x90', 'desk'. */
    code: text('code').notNull(),
    /** As shoppers read it: '150 × 90 cm'. */
    label: text('label').notNull(),
    /** A second option where the owner uses one: 'Knitted polyester'. */
    material: text('material'),
    sku: text('sku').notNull(),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
    /** Flags of this size left to sell; null when the shop does not count them (made to order). */
    stockQuantity: integer('stock_quantity'),
    /** One flag of this size packed, and folded: the courier's parcel is worked out from these. */
    weightGrams: integer('weight_grams').notNull().default(DEFAULT_FLAG_PACKING.weightGrams),
    foldedLengthCm: integer('folded_length_cm').notNull().default(DEFAULT_FLAG_PACKING.foldedLengthCm),
    foldedWidthCm: integer('folded_width_cm').notNull().default(DEFAULT_FLAG_PACKING.foldedWidthCm),
    foldedHeightCm: integer('folded_height_cm').notNull().default(DEFAULT_FLAG_PACKING.foldedHeightCm),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_sizes_code_unique').on(t.productId, t.code),
    uniqueIndex('product_sizes_sku_unique').on(t.sku),
    index('product_sizes_product_idx').on(t.productId, t.position),
    check('product_sizes_weight_sensible', sql`${t.weightGrams} BETWEEN 1 AND 30000`),
    check(
      'product_sizes_folded_size_sensible',
      sql`${t.foldedLengthCm} BETWEEN 1 AND 150 AND ${t.foldedWidthCm} BETWEEN 1 AND 150 AND ${t.foldedHeightCm} BETWEEN 1 AND 150`,
    ),
    check('product_sizes_price_positive', sql`${t.priceCents} > 0`),
    check('product_sizes_sale_price_positive', sql`${t.salePriceCents} IS NULL OR ${t.salePriceCents} > 0`),
    check('product_sizes_stock_not_negative', sql`${t.stockQuantity} IS NULL OR ${t.stockQuantity} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    altText: text('alt_text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** A line of a cart: one size of one flag. Name, image and price are read from the product, never stored from a browser. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: uuid('size_id')
      .notNull()
      .references(() => productSizes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_session_size_unique').on(t.sessionId, t.sizeId),
    check('cart_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND ${sql.raw(String(LINE_LIMIT_CEILING))}`),
  ],
);

export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  /** The admin who marked the message handled. */
  handledBy: text('handled_by'),
});

/**
 * Quote requests from /quote: flags, sizes and quantities beyond a cart line, or not listed, and the
 * order desk's answer with a price per line. The lines and the answer are kept as written then:
 * a later change to the catalogue does not rewrite what was asked or quoted.
 */
export const quoteNumberSequence = pgSequence('quote_number_seq', { startWith: 1001 });

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().default(sql`nextval('quote_number_seq')`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    organisation: text('organisation'),
    vatNumber: text('vat_number'),
    deliveryArea: text('delivery_area').notNull(),
    neededBy: date('needed_by', { mode: 'string' }),
    notes: text('notes'),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    status: text('status', { enum: quoteStatuses }).notNull().default('open'),
    answer: jsonb('answer').$type<QuoteAnswer>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quote_requests_number_unique').on(t.number),
    index('quote_requests_status_created').on(t.status, t.createdAt),
    check('quote_requests_status_valid', sql`${t.status} IN ('open', 'answered', 'closed')`),
    check('quote_requests_answered_has_answer', sql`${t.status} <> 'answered' OR ${t.answer} IS NOT NULL`),
  ],
);

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * Messages that must not be lost, written in the same transaction as the change that causes them
 * and sent afterwards by the outbox worker (src/server/notify/outbox.ts). A sent row whose
 * transport is 'dev-mailbox' is also what the dev mailbox shows.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['email', 'sms'] }).notNull(),
    /** An EmailMessage when kind is 'email', an SmsMessage when 'sms'. */
    payload: jsonb('payload').$type<EmailMessage | SmsMessage>().notNull(),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker sends the row, so that no other process takes it; expires if that worker dies. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Which mailer sent it: 'smtp' or 'dev-mailbox'. */
    transport: text('transport'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('outbox_status_valid', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

/*
 * Accounts, in the shape better-auth expects (src/server/auth/auth.ts maps these tables in its
 * drizzle adapter). better-auth creates the ids (random text), so these keys are text, not uuid.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** The account's uid in the retailer's Firebase project, when shoppers sign in with Firebase (AUTH_PROVIDER=firebase). */
    firebaseUid: text('firebase_uid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_firebase_uid_unique').on(t.firebaseUid)],
);

/** A signed-in browser: the cookie carries the (signed) token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.token), index('sessions_user_idx').on(t.userId)],
);

/** How a user signs in: providerId 'credential' holds the password hash; later 'google'. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** better-auth's short-lived values (password-reset tokens, OAuth state). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Admins granted by the operator (scripts/admin.ts); ADMIN_EMAILS adds more without a row. The
 * email is stored lower-cased; revoking keeps the row with isActive false.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_users_email_unique').on(t.email),
    check('admin_users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Personal details beside the account (spec: user_profiles); one row per user, made on first save. */
export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** E.164, such as +27821234567. */
  phone: text('phone'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  updatedAt: updatedAt(),
});

/** A user's saved addresses; at most one is the default. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the shopper calls it: home, work, other. */
    type: text('type').notNull().default('home'),
    street: text('street').notNull(),
    suburb: text('suburb'),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('South Africa'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId),
    uniqueIndex('user_addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Flags a user saved for later. Name, price and image are read live from the product. */
export const userWishlists = pgTable(
  'user_wishlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_wishlists_user_product_unique').on(t.userId, t.productId)],
);

/**
 * The cart that belongs to a signed-in user: its lines are the cart_items of this session id, so
 * one set of cart calls serves both kinds of cart. While a row names the session id, only that
 * user may read or change the cart (see docs/decisions/0012-carts-of-signed-in-shoppers.md).
 */
export const userCarts = pgTable(
  'user_carts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_carts_session_unique').on(t.sessionId)],
);

/**
 * Email addresses that asked for no more checkout reminders (the one-click opt-out in each
 * reminder). Kept lower-cased; a later tick of the box at checkout does not undo it.
 */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/** Fixed-window counters of attempts (sign-in, sign-up, emails sent), shared by every process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * PAXI pickup points, imported from PAXI's point list or a CSV (`npm run pickup-points`); the
 * embedded default ships a small labelled sample (isSample) so a fresh shop can take orders.
 */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    /** PAXI's point code, such as P5772. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** Street address lines, as one line. */
    address: text('address').notNull(),
    town: text('town').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code'),
    phone: text('phone'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    isSample: boolean('is_sample').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index('pickup_points_open_idx').on(t.isOpen)],
);

export const checkoutStatuses = ['open', 'paid', 'ordered', 'cancelled', 'failed', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];
/**
 * A checkout reminder: sent, or not sent because the shopper paid (this or a later checkout),
 * emptied the cart, opted out, or was already reminded about the same cart.
 */
export const reminderOutcomes = ['sent', 'paid', 'emptied', 'opted_out', 'reminded'] as const;
export type ReminderOutcome = (typeof reminderOutcomes)[number];

/** What the server rebuilt from the cart when the shopper pressed pay: the order to be, frozen. */
export interface CheckoutSnapshot {
  customer: { firstName: string; lastName: string; email: string; phone: string };
  /** What the buyer asked to have on the tax invoice (a company, its VAT number, an address). */
  invoiceTo?: InvoiceTo;
  delivery: DeliverySnapshot;
  /** The discount code the shopper gave, and what it took off. */
  discount?: { codeId: string; code: string; discountCents: number };
  /** The size of each line; a checkout made before sizes has none. */
  items: { productId: string; sizeId?: string; sizeLabel?: string; sku?: string; productName: string; productImage: string | null; unitPriceCents: number; quantity: number }[];
  /** The counted stock this checkout took (flags the shop does not count are not listed); given back if it ends unpaid. */
  heldStock?: HeldStock[];
}

/** Where a PAXI order is collected, as the point was when the checkout was made. */
export interface PickupPointSnapshot {
  code: string;
  name: string;
  address: string;
  town: string;
  province: string;
  postalCode: string | null;
}

/**
 * How the order reaches the shopper: collected at a PAXI point at a speed, or brought by a courier
 * (its name in the registry) to an address with a service, at the rate quoted when the checkout
 * was made.
 */
export type DeliverySnapshot =
  | { method: 'paxi'; speed: PaxiSpeed; point: PickupPointSnapshot }
  | { method: 'courier'; provider: string; serviceLevel: CourierServiceLevel; address: CourierAddress };

/** The buyer's optional invoice details from checkout; an address is asked for above R5,000. */
export interface InvoiceTo {
  company: string | null;
  vatNumber: string | null;
  address: string | null;
}

export interface HeldStock {
  productId: string;
  sizeId: string;
  quantity: number;
}

/**
 * One attempt to pay: created before the shopper goes to the payment page, with everything the
 * order needs. At most one order per checkout (orders.checkout_id is unique).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Paid for without an account (CHECKOUT_ACCOUNTS=optional): the buyer is known by the cart and the email typed. */
    guest: boolean('guest').notNull().default(false),
    cartSessionId: text('cart_session_id').notNull(),
    /** The payment provider's name in its registry (payments/providers.ts): 'sandbox', 'yoco', …. */
    provider: text('provider').notNull(),
    /** The provider's checkout id (Yoco's ch_…); set once the provider accepted the checkout. */
    providerCheckoutId: text('provider_checkout_id'),
    redirectUrl: text('redirect_url'),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    subtotalCents: integer('subtotal_cents').notNull(),
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    /** What a discount code took off, VAT included. */
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('ZAR'),
    snapshot: jsonb('snapshot').$type<CheckoutSnapshot>().notNull(),
    paymentId: text('payment_id'),
    /** True while the checkout holds counted stock for its items; released when it ends unpaid. */
    stockHeld: boolean('stock_held').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** An open checkout not paid by then is expired by the reconciliation. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The shopper ticked "Email me a reminder if I don't finish paying" (POPIA: consent, for this one purpose). */
    remindMe: boolean('remind_me').notNull().default(false),
    /** What became of the reminder asked for: sent, or none and why; null until decided (once per checkout). */
    reminder: text('reminder', { enum: reminderOutcomes }),
    /** When the reminder went. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('checkouts_provider_checkout_unique').on(t.provider, t.providerCheckoutId),
    index('checkouts_user_idx').on(t.userId),
    index('checkouts_open_idx').on(t.status, t.createdAt),
    index('checkouts_cart_session_idx').on(t.cartSessionId),
    index('checkouts_reminders_due_idx').on(t.createdAt).where(sql`${t.remindMe} AND ${t.reminder} IS NULL`),
    check('checkouts_total_adds_up', sql`${t.totalCents} = ${t.subtotalCents} + ${t.deliveryFeeCents} - ${t.discountCents}`),
    check('checkouts_discount_in_range', sql`${t.discountCents} BETWEEN 0 AND ${t.subtotalCents} + ${t.deliveryFeeCents}`),
  ],
);

/** Order numbers count up from here: CF-100001, CF-100002, … */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

export interface OrderItem {
  productId: string;
  /** The size bought; an order placed before sizes has none. */
  sizeId?: string;
  sizeLabel?: string;
  sku?: string;
  productName: string;
  productImage: string | null;
  /** Unit price in cents, as paid. */
  productPrice: number;
  quantity: number;
}


/** A paid checkout becomes one order (spec section 3's orders, amounts in cents). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    /** Null once the customer deleted the account: the order stays for the tax records (POPIA, decision 0014). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Placed without an account; stays true once an account claimed it. */
    placedAsGuest: boolean('placed_as_guest').notNull().default(false),
    /**
     * A guest order not yet claimed: its email, lower-cased. The account that signs in with this
     * address verified claims it (sets user_id and clears this, once).
     */
    guestEmail: text('guest_email'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** The buyer's company, VAT number and address for the tax invoice, when given at checkout. */
    customerCompany: text('customer_company'),
    customerVatNumber: text('customer_vat_number'),
    billingAddress: text('billing_address'),
    /** A courier order's address (a PAXI order keeps its point's town, province and code here). */
    shippingStreet: text('shipping_street'),
    shippingSuburb: text('shipping_suburb'),
    shippingCity: text('shipping_city'),
    shippingProvince: text('shipping_province'),
    shippingPostalCode: text('shipping_postal_code'),
    shippingCountry: text('shipping_country').notNull().default('South Africa'),
    /** For the courier: the company at the address, and what the driver should know. */
    deliveryCompany: text('delivery_company'),
    deliveryInstructions: text('delivery_instructions'),
    deliveryOption: text('delivery_option', { enum: orderDeliveryOptions }).notNull(),
    /** PAXI orders only. */
    paxiLocationId: text('paxi_location_id'),
    paxiLocationName: text('paxi_location_name'),
    paxiLocationAddress: text('paxi_location_address'),
    /** Courier orders: the courier (its name in the registry). */
    courierProvider: text('courier_provider'),
    /** When an admin started booking the courier: while it is recent, no one else books the same order. */
    courierBookingStartedAt: timestamp('courier_booking_started_at', { withTimezone: true }),
    subtotalCents: integer('subtotal_cents').notNull(),
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('ZAR'),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    paymentId: text('payment_id'),
    paymentMethod: text('payment_method').notNull().default('yoco'),
    /** An order awaiting a bank transfer: the last day to pay, after which it is cancelled. */
    paymentDueOn: date('payment_due_on', { mode: 'string' }),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    /** What the order is; where its parcel is, once sent, is its fulfilment's. */
    state: text('state', { enum: orderStates }).notNull().default('pending'),
    /** Paid after its checkout's hold was given back, beyond the stock or the code's limit: the owner restocks or refunds, or honours the discount. */
    oversold: jsonb('oversold').$type<OversoldMark[]>().notNull().default([]),
    oversoldSettledAt: timestamp('oversold_settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    uniqueIndex('orders_checkout_unique').on(t.checkoutId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_state_idx').on(t.state, t.createdAt),
    index('orders_guest_email_idx').on(t.guestEmail).where(sql`${t.guestEmail} IS NOT NULL`),
    check('orders_refunds_in_range', sql`${t.refundedCents} BETWEEN 0 AND ${t.totalAmount}`),
    check('orders_total_adds_up', sql`${t.totalAmount} = ${t.subtotalCents} + ${t.deliveryFeeCents} - ${t.discountCents}`),
    check(
      'orders_delivered_somewhere',
      sql`(${t.deliveryOption} LIKE 'paxi%' AND ${t.paxiLocationId} IS NOT NULL) OR (${t.deliveryOption} LIKE 'courier%' AND ${t.shippingStreet} IS NOT NULL AND ${t.courierProvider} IS NOT NULL)`,
    ),
  ],
);

/**
 * A sent order's parcel on its way (one per order): how it goes, where it is, and what the
 * customer follows it by. Its status moves through its delivery method's steps only
 * (orders/transitions.ts); it stays as it was when the order is cancelled.
 */
export const fulfilments = pgTable(
  'fulfilments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').$type<FulfilmentMethod>().notNull(),
    status: text('status').$type<FulfilmentStatus>().notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** A courier booked from the order desk: its shipment, for the label and its tracking. */
    courierShipmentId: text('courier_shipment_id'),
    /** When the courier was last asked where the parcel is: the least recently asked go first. */
    courierCheckedAt: timestamp('courier_checked_at', { withTimezone: true }),
    /** When it was handed to PAXI or the courier. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fulfilments_order_unique').on(t.orderId),
    index('fulfilments_courier_parcels_idx')
      .on(t.courierCheckedAt)
      .where(sql`${t.method} = 'courier' AND ${t.status} IN ('booked', 'with_courier', 'out_for_delivery', 'delivery_failed')`),
    index('fulfilments_tracking_idx').on(t.trackingNumber),
    check(
      'fulfilments_status_of_method',
      sql.raw(
        Object.entries(fulfilmentStatuses)
          .map(([method, statuses]) => `(method = '${method}' AND status IN (${statuses.map((status) => `'${status}'`).join(', ')}))`)
          .join(' OR '),
      ),
    ),
  ],
);

export const refundStatuses = ['requested', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Money given back on an order, from the moment the order desk asks the payment provider for it:
 * requested, then succeeded (counted in orders.refunded_cents, with its credit note) or failed, as
 * the provider's webhooks say. A refund made at the provider itself arrives succeeded. The unique
 * provider refund id makes a refund count once, however many webhooks announce it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: refundStatuses }).notNull().default('requested'),
    amountCents: integer('amount_cents').notNull(),
    /** The desk's reason, for the credit note. */
    reason: text('reason'),
    /** Asked while cancelling the order: without a reason, its credit note says 'Order cancelled'. */
    cancelling: boolean('cancelling').notNull().default(false),
    /** The provider's refund id (Yoco's rfd_…), once the provider accepted the request or announced the refund. */
    providerRefundId: text('provider_refund_id'),
    /** When the desk asked the provider (database time); null for a refund made at the provider itself. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** When the provider's webhook said it succeeded or failed, and which webhook. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    webhookId: text('webhook_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_settled', sql`${t.status} = 'requested' OR (${t.settledAt} IS NOT NULL AND ${t.providerRefundId} IS NOT NULL)`),
  ],
);

/**
 * Where each kind of tax document's numbering stands. The next serial is last_number + 1, taken
 * by an UPDATE in the transaction that issues the document: the row stays locked until that
 * transaction ends, and a rollback gives the number back, so serials have no gaps and no repeats.
 */
export const documentSerials = pgTable('document_serials', {
  kind: text('kind', { enum: taxDocumentKinds }).primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Tax invoices and credit notes as issued (VAT Act s20, s21), each with the data it is printed
 * from: a later change to the shop's details does not rewrite it. The database refuses to change
 * or delete an issued document (migration 0010).
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: taxDocumentKinds }).notNull(),
    number: integer('number').notNull(),
    serial: text('serial').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note's tax invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id),
    /** The confirmed refund a credit note records: one credit note per refund. */
    refundId: uuid('refund_id').references(() => refunds.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    content: jsonb('content').$type<TaxDocumentContent>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_serial_unique').on(t.serial),
    uniqueIndex('tax_documents_kind_number_unique').on(t.kind, t.number),
    uniqueIndex('tax_documents_one_invoice_per_order').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_refund_unique').on(t.refundId),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_amounts', sql`${t.totalCents} >= 0 AND ${t.vatCents} >= 0 AND ${t.vatCents} <= ${t.totalCents}`),
    check('tax_documents_credit_has_invoice', sql`${t.kind} = 'invoice' OR ${t.invoiceId} IS NOT NULL`),
  ],
);

/**
 * Every verified provider webhook, by its webhook-id (a repeated delivery is not stored twice). It
 * is handled after the answer; one not processed yet (it failed, or its process died) is handled
 * again by the reconciliation, with growing waits and a cap on attempts.
 */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once handled: applied, or refused for good (then lastError says why). */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Times a process took it up to handle it. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the reconciliation may take it up again. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a process handles it, so that no other does; lapses if that process dies. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('payment_webhooks_due_idx').on(t.nextAttemptAt).where(sql`${t.processedAt} IS NULL`)],
);

/** 'cancelled': the shop closed the page (a newer checkout replaced it, the shopper cancelled, or it expired); it can no longer be paid. */
export const sandboxCheckoutStatuses = ['created', 'completed', 'failed', 'cancelled'] as const;
export type SandboxCheckoutStatus = (typeof sandboxCheckoutStatuses)[number];

/** A refund the sandbox accepted; its idempotency key makes a repeated request answer the same refund. */
export interface SandboxRefund {
  id: string;
  idempotencyKey: string;
  amountCents: number;
  createdAt: string;
}

/** A line shown on the sandbox payment page (display only, like Yoco's lineItems). */
export interface SandboxLineItem {
  displayName: string;
  quantity: number;
  priceCents: number;
}

/**
 * The payment sandbox's own checkouts (PAYMENT_PROVIDER=sandbox): the fake for Yoco's side of
 * a payment, kept in the database so that a restart or another process sees the same state. The
 * shop's own record of an attempt to pay is the checkouts table.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    /** ch_sandbox_…, shaped like Yoco's ch_… ids. */
    id: text('id').primaryKey(),
    /** The Idempotency-Key of the create request; the same key answers the same checkout. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Fingerprint of the create request: the same key with a different request is refused, as Yoco does. */
    requestHash: text('request_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('ZAR'),
    status: text('status', { enum: sandboxCheckoutStatuses }).notNull().default('created'),
    /** p_sandbox_…, set when paid. */
    paymentId: text('payment_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refunds: jsonb('refunds').$type<SandboxRefund[]>().notNull().default([]),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    failureUrl: text('failure_url').notNull(),
    externalId: text('external_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    lineItems: jsonb('line_items').$type<SandboxLineItem[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sandbox_checkouts_idempotency_unique').on(t.idempotencyKey),
    check('sandbox_checkouts_status_valid', sql`${t.status} IN ('created', 'completed', 'failed', 'cancelled')`),
    check('sandbox_checkouts_refunds_in_range', sql`${t.refundedCents} BETWEEN 0 AND ${t.amountCents}`),
  ],
);


/** An order's timeline: what happened to it, when and by whom (null: the shop itself or the customer). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: orderEventTypes }).notNull(),
    /** The admin's note, or the detail of the event (tracking number, refund amount) in words. */
    note: text('note'),
    actorEmail: text('actor_email'),
    details: jsonb('details').$type<OrderEventDetails>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Every change an admin makes: who, what, to which thing, when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    /** 'order.fulfil', 'product.update', 'contact.handle', … */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** One line an owner can read: 'Fulfilled CF-100004 with tracking PX123'. */
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt), index('admin_audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** One row per day the order-desk digest went out: the primary key makes it once a day across processes. */
export const orderDeskDigests = pgTable('order_desk_digests', {
  /** The day in Africa/Johannesburg. */
  day: date('day').primaryKey(),
  /** What sent it: 'schedule'. Sends an admin asks for (POST /api/admin/batch-email) are in the audit log and claim no day. */
  trigger: text('trigger').notNull(),
  orderCount: integer('order_count').notNull(),
  outboxId: uuid('outbox_id'),
  createdAt: createdAt(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Product photos uploaded by the admin, kept in the database so that every process serves them. */
export const uploadedImages = pgTable('uploaded_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  uploadedBy: text('uploaded_by'),
  createdAt: createdAt(),
});

/**
 * The smaller copies of an upload the shop serves with srcset (decision 0031), made with it in the
 * upload's transaction (or at start for pictures uploaded before there were copies) and removed with it.
 */
export const uploadedImageVariants = pgTable(
  'uploaded_image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => uploadedImages.id, { onDelete: 'cascade' }),
    format: text('format', { enum: PICTURE_FORMATS }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'uploaded_image_variants_pk', columns: [t.imageId, t.format, t.width] }),
    check('uploaded_image_variants_format_known', sql`${t.format} IN ('avif', 'webp')`),
    check('uploaded_image_variants_size_positive', sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);

/**
 * The proofs of payment a buyer sent for an order awaiting a bank transfer (a PDF or a picture),
 * kept in the database beside the order, like the product pictures, so that every process serves
 * them and a backup keeps them. Only the order desk opens them.
 */
export const proofsOfPayment = pgTable(
  'proofs_of_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    contentType: text('content_type', { enum: PROOF_TYPES }).notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The buyer's name for the file, cleaned up. */
    fileName: text('file_name').notNull(),
    /** Null for a guest's (sent by the order's link), and once the buyer deleted the account: the proof stays with the order, as the order does. */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proofs_of_payment_order_idx').on(t.orderId, t.uploadedAt),
    check('proofs_of_payment_type_known', sql`${t.contentType} IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')`),
    check('proofs_of_payment_size_in_range', sql`${t.byteSize} BETWEEN 1 AND 5242880`),
  ],
);

/**
 * Bumped by every change to products, their images or stock: each process compares it with the
 * version of its prepared product list and rebuilds the list when another process changed it.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Real shoppers' page speed (decision 0030): how many page loads fell in each bucket of values
 * (src/server/web-vitals/histogram.ts), per South African day, page pattern and metric. A report
 * adds one with an upsert, so processes sharing PostgreSQL count into the same rows; the order
 * desk merges a period's rows to read the 75th percentile. Rows older than 90 days are pruned.
 */
export const webVitalBuckets = pgTable(
  'web_vital_buckets',
  {
    day: date('day').notNull(),
    /** A page pattern such as '/product/:slug' (pageTemplates), never an address. */
    page: text('page').notNull(),
    /** LCP, INP, CLS or TTFB. */
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.metric, t.bucket] }), check('web_vital_buckets_count_not_negative', sql`${t.count} >= 0`)],
);

/**
 * The numbers each page load counted last (decision 0030), by the random id its browser gave it:
 * a later report of the same load takes its earlier number back from the bucket it was counted in
 * and counts the new one, so a page load counts once per metric, and a report of another load
 * changes nothing of it. Kept two days, long enough for a page's last report.
 */
export const webVitalPageLoads = pgTable(
  'web_vital_page_loads',
  {
    pageLoad: text('page_load').notNull(),
    metric: text('metric').notNull(),
    day: date('day').notNull(),
    page: text('page').notNull(),
    bucket: smallint('bucket').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageLoad, t.metric] }), index('web_vital_page_loads_day_idx').on(t.day)],
);

/**
 * Discount codes the order desk makes (issue 15). A use is counted when a checkout is created with
 * the code, under the code's row lock, and given back when that checkout ends unpaid.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** In capitals, as the shop compares it. */
    code: text('code').notNull(),
    kind: text('kind', { enum: discountKinds }).notNull(),
    percent: integer('percent'),
    amountCents: integer('amount_cents'),
    minimumSpendCents: integer('minimum_spend_cents').notNull().default(0),
    /** South African days, both included; null: no limit. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** null: no limit. */
    totalUses: integer('total_uses'),
    usesPerCustomer: integer('uses_per_customer').notNull().default(1),
    includesDelivery: boolean('includes_delivery').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    check(
      'discount_codes_kind_amount',
      sql`(${t.kind} = 'percent' AND ${t.percent} BETWEEN 1 AND 100 AND ${t.amountCents} IS NULL) OR (${t.kind} = 'amount' AND ${t.amountCents} > 0 AND ${t.percent} IS NULL)`,
    ),
    check('discount_codes_limits_positive', sql`${t.minimumSpendCents} >= 0 AND (${t.totalUses} IS NULL OR ${t.totalUses} >= 1) AND ${t.usesPerCustomer} >= 1`),
    check('discount_codes_days_in_order', sql`${t.startsOn} IS NULL OR ${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** One checkout's use of a code: held while the checkout is open, kept once it is paid. */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    checkoutId: uuid('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's use, counted per email address against the code's uses per customer. */
    guestEmail: text('guest_email'),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('discount_code_uses_code_user').on(t.codeId, t.userId), index('discount_code_uses_code_guest').on(t.codeId, t.guestEmail), check('discount_code_uses_amount_positive', sql`${t.discountCents} > 0`)],
);

/**
 * An order as the desk, My Profile, the exports and the notices read it: the order with its
 * fulfilment's tracking, and the status shown for both. The join makes it a view nothing can write
 * through; orders change only in src/server/orders/.
 */
export const placedOrders = pgView('placed_orders').as((qb) =>
  qb
    .select({
      ...getTableColumns(orders),
      status: sql<OrderStatus>`CASE WHEN ${orders.state} IN ('fulfilled', 'completed') AND ${fulfilments.status} IS NOT NULL THEN (CASE ${fulfilments.status} WHEN 'packed' THEN 'fulfilled' WHEN 'booked' THEN 'fulfilled' WHEN 'at_point' THEN 'ready_for_collection' ELSE ${fulfilments.status} END) ELSE ${orders.state} END`.as('status'),
      fulfilled: sql<boolean>`${fulfilments.id} IS NOT NULL`.as('fulfilled'),
      fulfilmentStatus: sql<FulfilmentStatus | null>`${fulfilments.status}`.as('fulfilment_status'),
      trackingNumber: sql<string | null>`${fulfilments.trackingNumber}`.as('tracking_number'),
      fulfilledAt: sql<Date | null>`${fulfilments.sentAt}`.mapWith(fulfilments.sentAt).as('fulfilled_at'),
      courierShipmentId: sql<string | null>`${fulfilments.courierShipmentId}`.as('courier_shipment_id'),
      courierCheckedAt: sql<Date | null>`${fulfilments.courierCheckedAt}`.mapWith(fulfilments.courierCheckedAt).as('courier_checked_at'),
    })
    .from(orders)
    .leftJoin(fulfilments, eq(fulfilments.orderId, orders.id)),
);

import { orderKeyOf, readableBy, type OrderReader } from '../db/order-readers';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, cartItems, placedOrders, productImages, products, productSizes, userAddresses, userCarts, userProfiles, userWishlists, users } from '../db/schema';
import { inTheShop } from '../catalog/in-the-shop';
import { mainSizeId } from '../catalog/sizes';
import { orderDocuments } from '../tax/documents';
import { documentUrls } from '../../shared/tax-documents';
import type { Auth } from '../auth/auth';
import { ConflictError, InvalidInputError, NotFoundError, UnauthorizedError } from '../errors';
import { enqueueEmail } from '../notify/outbox';
import { accountDeletedMessage, type EmailContext } from '../notify/templates';
import { trackingPage } from '../orders/notices';
import { timelineOf, type OrderEventRow } from '../orders/events';
import { courierAddressLine, courierServiceLevels, courierServiceOf, destinationLine, type CourierAddress } from '../../shared/delivery';
import { formatRand } from '../../shared/money';
import { effectivePriceCents } from '../../shared/product';
import { customerOrderEventTypes, type CustomerOrderDetail, type CustomerOrderEvent, type CustomerOrderEventType } from '../../shared/orders';
import type { BankAccount } from '../../shared/bank-transfer';
import { paymentMethodView } from '../../shared/payment-methods';
import { bankTransferOf } from '../orders/service';
import { proofsOf } from '../orders/proof-of-payment';
import {
  DEFAULT_COUNTRY,
  MAX_ADDRESSES,
  profileMessages,
  type AddressType,
  type DeleteAccountInput,
  type ParsedAddress,
  type ProfileDetails,
  type ProfileOrder,
  type ProfileUpdate,
  type ProfileView,
  type SavedAddress,
  type WishlistItem,
} from '../../shared/profile';

/** A line of the order's history as its customer sees it: the step, when, and the money or tracking number it carried. */
function customerEvent(event: OrderEventRow): CustomerOrderEvent {
  return {
    id: event.id,
    type: event.type as CustomerOrderEventType,
    createdAt: event.createdAt.toISOString(),
    ...((event.type === 'refunded' || event.type === 'payment_received') && typeof event.details.amountCents === 'number' ? { amountCents: event.details.amountCents } : {}),
    ...(event.type === 'fulfilled' && typeof event.details.trackingNumber === 'string' ? { trackingNumber: event.details.trackingNumber } : {}),
  };
}

/** The current password given to confirm a change was not the account's (counted like a failed sign-in). */
export class WrongPasswordError extends InvalidInputError {
  constructor() {
    super(profileMessages.incorrectPassword);
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ProfileServiceOptions {
  /** better-auth checks a password against the stored hash (its own hashing, its own timing). */
  auth: Auth;
  email: EmailContext;
  /** Called after a commit that queued email, so the outbox worker sends it now. */
  onQueued?: () => void;
  /** The shop's bank account, where it takes bank transfers: an order awaiting one shows where to pay. */
  bankAccount?: BankAccount;
}

const ADDRESS_NOT_FOUND = 'Address not found';

const addressColumns = {
  id: userAddresses.id,
  type: userAddresses.type,
  street: userAddresses.street,
  suburb: userAddresses.suburb,
  city: userAddresses.city,
  province: userAddresses.province,
  postalCode: userAddresses.postalCode,
  country: userAddresses.country,
  isDefault: userAddresses.isDefault,
};

/** The first image of a product, read live so the wishlist always shows the catalogue's picture. */
const primaryImage = sql<string | null>`(
  select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.position} limit 1
)`;

function toAddress(row: { type: string } & Omit<SavedAddress, 'type'>): SavedAddress {
  return { ...row, type: row.type as AddressType };
}

export function createProfileService(db: Database, { auth, email, onQueued, bankAccount }: ProfileServiceOptions) {
  /**
   * Takes the user's row lock for the rest of the transaction, so that two changes to one user's
   * addresses (or a change racing the account's deletion) run one after the other and the
   * "exactly one default" rule holds. Throws when the account no longer exists.
   */
  async function lockUser(tx: Transaction, userId: string): Promise<{ name: string; email: string }> {
    const [user] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new UnauthorizedError('Not authenticated');
    return user;
  }

  async function readAddresses(executor: Database | Transaction, userId: string): Promise<SavedAddress[]> {
    const rows = await executor
      .select(addressColumns)
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId))
      .orderBy(desc(userAddresses.isDefault), asc(userAddresses.createdAt), asc(userAddresses.id));
    return rows.map(toAddress);
  }

  async function readAddress(tx: Transaction, userId: string, addressId: string): Promise<SavedAddress> {
    const [row] = await tx
      .select(addressColumns)
      .from(userAddresses)
      .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, addressId)));
    if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND);
    return toAddress(row);
  }

  /** Makes one address the default: the others lose it first, since the database allows one per user. */
  async function makeDefault(tx: Transaction, userId: string, addressId: string): Promise<void> {
    await tx
      .update(userAddresses)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true), ne(userAddresses.id, addressId)));
    await tx
      .update(userAddresses)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, addressId)));
  }

  async function hasPassword(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    return Boolean(row?.password);
  }

  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const [row] = await db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    if (!row?.hash) return false;
    const context = await auth.$context;
    return context.password.verify({ hash: row.hash, password });
  }

  async function readWishlist(userId: string, productId?: string): Promise<WishlistItem[]> {
    const rows = await db
      .select({
        productId: products.id,
        slug: products.slug,
        name: products.name,
        priceCents: productSizes.priceCents,
        salePriceCents: productSizes.salePriceCents,
        image: primaryImage,
        addedAt: userWishlists.createdAt,
      })
      .from(userWishlists)
      .innerJoin(products, eq(products.id, userWishlists.productId))
      // The price of the size the flag's page opens on.
      .innerJoin(productSizes, eq(productSizes.id, mainSizeId))
      .where(
        and(
          eq(userWishlists.userId, userId),
          inTheShop,
          productId ? eq(userWishlists.productId, productId) : undefined,
        ),
      )
      .orderBy(desc(userWishlists.createdAt), asc(products.name));
    return rows.map(({ priceCents, salePriceCents, addedAt, ...row }) => {
      const unit = effectivePriceCents({ priceCents, salePriceCents });
      return { ...row, price: formatRand(unit), priceCents: unit, addedAt: addedAt.toISOString() };
    });
  }

  return {
    async getProfile(userId: string): Promise<ProfileView> {
      const [user] = await db
        .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified, image: users.image })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new UnauthorizedError('Not authenticated');
      const [details] = await db
        .select({
          firstName: userProfiles.firstName,
          lastName: userProfiles.lastName,
          phone: userProfiles.phone,
          dateOfBirth: userProfiles.dateOfBirth,
        })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId));
      return {
        user: { ...user, hasPassword: await hasPassword(userId) },
        profile: details ?? { firstName: null, lastName: null, phone: null, dateOfBirth: null },
        addresses: await readAddresses(db, userId),
      };
    },

    /** Saves the fields that were sent (null clears one); the row is made on the first save. */
    async updateProfile(userId: string, update: ProfileUpdate): Promise<ProfileDetails> {
      const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<ProfileDetails>;
      const [row] = await db
        .insert(userProfiles)
        .values({ userId, ...changes })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...changes, updatedAt: sql`now()` } })
        .returning({
          firstName: userProfiles.firstName,
          lastName: userProfiles.lastName,
          phone: userProfiles.phone,
          dateOfBirth: userProfiles.dateOfBirth,
        });
      return row!;
    },

    listAddresses(userId: string): Promise<SavedAddress[]> {
      return readAddresses(db, userId);
    },

    /** The first address becomes the default; a later one only when asked. */
    async addAddress(userId: string, input: ParsedAddress): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId));
        if (count >= MAX_ADDRESSES) throw new ConflictError(`You can save up to ${MAX_ADDRESSES} addresses`);
        const { isDefault, ...fields } = input;
        const [row] = await tx
          .insert(userAddresses)
          .values({ ...fields, userId, isDefault: false })
          .returning({ id: userAddresses.id });
        if (count === 0 || isDefault) await makeDefault(tx, userId, row!.id);
        return readAddress(tx, userId, row!.id);
      });
    },

    /**
     * The courier address a shopper asked to keep at checkout, unless the book has it already (the
     * same street and postal code) or is full; their first address becomes the default.
     */
    async keepCourierAddress(userId: string, address: CourierAddress): Promise<void> {
      const known = await readAddresses(db, userId);
      const same = (saved: SavedAddress) => saved.street.toLowerCase() === address.street.toLowerCase() && saved.postalCode === address.postalCode;
      if (known.some(same) || known.length >= MAX_ADDRESSES) return;
      const { street, suburb, city, province, postalCode } = address;
      await this.addAddress(userId, { type: address.company ? 'work' : 'home', street, suburb, city, province, postalCode, country: DEFAULT_COUNTRY });
    },

    /** Replaces an address's fields; isDefault true also makes it the default (false never takes it away). */
    async updateAddress(userId: string, addressId: string, input: ParsedAddress): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const { isDefault, ...fields } = input;
        const updated = await tx
          .update(userAddresses)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, addressId)))
          .returning({ id: userAddresses.id });
        if (updated.length === 0) throw new NotFoundError(ADDRESS_NOT_FOUND);
        if (isDefault) await makeDefault(tx, userId, addressId);
        return readAddress(tx, userId, addressId);
      });
    },

    async setDefaultAddress(userId: string, addressId: string): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        await readAddress(tx, userId, addressId);
        await makeDefault(tx, userId, addressId);
        return readAddress(tx, userId, addressId);
      });
    },

    /** Removing the default hands it to the oldest remaining address, so one is always the default. */
    async removeAddress(userId: string, addressId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [removed] = await tx
          .delete(userAddresses)
          .where(and(eq(userAddresses.userId, userId), eq(userAddresses.id, addressId)))
          .returning({ isDefault: userAddresses.isDefault });
        if (!removed) throw new NotFoundError(ADDRESS_NOT_FOUND);
        if (!removed.isDefault) return;
        const [oldest] = await tx
          .select({ id: userAddresses.id })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId))
          .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id))
          .limit(1);
        if (oldest) await makeDefault(tx, userId, oldest.id);
      });
    },

    /** The signed-in user's orders, newest first. */
    async listOrders(userId: string): Promise<ProfileOrder[]> {
      const rows = await db
        .select({
          id: placedOrders.id,
          orderNumber: placedOrders.orderNumber,
          createdAt: placedOrders.createdAt,
          totalCents: placedOrders.totalAmount,
          status: placedOrders.status,
          itemCount: sql<number>`(select coalesce(sum((item->>'quantity')::int), 0) from jsonb_array_elements(${placedOrders.items}) item)::int`,
          deliveryOption: placedOrders.deliveryOption,
          paxiLocationName: placedOrders.paxiLocationName,
          paxiLocationAddress: placedOrders.paxiLocationAddress,
          shippingStreet: placedOrders.shippingStreet,
          shippingSuburb: placedOrders.shippingSuburb,
          shippingCity: placedOrders.shippingCity,
          trackingNumber: placedOrders.trackingNumber,
        })
        .from(placedOrders)
        .where(eq(placedOrders.userId, userId))
        .orderBy(desc(placedOrders.createdAt));
      return rows.map((row) => ({
        id: row.id,
        orderNumber: row.orderNumber,
        createdAt: row.createdAt.toISOString(),
        totalCents: row.totalCents,
        status: row.status,
        itemCount: row.itemCount,
        destination: destinationLine(row),
        trackingNumber: row.trackingNumber,
        trackingUrl: trackingPage(email, row) ?? null,
      }));
    },

    /** One of the reader's own orders with its customer-facing history; another's order is simply not found. */
    async orderDetail(reader: OrderReader, orderNumber: string): Promise<CustomerOrderDetail> {
      const [order] = await db
        .select()
        .from(placedOrders)
        .where(and(eq(placedOrders.orderNumber, orderNumber), readableBy(reader)));
      if (!order) throw new NotFoundError('Order not found');
      const events = (await timelineOf(db, order.id)).filter((event) => (customerOrderEventTypes as readonly string[]).includes(event.type));
      return {
        orderNumber: order.orderNumber,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        paymentStatus: order.paymentStatus,
        items: order.items,
        subtotalCents: order.subtotalCents,
        deliveryFeeCents: order.deliveryFeeCents,
        discountCode: order.discountCode,
        discountCents: order.discountCents,
        totalCents: order.totalAmount,
        refundedCents: order.refundedCents,
        deliveryOption: order.deliveryOption,
        pickupPoint: order.paxiLocationId ? { code: order.paxiLocationId, name: order.paxiLocationName ?? '', address: order.paxiLocationAddress ?? '' } : null,
        courier: courierServiceOf(order.deliveryOption)
          ? { service: courierServiceLevels[courierServiceOf(order.deliveryOption)!], address: courierAddressLine(order), instructions: order.deliveryInstructions }
          : null,
        trackingNumber: order.trackingNumber,
        trackingUrl: trackingPage(email, order) ?? null,
        documents: await orderDocuments(db, order.id, documentUrls.customer(order.orderNumber, orderKeyOf(reader))),
        timeline: events.map((event) => customerEvent(event)),
        pays: paymentMethodView(order.paymentMethod).pays,
        payLater: order.paymentMethod === 'eft',
        bankTransfer: bankTransferOf(order, bankAccount) ?? null,
        proofsOfPayment: await proofsOf(db, order.id),
      };
    },

    listWishlist(userId: string): Promise<WishlistItem[]> {
      return readWishlist(userId);
    },

    /** Saving a flag that is already saved changes nothing and answers the same. */
    async addToWishlist(userId: string, productId: string): Promise<WishlistItem> {
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), inTheShop));
      if (!product) throw new NotFoundError('Product not found');
      await db.insert(userWishlists).values({ userId, productId }).onConflictDoNothing();
      const [item] = await readWishlist(userId, productId);
      if (!item) throw new NotFoundError('Product not found');
      return item;
    },

    async removeFromWishlist(userId: string, productId: string): Promise<void> {
      const removed = await db
        .delete(userWishlists)
        .where(and(eq(userWishlists.userId, userId), eq(userWishlists.productId, productId)))
        .returning({ id: userWishlists.id });
      if (removed.length === 0) throw new NotFoundError('This flag is not in your wishlist');
    },

    /**
     * Deletes the account (POPIA): the user row, and with it (foreign keys, on delete cascade) its
     * sessions, sign-in methods, profile, addresses, wishlist and cart ownership; also the lines of
     * its cart, which are keyed by the cart's session id rather than by the user. The goodbye email
     * is queued in the same transaction. An account with a password confirms with it; one without
     * (Google sign-in only, or signed in with Firebase) types its email address. `beforeDeleting`
     * runs once that is confirmed, before anything is deleted (Firebase's account goes first). Orders are not deleted: tax law keeps them, and
     * checkout's orders table is to drop the link to the user when the user row goes.
     */
    async deleteAccount(userId: string, input: DeleteAccountInput, beforeDeleting: () => Promise<void> = async () => undefined): Promise<void> {
      if (await hasPassword(userId)) {
        if (!input.password) throw new InvalidInputError(profileMessages.password);
        if (!(await passwordMatches(userId, input.password))) throw new WrongPasswordError();
      } else {
        const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
        const typed = input.confirmEmail?.trim().toLowerCase();
        if (!user || !typed || typed !== user.email.toLowerCase()) throw new InvalidInputError(profileMessages.confirmEmail);
      }
      await beforeDeleting();

      await db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        const carts = await tx.select({ sessionId: userCarts.sessionId }).from(userCarts).where(eq(userCarts.userId, userId));
        if (carts.length > 0) {
          await tx.delete(cartItems).where(
            inArray(
              cartItems.sessionId,
              carts.map((c) => c.sessionId),
            ),
          );
        }
        await enqueueEmail(tx, accountDeletedMessage(email, user));
        await tx.delete(users).where(eq(users.id, userId));
      });
      onQueued?.();
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

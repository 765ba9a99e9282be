import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import { InvalidInputError } from '../errors';
import type { SessionUser } from '../auth/session';
import type { CartService } from '../cart/service';
import { checkoutMessages } from '../../shared/checkout';
import { courierServiceLevels, type CourierAddress, type CourierRateView } from '../../shared/delivery';
import { parcelFor, type CourierProvider, type CourierRate, type Parcel } from './courier';

/** The flags of an order or a cart, as the courier's parcel is packed from them. */
export interface PackedLine {
  productId: string;
  quantity: number;
}

/**
 * Door-to-door delivery for the shopper's cart: the parcel is packed from each flag's weight and
 * folded size, and the courier prices it for the address; the checkout asks again when it is created.
 */
export function createDeliveryService(deps: { db: Database; courier: CourierProvider; cart: Pick<CartService, 'claimForUser'> }) {
  const { db, courier } = deps;

  async function parcelsOf(lines: PackedLine[]): Promise<Parcel[]> {
    const ids = [...new Set(lines.map((line) => line.productId))];
    const rows = await db
      .select({
        id: products.id,
        weightGrams: products.weightGrams,
        foldedLengthCm: products.foldedLengthCm,
        foldedWidthCm: products.foldedWidthCm,
        foldedHeightCm: products.foldedHeightCm,
      })
      .from(products)
      .where(inArray(products.id, ids));
    const packing = new Map(rows.map(({ id, ...rest }) => [id, rest]));
    return [parcelFor(lines.flatMap((line) => (packing.has(line.productId) ? [{ quantity: line.quantity, packing: packing.get(line.productId)! }] : [])))];
  }

  /** The courier's services and prices for these flags to the address; refuses with CourierUnavailableError. */
  async function quote(address: CourierAddress, lines: PackedLine[], declaredValueCents: number): Promise<CourierRate[]> {
    return courier.quote({ deliveryAddress: address, parcels: await parcelsOf(lines), declaredValueCents });
  }

  return {
    /** The courier's name in its registry, kept on courier orders. */
    courierName: courier.name,
    quote,

    /** POST /api/delivery/courier-rates: what delivering the shopper's cart to the address costs, per service. */
    async courierRatesForCart(user: SessionUser, address: CourierAddress): Promise<{ rates: CourierRateView[] }> {
      const cart = await deps.cart.claimForUser(user.id, undefined);
      const lines = cart.cartItems.filter((item) => item.available);
      if (lines.length === 0) throw new InvalidInputError(`${checkoutMessages.cartEmpty}: ${checkoutMessages.cartEmptyDetail}`, 'cart_empty');
      const rates = await quote(address, lines, cart.subtotalCents);
      return { rates: rates.map((rate) => ({ ...rate, name: courierServiceLevels[rate.serviceLevel] })) };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

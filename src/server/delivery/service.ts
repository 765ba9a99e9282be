import type { Database } from '../db/client';
import type { orders } from '../db/schema';
import { sizesOf } from '../catalog/sizes';
import { DomainError, InvalidInputError } from '../errors';
import { cartOfBuyer, type Buyer } from '../cart/buyer';
import type { CartService } from '../cart/service';
import { checkoutMessages } from '../../shared/checkout';
import { courierServiceLevels, courierServiceOf, type CourierAddress, type CourierRateView } from '../../shared/delivery';
import { CourierUnavailableError, parcelFor, type BookedShipment, type CourierProvider, type CourierRate, type Parcel } from './courier';

/**
 * A call from the order desk to the courier: whatever goes wrong on the way is a 502 that says what
 * could not be done, with nothing changed in the shop; the cause goes to the log.
 */
async function courierAsked<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new CourierUnavailableError(`${what}: ${(err as Error).message}. Nothing was changed: try again in a few minutes.`, 502, err);
  }
}

/** What booking a courier order reads of it. */
export type OrderToShip = Pick<
  typeof orders.$inferSelect,
  | 'orderNumber'
  | 'deliveryOption'
  | 'shippingStreet'
  | 'shippingSuburb'
  | 'shippingCity'
  | 'shippingProvince'
  | 'shippingPostalCode'
  | 'deliveryCompany'
  | 'deliveryInstructions'
  | 'customerName'
  | 'customerPhone'
  | 'customerEmail'
  | 'items'
  | 'subtotalCents'
>;

/** The flags of an order or a cart, as the courier's parcel is packed from them. */
export interface PackedLine {
  productId: string;
  /** Missing on an order placed before sizes. */
  sizeId?: string;
  quantity: number;
}

/**
 * Door-to-door delivery for the shopper's cart: the parcel is packed from each size's weight and
 * folded size, and the courier prices it for the address; the checkout asks again when it is created.
 */
export function createDeliveryService(deps: { db: Database; courier: CourierProvider; cart: Pick<CartService, 'claimForUser' | 'getCart'> }) {
  const { db, courier } = deps;

  async function parcelsOf(lines: PackedLine[]): Promise<Parcel[]> {
    const sizes = await sizesOf(db, [...new Set(lines.map((line) => line.productId))]);
    const packed = lines.flatMap((line) => {
      const ofFlag = sizes.get(line.productId) ?? [];
      // A line from before sizes was the flag's one size, now its main size.
      const size = line.sizeId ? ofFlag.find((candidate) => candidate.id === line.sizeId) : ofFlag[0];
      return size ? [{ quantity: line.quantity, packing: size }] : [];
    });
    return [parcelFor(packed)];
  }

  /** The courier's services and prices for these flags to the address; refuses with CourierUnavailableError. */
  async function quote(address: CourierAddress, lines: PackedLine[], declaredValueCents: number): Promise<CourierRate[]> {
    return courier.quote({ deliveryAddress: address, parcels: await parcelsOf(lines), declaredValueCents });
  }

  return {
    /** The courier's name in its registry, kept on courier orders. */
    courierName: courier.name,
    quote,
    /** Whether this courier is booked from the order desk; otherwise the desk types its tracking number in. */
    canBook: courier.book !== undefined,

    /** Books the collection of a paid courier order: the parcel packed from its flags, to its address. */
    async book(order: OrderToShip): Promise<BookedShipment> {
      const serviceLevel = courierServiceOf(order.deliveryOption);
      const street = order.shippingStreet;
      if (!courier.book || !serviceLevel || !street) throw new Error(`order ${order.orderNumber} is not one this courier books`);
      const parcels = await parcelsOf(order.items);
      return courierAsked(`The courier could not be booked for order ${order.orderNumber}`, () => courier.book!({
        orderNumber: order.orderNumber,
        serviceLevel,
        deliveryAddress: {
          street,
          suburb: order.shippingSuburb ?? '',
          city: order.shippingCity ?? '',
          province: order.shippingProvince as CourierAddress['province'],
          postalCode: order.shippingPostalCode ?? '',
          ...(order.deliveryCompany ? { company: order.deliveryCompany } : {}),
          ...(order.deliveryInstructions ? { instructions: order.deliveryInstructions } : {}),
        },
        deliveryContact: { name: order.customerName, phone: order.customerPhone, email: order.customerEmail },
        parcels,
        declaredValueCents: order.subtotalCents,
      }));
    },

    /** The booked shipment's label, a PDF. */
    label(shipmentId: string): Promise<Buffer> {
      if (!courier.label) throw new Error(`${courier.name} has no labels`);
      return courierAsked('The courier did not give the label', () => courier.label!(shipmentId));
    },

    /** POST /api/delivery/courier-rates: what delivering the shopper's cart to the address costs, per service. */
    async courierRatesForCart(buyer: Buyer, address: CourierAddress): Promise<{ rates: CourierRateView[] }> {
      const cart = await cartOfBuyer(deps.cart, buyer);
      const lines = cart.cartItems.filter((item) => item.available);
      if (lines.length === 0) throw new InvalidInputError(`${checkoutMessages.cartEmpty}: ${checkoutMessages.cartEmptyDetail}`, 'cart_empty');
      const rates = await quote(address, lines, cart.subtotalCents);
      return { rates: rates.map((rate) => ({ ...rate, name: courierServiceLevels[rate.serviceLevel] })) };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

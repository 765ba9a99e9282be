import { z } from 'zod';
import { profileMessages, streetAddressFields } from './profile';
import { collectionFeeLabel, findDeliveryOption, paxiSpeeds, type DeliveryOptionCode, type PaxiSpeed } from './shop-facts';
import { courierServiceLevels, type CourierServiceLevel } from './courier-services';
import { cartSessionIdSchema } from './schemas';

// The courier's services and words, kept free of zod for the pages that state them (shop, cart, FAQ).
export * from './courier-services';

/** How an order reaches the shopper: collected at a PAXI point, or brought to the door by a courier. */
export const deliveryMethods = ['paxi', 'courier'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];


/** How an order is delivered, as the order stores it: a PAXI speed or a courier's service. */
export const orderDeliveryOptions = ['paxi_standard', 'paxi_express', 'courier_economy', 'courier_overnight'] as const;
export type OrderDeliveryOption = (typeof orderDeliveryOptions)[number];
type CourierDeliveryOption = Exclude<OrderDeliveryOption, DeliveryOptionCode>;

function courierDeliveryOption(level: CourierServiceLevel): CourierDeliveryOption {
  return `courier_${level}`;
}

/** The delivery option an order records for a way of delivering: a PAXI speed or a courier service. */
export function deliveryOptionOf(delivery: { method: 'paxi'; speed: PaxiSpeed } | { method: 'courier'; serviceLevel: CourierServiceLevel }): OrderDeliveryOption {
  return delivery.method === 'paxi' ? paxiSpeeds[delivery.speed].code : courierDeliveryOption(delivery.serviceLevel);
}

/** The courier's service of a courier order; undefined for PAXI. */
export function courierServiceOf(option: OrderDeliveryOption): CourierServiceLevel | undefined {
  return option.startsWith('courier_') ? (option.slice('courier_'.length) as CourierServiceLevel) : undefined;
}

/** The delivery fee's line on the payment page, the receipts and the invoice. */
export function deliveryFeeLabel(option: OrderDeliveryOption): string {
  const level = courierServiceOf(option);
  if (level) return `Courier delivery, ${courierServiceLevels[level]}`;
  return collectionFeeLabel(findDeliveryOption(option)!);
}

/** How the order desk and the customer's pages name the delivery: 'Standard (7-9 days)' or 'Courier: Economy (3-5 business days)'. */
export function deliveryOptionLabel(option: OrderDeliveryOption): string {
  const level = courierServiceOf(option);
  return level ? `Courier: ${courierServiceLevels[level]}` : findDeliveryOption(option)!.label;
}

const courierAddressMessages = {
  address: 'Please enter the delivery address',
  suburb: 'Please enter the suburb',
  companyLong: 'Company must be at most 100 characters',
  instructionsLong: 'Delivery instructions must be at most 300 characters',
} as const;

/** Blank counts as not given. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** A South African street address a courier can bring a parcel to. */
export const courierAddressSchema = z.object(
  {
    ...streetAddressFields,
    suburb: z.string({ error: courierAddressMessages.suburb }).trim().min(1, courierAddressMessages.suburb).max(100, profileMessages.suburbLong),
    company: optionalText(100, courierAddressMessages.companyLong),
    instructions: optionalText(300, courierAddressMessages.instructionsLong),
  },
  { error: courierAddressMessages.address },
);
export type CourierAddress = z.output<typeof courierAddressSchema>;

/** What one flag weighs packed, and its size folded: the courier's parcel is worked out from them. */
export interface FlagPacking {
  weightGrams: number;
  foldedLengthCm: number;
  foldedWidthCm: number;
  foldedHeightCm: number;
}

/** A 90 × 150 cm flag folded into a sleeve; the order desk sets other figures per flag. */
export const DEFAULT_FLAG_PACKING: FlagPacking = { weightGrams: 200, foldedLengthCm: 30, foldedWidthCm: 20, foldedHeightCm: 2 };
export const MAX_FLAG_GRAMS = 30_000;
export const MAX_FOLDED_CM = 150;

/** POST /api/delivery/courier-rates: the shopper's cart to this address. */
export const courierRatesRequestSchema = z.object({
  address: courierAddressSchema,
  /** A guest's cart (CHECKOUT_ACCOUNTS=optional), read only when no one is signed in. */
  cartSessionId: cartSessionIdSchema.optional(),
});

/** One service the courier offers for the cart, as the checkout shows it. */
export interface CourierRateView {
  serviceLevel: CourierServiceLevel;
  /** 'Economy (3-5 business days)'. */
  name: string;
  /** VAT included. */
  priceCents: number;
}

/** Where an order goes, as the order stores it: a PAXI point, or a street address for the courier. */
export interface OrderDestination {
  deliveryOption: OrderDeliveryOption;
  paxiLocationName: string | null;
  paxiLocationAddress: string | null;
  shippingStreet?: string | null;
  shippingSuburb?: string | null;
  shippingCity?: string | null;
  shippingProvince?: string | null;
  shippingPostalCode?: string | null;
  deliveryCompany?: string | null;
  deliveryInstructions?: string | null;
}

/** '12 Long Street, Gardens, Cape Town, Western Cape, 8001', with the company first when there is one. */
export function courierAddressLine(order: OrderDestination): string {
  return [order.deliveryCompany, order.shippingStreet, order.shippingSuburb, order.shippingCity, order.shippingProvince, order.shippingPostalCode].filter(Boolean).join(', ');
}

/** The rows that say where the parcel goes, in the emails and on the order pages. */
export function destinationRows(order: OrderDestination): [string, string][] {
  if (courierServiceOf(order.deliveryOption)) {
    return [['Deliver to', courierAddressLine(order)], ...(order.deliveryInstructions ? [['Instructions', order.deliveryInstructions] as [string, string]] : [])];
  }
  return [
    ['Collect at', order.paxiLocationName ?? ''],
    ['Address', order.paxiLocationAddress ?? ''],
  ];
}

/** '12 Long Street, Gardens, Cape Town': enough of an address to recognise it in a list or a summary. */
export function shortAddress(address: { street?: string | null; suburb?: string | null; city?: string | null }): string {
  return [address.street, address.suburb, address.city].filter(Boolean).join(', ');
}

/** One line for lists of orders: 'Collect at PEP Sea Point' or 'Courier to 12 Long Street, Gardens, Cape Town'. */
export function destinationLine(order: OrderDestination): string {
  if (!courierServiceOf(order.deliveryOption)) return `Collect at ${order.paxiLocationName ?? ''}`;
  return `Courier to ${shortAddress({ street: order.shippingStreet, suburb: order.shippingSuburb, city: order.shippingCity })}`;
}

/** 'PAXI Standard, 7-9 business days' or 'Courier, Economy (3-5 business days)'. */
export function deliverySpeedText(option: OrderDeliveryOption): string {
  const level = courierServiceOf(option);
  if (level) return `Courier, ${courierServiceLevels[level]}`;
  const speed = findDeliveryOption(option)!;
  return `${speed.name}, ${speed.time}`;
}

/** Where a parcel has got to, in the shop's words; the provider's own status is kept beside it. */
export type CourierTrackingStatus = 'collected' | 'in_transit' | 'out_for_delivery' | 'delivered' | 'delivery_failed' | 'cancelled';

export interface CourierTrackingEvent {
  status: CourierTrackingStatus;
  /** The provider's word for it. */
  providerStatus: string;
  at: Date;
  location?: string;
  message?: string;
}

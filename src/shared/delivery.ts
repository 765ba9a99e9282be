import { z } from 'zod';
import { streetAddressFields } from './profile';

/** How an order reaches the shopper: collected at a PAXI point, or brought to the door by a courier. */
export const deliveryMethods = ['paxi', 'courier'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];

/** The courier's services the shop can offer, with the words shoppers see. */
export const courierServiceLevels = {
  economy: 'Economy (3-5 business days)',
  overnight: 'Overnight (next business day)',
} as const;
export type CourierServiceLevel = keyof typeof courierServiceLevels;
export const courierServiceLevelCodes = Object.keys(courierServiceLevels) as CourierServiceLevel[];

export const courierAddressMessages = {
  address: 'Please enter the delivery address',
  suburb: 'Please enter the suburb',
  suburbLong: 'Suburb must be at most 100 characters',
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
    suburb: z.string({ error: courierAddressMessages.suburb }).trim().min(1, courierAddressMessages.suburb).max(100, courierAddressMessages.suburbLong),
    company: optionalText(100, courierAddressMessages.companyLong),
    instructions: optionalText(300, courierAddressMessages.instructionsLong),
  },
  { error: courierAddressMessages.address },
);
export type CourierAddressInput = z.input<typeof courierAddressSchema>;
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
export const courierRatesRequestSchema = z.object({ address: courierAddressSchema });

/** One service the courier offers for the cart, as the checkout shows it. */
export interface CourierRateView {
  serviceLevel: CourierServiceLevel;
  /** 'Economy (3-5 business days)'. */
  name: string;
  /** VAT included. */
  priceCents: number;
}

import { DomainError } from '../errors';
import { unsetWhenBlank, type ProviderDefinition } from '../provider-registry';
import { courierServiceLevels, type CourierAddress, type CourierServiceLevel, type CourierTrackingEvent, type FlagPacking } from '../../shared/delivery';

/** A box as the courier measures it. */
export interface Parcel {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  weightGrams: number;
}

/** Grams of box and padding around the flags. */
const PACKAGING_GRAMS = 100;

/**
 * One parcel for an order: the flags folded and stacked in one box, as wide and long as the largest
 * folded flag and as high as the stack, weighing the flags and the packaging.
 */
export function parcelFor(lines: { quantity: number; packing: FlagPacking }[]): Parcel {
  if (lines.length === 0) throw new Error('a parcel needs at least one flag');
  let lengthCm = 0;
  let widthCm = 0;
  let heightCm = 0;
  let weightGrams = PACKAGING_GRAMS;
  for (const { quantity, packing } of lines) {
    lengthCm = Math.max(lengthCm, packing.foldedLengthCm);
    widthCm = Math.max(widthCm, packing.foldedWidthCm);
    heightCm += packing.foldedHeightCm * quantity;
    weightGrams += packing.weightGrams * quantity;
  }
  return { lengthCm, widthCm, heightCm, weightGrams };
}

export interface CourierQuoteRequest {
  deliveryAddress: CourierAddress;
  parcels: Parcel[];
  /** What the goods are worth, VAT included, for the courier's cover. */
  declaredValueCents: number;
}

/** One service the courier offers for the parcel and address, at the price the shopper pays. */
export interface CourierRate {
  serviceLevel: CourierServiceLevel;
  /** VAT included. */
  priceCents: number;
}

export interface CourierContact {
  name: string;
  /** E.164. */
  phone: string;
  email: string;
}

export interface ShipmentRequest extends CourierQuoteRequest {
  orderNumber: string;
  serviceLevel: CourierServiceLevel;
  deliveryContact: CourierContact;
}

export interface BookedShipment {
  /** The courier's own id of the shipment, for the label and tracking. */
  shipmentId: string;
  /** The reference a customer tracks the parcel with. */
  trackingNumber: string;
}

export interface CourierProvider {
  readonly name: string;
  /** The services and prices for a parcel to an address; refuses with CourierUnavailableError. */
  quote(request: CourierQuoteRequest): Promise<CourierRate[]>;
  /**
   * Books the collection of a paid order with the courier. Providers without it leave the order
   * desk to type the tracking number in, as for PAXI.
   */
  book?(request: ShipmentRequest): Promise<BookedShipment>;
  /** The label to print and stick on the parcel, as a PDF. */
  label?(shipmentId: string): Promise<Buffer>;
  /** Every tracking event of a booked shipment so far that the shop tells customers about, oldest first. */
  trackingEvents?(trackingNumber: string): Promise<CourierTrackingEvent[]>;
  /** A page where the customer follows the parcel, when the courier has one. */
  trackingUrl(trackingNumber: string): string | undefined;
  /** The courier's tracking webhook, when the shop set a secret for it. */
  readonly trackingWebhook?: TrackingWebhook;
}

/**
 * Which parcel a courier's webhook says has moved. What it says about where the parcel is, is not
 * taken from it: the shop asks the courier (with its API key), so a forged or replayed call moves nothing.
 */
export interface TrackingNudge {
  shipmentId?: string;
  trackingNumber?: string;
}

interface TrackingWebhook {
  /** The secret the courier sends with each call, in the address or as a bearer token. */
  secret: string;
  /** Reads the call's body; a string says what is wrong with it. */
  read(body: unknown): TrackingNudge | string;
}

export type CourierProviderDefinition<Settings extends object> = ProviderDefinition<Settings, CourierProvider, CourierProviderContext>;

/** Who the courier collects from: the shop. */
export interface CourierProviderContext {
  shopName: string;
  shopPhone: string;
  shopEmail: string;
}

/**
 * No rate for this address now: the courier does not serve it, did not answer in time, or
 * refused. The shopper can still choose PAXI, which the message says.
 */
export class CourierUnavailableError extends DomainError {
  constructor(message: string, status: 422 | 502 = 502, cause?: unknown) {
    super(message, status, 'courier_unavailable');
    if (cause !== undefined) this.cause = cause;
  }
}

export const COURIER_UNAVAILABLE_MESSAGE =
  'Courier delivery is not available for this address right now. You can still collect your order at a PAXI point.';
export const COURIER_NOT_SERVED_MESSAGE =
  'The courier does not deliver to this address. Please check the suburb and postal code, or collect your order at a PAXI point.';

/** The shopper chose a service the courier does not offer for this address (any more). */
export function courierServiceNotOffered(level: CourierServiceLevel): string {
  return `The courier does not offer ${courierServiceLevels[level]} to this address. Please choose another service, or collect your order at a PAXI point.`;
}

const TRACKING_NUMBER_MARK = '{trackingNumber}';

/** COURIER_TRACKING_URL, read by every courier: a page with {trackingNumber} where the number goes. */
export const trackingPageSetting = unsetWhenBlank.refine(
  (url) => url === undefined || (/^https?:\/\//.test(url) && url.includes(TRACKING_NUMBER_MARK)),
  `must be an http(s) address with ${TRACKING_NUMBER_MARK} where the tracking number goes`,
);

/** The customer's link to follow a parcel, when the shop has a tracking page. */
export function trackingLink(page: string | undefined, trackingNumber: string): string | undefined {
  return page?.replace(TRACKING_NUMBER_MARK, encodeURIComponent(trackingNumber));
}

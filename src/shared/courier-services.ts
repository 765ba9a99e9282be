/**
 * The courier's services and how the shop words courier delivery, with no zod: the shop page, the
 * cart and the FAQ state the delivery terms and load this without the checkout's address rules.
 */
import { formatRand } from './money';

/** The courier's services the shop can offer: each one's name and how long it takes from dispatch. */
const courierServices = {
  economy: { name: 'Economy', time: '3-5 business days' },
  overnight: { name: 'Overnight', time: 'next business day' },
} as const;
export type CourierServiceLevel = keyof typeof courierServices;
/** Each service in the words shoppers see: 'Economy (3-5 business days)'. */
export const courierServiceLevels = Object.fromEntries(
  Object.entries(courierServices).map(([level, { name, time }]) => [level, `${name} (${time})`]),
) as Record<CourierServiceLevel, string>;
/** When the courier brings it, as the payment-success page says it. */
export const courierDeliveryTimes: Record<CourierServiceLevel, string> = {
  economy: 'within 3-5 business days',
  overnight: 'on the next business day',
};
export const courierServiceLevelCodes = Object.keys(courierServiceLevels) as CourierServiceLevel[];

/**
 * What the shop's pages say courier delivery costs before anyone is at checkout (ECT Act s43): the
 * shop's own price per service (COURIER_PROVIDER=flat), or the courier's price for each parcel and
 * address (shiplogic), which checkout shows before the shopper pays.
 */
export type CourierFees = { kind: 'fixed'; rates: { serviceLevel: CourierServiceLevel; priceCents: number }[] } | { kind: 'quoted' };

/** How a courier parcel reaches the door, in the same words on the pages, in the emails and in the texts. */
export const courierNotes = {
  onTheWay: 'We will email and SMS you the tracking number when the courier collects your parcel.',
  signFor: 'Someone at the address must sign for the parcel.',
  tryAgain: 'The courier tries again on the next working day.',
} as const;

/** One courier service as the shop states it before checkout (ECT Act s43): its fee, or none when the courier prices each parcel. */
export interface CourierServiceTerms {
  level: CourierServiceLevel;
  name: string;
  time: string;
  fee: string | undefined;
}

/** The courier services the shop offers, with their fees: read from the shop's settings, never typed into a page or an email. */
export function courierServiceTerms(fees: CourierFees): CourierServiceTerms[] {
  const offered = fees.kind === 'fixed' ? fees.rates : courierServiceLevelCodes.map((serviceLevel) => ({ serviceLevel, priceCents: undefined }));
  return offered.map(({ serviceLevel, priceCents }) => ({
    level: serviceLevel,
    ...courierServices[serviceLevel],
    fee: priceCents === undefined ? undefined : formatRand(priceCents),
  }));
}

/** 'Economy (3-5 business days) R99.00 or Overnight (next business day) R149.00', or each service with 'priced for your parcel and address at checkout'. */
export function courierFeesSentence(fees: CourierFees): string {
  const services = courierServiceTerms(fees).map(({ name, time, fee }) => `${name} (${time})${fee ? ` ${fee}` : ''}`);
  const listed = services.length > 1 ? `${services.slice(0, -1).join(', ')} or ${services.at(-1)}` : services.join('');
  return fees.kind === 'fixed' ? listed : `${listed}, priced by the courier for your parcel and address at checkout`;
}

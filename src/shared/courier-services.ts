/**
 * The courier's services and how the shop words courier delivery, with no zod: the shop page, the
 * cart and the FAQ state the delivery terms and load this without the checkout's address rules.
 */

/** The courier's services the shop can offer: each one's name and how long it takes from dispatch. */
export const courierServices = {
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

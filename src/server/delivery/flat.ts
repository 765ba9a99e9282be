import { z } from 'zod';
import { unsetWhenBlank } from '../provider-registry';
import { courierServiceLevelCodes, type CourierServiceLevel } from '../../shared/delivery';
import { trackingLink, trackingPageSetting, type CourierProvider, type CourierProviderDefinition, type CourierRate } from './courier';

export const DEFAULT_FLAT_RATES = 'economy=99,overnight=149';
/** More than any parcel of flags costs to send: a typo such as 14900 for R149 is refused at start. */
const MOST_RANDS = 5_000;

/** 'economy=99,overnight=149.50' → the price of each service level in cents, in the order given. */
export function parseFlatRates(text: string): { rates?: CourierRate[]; problem?: string } {
  const rates: CourierRate[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const match = /^([a-z]+)\s*=\s*(\d{1,5}(?:\.\d{1,2})?)$/.exec(part);
    if (!match) return { problem: `"${part}" is not a service level and a price in rand, such as economy=99` };
    const [, level, rands] = match as unknown as [string, string, string];
    if (!courierServiceLevelCodes.includes(level as CourierServiceLevel)) {
      return { problem: `"${level}" is not a service level the shop knows; use ${courierServiceLevelCodes.join(' or ')}` };
    }
    if (rates.some((rate) => rate.serviceLevel === level)) return { problem: `${level} is given twice` };
    const cents = Math.round(Number(rands) * 100);
    if (cents > MOST_RANDS * 100) return { problem: `R${rands} for ${level} is more than R${MOST_RANDS}` };
    rates.push({ serviceLevel: level as CourierServiceLevel, priceCents: cents });
  }
  if (rates.length === 0) return { problem: 'name at least one service level and its price, such as economy=99' };
  return { rates };
}

const flatSettings = z
  .object({
    COURIER_FLAT_RATES: unsetWhenBlank,
    COURIER_TRACKING_URL: trackingPageSetting,
  })
  .transform((env, ctx) => {
    const { rates, problem } = parseFlatRates(env.COURIER_FLAT_RATES ?? DEFAULT_FLAT_RATES);
    if (!rates) {
      ctx.addIssue({ code: 'custom', path: ['COURIER_FLAT_RATES'], message: problem! });
      return z.NEVER;
    }
    return { rates, trackingUrl: env.COURIER_TRACKING_URL };
  });

export type FlatCourierSettings = z.output<typeof flatSettings>;

/**
 * A price per service level whatever the parcel and the address, set by the shop
 * (COURIER_FLAT_RATES); the order desk books the courier itself and types the tracking number in.
 */
function createFlatCourier(settings: FlatCourierSettings): CourierProvider {
  return {
    name: 'flat',
    quote: () => Promise.resolve(settings.rates.map((rate) => ({ ...rate }))),
    trackingUrl: (trackingNumber) => trackingLink(settings.trackingUrl, trackingNumber),
  };
}

export const flatCourier: CourierProviderDefinition<FlatCourierSettings> = {
  settings: flatSettings,
  create: (settings) => createFlatCourier(settings),
};

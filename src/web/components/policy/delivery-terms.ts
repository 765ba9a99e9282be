import { courierFees } from '../../lib/initial-data';
import { courierServiceLevelCodes, courierServices, type CourierServiceLevel } from '../../../shared/courier-services';
import { formatRand } from '../../../shared/money';

/** One courier service as the shop's pages state it before checkout (ECT Act s43): its fee, or none when the courier prices each parcel. */
export interface CourierServiceTerms {
  level: CourierServiceLevel;
  name: string;
  time: string;
  fee: string | undefined;
}

/** The courier services the shop offers, with their fees: read from the shop's settings, never typed into a page. */
export function courierServiceTerms(): CourierServiceTerms[] {
  const offered = courierFees.kind === 'fixed' ? courierFees.rates : courierServiceLevelCodes.map((serviceLevel) => ({ serviceLevel, priceCents: undefined }));
  return offered.map(({ serviceLevel, priceCents }) => ({
    level: serviceLevel,
    ...courierServices[serviceLevel],
    fee: priceCents === undefined ? undefined : formatRand(priceCents),
  }));
}

/** 'Economy (3-5 business days) R99.00 or Overnight (next business day) R149.00', or each service with 'priced for your parcel and address at checkout'. */
export function courierFeesSentence(): string {
  const services = courierServiceTerms().map(({ name, time, fee }) => `${name} (${time})${fee ? ` ${fee}` : ''}`);
  const listed = services.length > 1 ? `${services.slice(0, -1).join(', ')} or ${services.at(-1)}` : services.join('');
  return courierFees.kind === 'fixed' ? listed : `${listed}, priced by the courier for your parcel and address at checkout`;
}

/** The courier's lowest fee, 'R99.00', when the shop sets its own prices. */
export function lowestCourierFee(): string | undefined {
  return courierFees.kind === 'fixed' && courierFees.rates.length > 0 ? formatRand(Math.min(...courierFees.rates.map((rate) => rate.priceCents))) : undefined;
}

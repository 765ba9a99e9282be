import { courierFees } from '../../lib/initial-data';
import { courierFeesSentence as sentenceOf, courierServiceTerms as termsOf, type CourierServiceTerms } from '../../../shared/courier-services';
import { formatRand } from '../../../shared/money';

/** The courier services this shop offers, with their fees, from the settings the page was served with. */
export function courierServiceTerms(): CourierServiceTerms[] {
  return termsOf(courierFees);
}

/** The courier's services and fees in one sentence, as the pages and the welcome email word them. */
export function courierFeesSentence(): string {
  return sentenceOf(courierFees);
}

/** The courier's lowest fee, 'R99.00', when the shop sets its own prices. */
export function lowestCourierFee(): string | undefined {
  return courierFees.kind === 'fixed' && courierFees.rates.length > 0 ? formatRand(Math.min(...courierFees.rates.map((rate) => rate.priceCents))) : undefined;
}

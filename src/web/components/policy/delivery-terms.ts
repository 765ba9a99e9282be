import { courierFees } from '../../lib/initial-data';
import { courierFeesSentence as sentenceOf, courierServiceTerms as termsOf, type CourierServiceTerms } from '../../../shared/courier-services';

/** The courier services this shop offers, with their fees, from the settings the page was served with. */
export function courierServiceTerms(): CourierServiceTerms[] {
  return termsOf(courierFees);
}

/** The courier's services and fees in one sentence, as the pages and the welcome email word them. */
export function courierFeesSentence(): string {
  return sentenceOf(courierFees);
}

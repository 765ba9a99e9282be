import type { PaxiPoint } from './paxi-points';
import type { CheckoutDraft } from './checkout-storage';
import { findDeliveryOption, PAXI_STANDARD, type DeliveryOption } from '../../../shared/shop-facts';
import type { CourierServiceLevel, DeliveryMethod } from '../../../shared/delivery';
import { guestCheckout } from '../../lib/initial-data';

/** What the shopper chose at checkout besides what they typed: how the order comes, and what to keep. */
export interface CheckoutChoices {
  method: DeliveryMethod;
  /** The PAXI speed, kept while the shopper looks at courier delivery. */
  speed: DeliveryOption;
  /** The PAXI point, kept the same way. */
  point: PaxiPoint | null;
  /** The courier service, offered again once the address is priced. */
  level: CourierServiceLevel;
  /** 'Save this address to My Profile'. */
  saveAddress: boolean;
  /** 'Save this information for next time'. */
  saveToProfile: boolean;
  /** 'Continue as a guest' (CHECKOUT_ACCOUNTS=optional): paying without an account. */
  asGuest: boolean;
  /** A guest's 'Create an account with these details': the success page offers to set a password. */
  createAccount: boolean;
}

/** One choice changed: which, and to what. */
export type CheckoutChoice = { [K in keyof CheckoutChoices]: { type: K; value: CheckoutChoices[K] } }[keyof CheckoutChoices];

/**
 * The choices as the shopper left them (a cancelled payment, an earlier visit), with a point just
 * chosen on the PAXI finder page before the one remembered.
 */
export function initialChoices(draft: CheckoutDraft | null, chosenPoint: PaxiPoint | null): CheckoutChoices {
  return {
    method: draft?.method ?? 'paxi',
    speed: findDeliveryOption(draft?.speed ?? '') ?? PAXI_STANDARD,
    point: chosenPoint ?? draft?.point ?? null,
    level: draft?.courierService ?? 'economy',
    saveAddress: draft?.saveAddress ?? false,
    saveToProfile: draft?.saveToProfile ?? true,
    asGuest: guestCheckout && draft?.asGuest === true,
    createAccount: draft?.createAccount ?? false,
  };
}

export function checkoutChoicesReducer(choices: CheckoutChoices, choice: CheckoutChoice): CheckoutChoices {
  return { ...choices, [choice.type]: choice.value };
}

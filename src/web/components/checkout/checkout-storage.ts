import type { PaxiPoint } from './paxi-points';
import { courierAddressFields, emptyCourierAddress, type CourierAddressValues } from './courier-address';
import type { PaxiSpeed } from '../../../shared/shop-facts';
import type { DeliveryMethod } from '../../../shared/delivery';
import { courierServiceLevelCodes, type CourierServiceLevel } from '../../../shared/courier-services';
import { withInvoiceFields, type CustomerValues } from './customer-values';
import { CHECKOUT_DRAFT_KEY, CHOSEN_POINT_KEY, forgetCheckoutDraft, removeStored } from '../../lib/shopper-storage';

/**
 * The checkout the shopper last left for the payment page (spec section 3: local storage key
 * current-checkout-id). The payment pages fall back to it when the provider's return address
 * carries no id.
 */
export const CURRENT_CHECKOUT_KEY = 'current-checkout-id';

export function rememberCheckoutId(id: string): void {
  try {
    localStorage.setItem(CURRENT_CHECKOUT_KEY, id);
  } catch {
    // Blocked storage: the return address still carries the id.
  }
}

function readCheckoutId(): string | null {
  try {
    return localStorage.getItem(CURRENT_CHECKOUT_KEY);
  } catch {
    return null;
  }
}

export function forgetCheckoutId(): void {
  removeStored(() => localStorage, CURRENT_CHECKOUT_KEY);
}

/** The checkout id a payment page works on: ?checkoutId=, else ?id=, else the stored one. */
export function checkoutIdFrom(params: URLSearchParams): string | null {
  const fromQuery = params.get('checkoutId')?.trim() || params.get('id')?.trim();
  return fromQuery || readCheckoutId();
}

export function rememberChosenPoint(point: PaxiPoint): void {
  try {
    sessionStorage.setItem(CHOSEN_POINT_KEY, JSON.stringify(point));
  } catch {
    // Blocked storage: the shopper searches again at checkout.
  }
}

export function readChosenPoint(): PaxiPoint | null {
  try {
    const stored = sessionStorage.getItem(CHOSEN_POINT_KEY);
    const point = stored ? (JSON.parse(stored) as Partial<PaxiPoint>) : null;
    // Only a whole point counts; the server checks the code again when the shopper pays.
    return point && typeof point.code === 'string' && typeof point.name === 'string' ? (point as PaxiPoint) : null;
  } catch {
    return null;
  }
}

export function forgetChosenPoint(): void {
  removeStored(() => sessionStorage, CHOSEN_POINT_KEY);
}

/** A shared computer should not offer last season's details: after this long they are dropped. */
export const CHECKOUT_DRAFT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CheckoutDraft {
  customer: CustomerValues;
  speed: PaxiSpeed;
  point: PaxiPoint | null;
  /** The shopper's answer to 'Save this information for next time'. */
  saveToProfile: boolean;
  /** PAXI or courier, and the courier's address as typed; drafts from before courier delivery lack them. */
  method?: DeliveryMethod;
  courierAddress?: CourierAddressValues;
  /** The courier service chosen, offered again once the address is priced. */
  courierService?: CourierServiceLevel;
  /** The shopper's answer to 'Save this address to My Profile'. */
  saveAddress?: boolean;
  /** The discount code applied and not removed, as the server wrote it (capitals), priced again when checkout opens. */
  discountCode?: string;
  /** Paying as a guest, and with an account to be made after paying; drafts from before guests lack them. */
  asGuest?: boolean;
  createAccount?: boolean;
}

interface StoredDraft extends CheckoutDraft {
  /** The signed-in shopper's id; null when nobody was signed in. */
  owner: string | null;
  savedAt: number;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** Only a draft of the right shape counts: the storage may hold anything (an older version of the shop, a hand edit). */
function readable(value: unknown): value is StoredDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<StoredDraft>;
  const customer = draft.customer as Partial<CheckoutDraft['customer']> | undefined;
  const point = draft.point as Partial<PaxiPoint> | null | undefined;
  return (
    (draft.owner === null || isText(draft.owner, 128)) &&
    typeof draft.savedAt === 'number' &&
    !!customer &&
    isText(customer.firstName, 50) &&
    isText(customer.lastName, 50) &&
    isText(customer.email, 255) &&
    isText(customer.phone, 20) &&
    // Drafts from before the invoice fields lack them.
    (customer.company === undefined || isText(customer.company, 100)) &&
    (customer.vatNumber === undefined || isText(customer.vatNumber, 20)) &&
    (customer.billingAddress === undefined || isText(customer.billingAddress, 300)) &&
    (draft.speed === 'paxi-standard' || draft.speed === 'paxi-express') &&
    (point === null || (!!point && isText(point.code, 40) && isText(point.name, 200))) &&
    typeof draft.saveToProfile === 'boolean' &&
    (draft.method === undefined || draft.method === 'paxi' || draft.method === 'courier') &&
    (draft.courierAddress === undefined || readableAddress(draft.courierAddress)) &&
    (draft.courierService === undefined || courierServiceLevelCodes.includes(draft.courierService)) &&
    (draft.saveAddress === undefined || typeof draft.saveAddress === 'boolean') &&
    (draft.asGuest === undefined || typeof draft.asGuest === 'boolean') &&
    (draft.createAccount === undefined || typeof draft.createAccount === 'boolean') &&
    (draft.discountCode === undefined || (isText(draft.discountCode, 30) && /^[A-Z0-9-]+$/.test(draft.discountCode)))
  );
}

function readableAddress(value: unknown): value is CourierAddressValues {
  if (!value || typeof value !== 'object') return false;
  const address = value as Partial<CourierAddressValues>;
  return courierAddressFields.every((field) => isText(address[field], 300));
}

/** The draft this shopper (null: nobody signed in) may see; another shopper's or an old one is dropped. */
export function readCheckoutDraft(owner: string | null, now = Date.now()): CheckoutDraft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(CHECKOUT_DRAFT_KEY) ?? 'null');
  } catch {
    stored = undefined;
  }
  if (stored === null) return null;
  if (!readable(stored) || (stored.owner !== null && stored.owner !== owner) || now - stored.savedAt > CHECKOUT_DRAFT_DAYS * DAY_MS) {
    forgetCheckoutDraft();
    return null;
  }
  const { customer, speed, point, saveToProfile, method, courierAddress, courierService, saveAddress, discountCode, asGuest, createAccount } = stored;
  return {
    customer: withInvoiceFields(customer),
    speed,
    point,
    saveToProfile,
    method: method ?? 'paxi',
    courierAddress: courierAddress ?? emptyCourierAddress,
    ...(courierService ? { courierService } : {}),
    ...(saveAddress !== undefined ? { saveAddress } : {}),
    ...(discountCode ? { discountCode } : {}),
    ...(asGuest ? { asGuest } : {}),
    ...(createAccount ? { createAccount } : {}),
  };
}

export function rememberCheckoutDraft(owner: string | null, draft: CheckoutDraft, now = Date.now()): void {
  try {
    localStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify({ ...draft, owner, savedAt: now } satisfies StoredDraft));
  } catch {
    // Blocked or full storage: the page still works, it only forgets sooner.
  }
}


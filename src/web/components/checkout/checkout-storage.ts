import type { PaxiPoint } from './paxi-points';

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

export function readCheckoutId(): string | null {
  try {
    return localStorage.getItem(CURRENT_CHECKOUT_KEY);
  } catch {
    return null;
  }
}

export function forgetCheckoutId(): void {
  try {
    localStorage.removeItem(CURRENT_CHECKOUT_KEY);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

/** The checkout id a payment page works on: ?checkoutId=, else ?id=, else the stored one. */
export function checkoutIdFrom(params: URLSearchParams): string | null {
  const fromQuery = params.get('checkoutId')?.trim() || params.get('id')?.trim();
  return fromQuery || readCheckoutId();
}

/** The PAXI point a shopper chose on /paxi-finder, for checkout to start with (this tab only). */
const CHOSEN_POINT_KEY = 'chosen-paxi-point';

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

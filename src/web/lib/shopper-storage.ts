/**
 * The shopper's own details this browser keeps for the checkout, and forgetting them at sign-out
 * and account deletion (POPIA). The checkout reads and writes them (components/checkout/
 * checkout-storage.ts); signing out forgets them without loading the checkout's code.
 */

/** The PAXI point a shopper chose on /paxi-finder, for checkout to start with (this tab only). */
export const CHOSEN_POINT_KEY = 'chosen-paxi-point';

/**
 * What the shopper filled in at checkout, kept in this browser's local storage so that cancelling
 * on the payment page, or coming back another day, finds it again. It is tagged with whose it is:
 * a signed-in shopper's is never offered to anybody else, and a signed-out shopper's goes with them
 * when they sign in. Signing out and deleting the account remove it.
 */
export const CHECKOUT_DRAFT_KEY = 'checkout-draft';

/** Reaching the storage at all can throw where the browser blocks it: then nothing was kept. */
export function removeStored(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Blocked storage: nothing to remove.
  }
}

/** At sign-out and account deletion: the details, the remembered point and the point chosen on /paxi-finder. */
export function forgetCheckoutDraft(): void {
  removeStored(() => localStorage, CHECKOUT_DRAFT_KEY);
  removeStored(() => sessionStorage, CHOSEN_POINT_KEY);
}

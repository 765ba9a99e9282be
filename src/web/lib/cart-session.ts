import { CART_SESSION_HEADER } from '../../shared/cart';

export const CART_SESSION_KEY = 'cart-session-id';
/** Whose cart the stored id is, when it is a signed-in shopper's cart rather than an anonymous one. */
export const CART_OWNER_KEY = 'cart-owner';
const SESSION_ID = /^[A-Za-z0-9_-]{16,128}$/;

const listeners = new Set<() => void>();

/** For useSyncExternalStore: components re-read the id when it is made, adopted or forgotten. */
export function subscribeCartSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(entries: Record<string, string | null>): void {
  try {
    for (const [key, value] of Object.entries(entries)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  } catch {
    // Private browsing without storage: the cart lasts for this page view.
  }
  changed();
}

export function readCartSessionId(): string | null {
  const id = read(CART_SESSION_KEY);
  return id && SESSION_ID.test(id) ? id : null;
}

/** The cart's session id, made on the first add: a long random string is what proves the cart is yours. */
export function ensureCartSessionId(): string {
  const existing = readCartSessionId();
  if (existing) return existing;
  const id = crypto.randomUUID();
  write({ [CART_SESSION_KEY]: id });
  return id;
}

/**
 * A cart opened from the link in a guest's checkout reminder becomes this browser's anonymous cart.
 * False, and nothing changed, for an id that is not a cart session id.
 */
export function openLinkedCart(sessionId: string): boolean {
  if (!SESSION_ID.test(sessionId)) return false;
  write({ [CART_SESSION_KEY]: sessionId, [CART_OWNER_KEY]: null });
  return true;
}

export function readCartOwner(): string | null {
  return read(CART_OWNER_KEY);
}

/** From now on this browser uses the signed-in shopper's own cart. */
export function adoptShopperCart(sessionId: string, userId: string): void {
  write({ [CART_SESSION_KEY]: sessionId, [CART_OWNER_KEY]: userId });
}

/** After sign-out the shopper's cart stays with the account; the browser starts a new anonymous cart. */
export function forgetShopperCart(): void {
  write({ [CART_SESSION_KEY]: null, [CART_OWNER_KEY]: null });
}

let switching: Promise<unknown> = Promise.resolve();

/**
 * While sign-in moves the anonymous cart into the shopper's cart, a flag added meanwhile must wait
 * and go to the shopper's cart, not to the anonymous one that was just emptied.
 */
export function whileCartSwitches<T>(work: Promise<T>): Promise<T> {
  switching = work.catch(() => undefined);
  return work;
}

/** Resolves once no cart switch is under way. */
export function cartSwitchSettled(): Promise<unknown> {
  return switching;
}

/**
 * The header that names this browser's cart: a guest's payment pages send it (CHECKOUT_ACCOUNTS=optional)
 * to show that the checkout is theirs; a signed-in shopper's session counts instead.
 */
export function cartHeader(sessionId: string | null): Record<string, string> {
  return sessionId ? { [CART_SESSION_HEADER]: sessionId } : {};
}

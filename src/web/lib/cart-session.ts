const KEY = 'cart-session-id';

export function readCartSessionId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The cart's session id, made on the first add: a long random string is what proves the cart is yours. */
export function ensureCartSessionId(): string {
  const existing = readCartSessionId();
  if (existing && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) return existing;
  const id = crypto.randomUUID();
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // Private browsing without storage: the cart lasts for this page view.
  }
  return id;
}

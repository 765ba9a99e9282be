import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { callApi } from '../../lib/api-client';
import { openLinkedCart, readCartOwner, readCartSessionId } from '../../lib/cart-session';
import { withParam } from '../../lib/search-params';

/** The parameter a guest's checkout reminder links back with: /checkout?cart=<cart session id>. */
const CART_PARAM = 'cart';

/**
 * Whether this browser took the linked cart: only in place of no cart at all or an empty anonymous
 * one. A cart with flags in it, one that cannot be read just now, or a signed-in shopper's cart is
 * kept: the link must never cost anyone the cart they have.
 */
async function takeLinkedCart(linked: string): Promise<boolean> {
  const current = readCartSessionId();
  if (current === linked || readCartOwner() !== null) return false;
  if (current !== null) {
    const cart = await callApi('cart', { params: { sessionId: current } }).catch(() => null);
    if (!cart || cart.cartItems.length > 0) return false;
  }
  return openLinkedCart(linked);
}

/**
 * A guest's reminder email links back to their cart by its id, so that it opens in whichever
 * browser reads the email. Once taken (or not), the id leaves the address bar, so that it is not
 * bookmarked or shared with the page.
 */
export function useCartFromLink(): void {
  const [params, setParams] = useSearchParams();
  const linked = params.get(CART_PARAM);
  useEffect(() => {
    if (linked === null) return;
    let cancelled = false;
    void takeLinkedCart(linked)
      .catch(() => false)
      .then(() => {
        if (!cancelled) setParams((current) => withParam(current, CART_PARAM, null), { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [linked, setParams]);
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { adoptShopperCart, forgetShopperCart, readCartOwner, readCartSessionId, whileCartSwitches } from '../../lib/cart-session';
import { useSession } from '../auth/use-session';
import { toast } from '../ui/toast-store';
import { cartQueryKey } from './use-cart';


/** What signing in changed in the cart, said once: the same flag in both carts keeps the larger quantity. */
function savedCartNotice(added: number): { title: string; description: string } | undefined {
  if (added <= 0) return undefined;
  return { title: 'Cart Updated', description: `We added ${added} flag${added === 1 ? '' : 's'} from your saved cart.` };
}

/** Runs `work` while no other tab of this browser runs its own (the Web Locks API; without it, at once). */
async function oneTabAtATime(work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  await navigator.locks.request('cart-claim', work);
}

/**
 * Signing in pours this browser's anonymous cart into the shopper's own cart (kept on the server,
 * the same on every device); signing out leaves that cart with the account and starts afresh.
 */
export function useCartFollowsShopper(): void {
  const client = useQueryClient();
  const { data: session } = useSession();
  // undefined while the session is loading: nothing is decided yet.
  const userId = session === undefined ? undefined : (session?.user.id ?? null);

  useEffect(() => {
    if (userId === undefined) return;
    const owner = readCartOwner();
    if (userId === null) {
      if (owner !== null) forgetShopperCart();
      return;
    }
    if (owner === userId) return;
    let cancelled = false;
    // Tabs share the cart, and the claim and its adoption are one step for them: another tab signed
    // in at the same moment may have taken the cart over while this one waited, and pouring the
    // emptied anonymous cart in again would count every flag of the saved cart as added.
    const claim = async () => {
      const current = readCartOwner();
      if (current === userId) return;
      // Another shopper's cart id (whose session ended without a sign-out here) is not ours to merge.
      const anonymous = current === null ? (readCartSessionId() ?? undefined) : undefined;
      const cart = await callApi('claimCart', { body: { sessionId: anonymous } });
      if (cancelled) return;
      client.setQueryData(cartQueryKey(cart.sessionId), { cartItems: cart.cartItems });
      adoptShopperCart(cart.sessionId, userId);
      const notice = savedCartNotice(cart.addedFromSavedCart);
      if (notice) toast(notice);
    };
    void whileCartSwitches(
      oneTabAtATime(claim).catch(() => {
        // The anonymous cart stays as it is and the next page load tries again.
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [client, userId]);
}

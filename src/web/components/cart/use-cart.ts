import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, messageOf, noRetryOnRefusal } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { cartHeader, cartSwitchSettled, ensureCartSessionId, readCartSessionId, subscribeCartSession } from '../../lib/cart-session';
import { toast } from '../ui/toast-store';
import { setCartPanelOpen } from './cart-panel-store';
import { cartItemCount, cartSubtotalCents, type CartItemView } from '../../../shared/cart';
import { countryName } from '../../../shared/product';
import { useSyncExternalStore } from 'react';
import { addedToCartText } from './cart-words';

interface CartResponse {
  cartItems: CartItemView[];
}

/** Components re-read the session id after the first add creates it, or sign-in or sign-out swaps it. */
function useCartSessionId(): string | null {
  return useSyncExternalStore(subscribeCartSession, readCartSessionId, () => null);
}

export function cartQueryKey(sessionId: string | null) {
  return [`/api/cart/${sessionId ?? ''}`] as const;
}

/** The failed read the toast was last shown for: several components read the cart, one toast is enough. */
let failureToasted = 0;

export function useCart() {
  const sessionId = useCartSessionId();
  const query = useQuery({
    queryKey: cartQueryKey(sessionId),
    enabled: sessionId !== null,
    queryFn: async (): Promise<CartResponse> => {
      try {
        return await callApi('cart', { params: { sessionId: sessionId ?? '' } });
      } catch (error) {
        // Not this visitor's cart (a signed-in shopper's, after their session ended): nothing to show.
        if (error instanceof ApiError && error.status === 404) return { cartItems: [] };
        throw error;
      }
    },
  });
  // A cart that cannot be read is not an empty one: the spec's toast says so (the panel offers Try Again).
  useEffect(() => {
    if (!query.errorUpdatedAt || query.errorUpdatedAt === failureToasted) return;
    failureToasted = query.errorUpdatedAt;
    toast({ title: 'Error', description: 'Failed to fetch cart items', variant: 'destructive' });
  }, [query.errorUpdatedAt]);
  const items = query.data?.cartItems ?? [];
  return {
    sessionId,
    items,
    isLoading: query.isLoading,
    /** The cart could not be read and nothing read before is shown. */
    failed: query.isError && query.data === undefined,
    retry: () => void query.refetch(),
    itemCount: cartItemCount(items),
    subtotalCents: cartSubtotalCents(items),
  };
}

export interface AddToCartArgs {
  productId: string;
  sizeId?: string;
  sizeLabel?: string;
  productName: string;
  productImage: string | null;
  price: string;
  quantity: number;
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: AddToCartArgs) => {
      await cartSwitchSettled();
      const sessionId = ensureCartSessionId();
      // The server reads the name, picture and price from the catalogue: only the flag and how many go.
      return callApi('addToCart', { body: { sessionId, productId: item.productId, sizeId: item.sizeId, quantity: item.quantity } });
    },
    onSuccess: async (_item, args) => {
      // The first add makes the cart: its first read starts at once and may be answered before the
      // add. Dropped here, the read that follows every change (query-client.ts) is a fresh one.
      await queryClient.cancelQueries({ queryKey: cartQueryKey(readCartSessionId()) });
      toast({
        title: 'Added to Cart!',
        description: addedToCartText(args.productName, args.quantity, args.sizeLabel),
        action: { label: 'View cart', altText: 'Open your cart with the Cart button at the top of the page', onClick: () => setCartPanelOpen(true) },
      });
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error, 'Failed to add item to cart'), variant: 'destructive' }),
  });
}

/**
 * Plus and minus. The line the server answers with is shown at once. Too few left is not a toast:
 * the cart's next read marks the line with the flags left, in the line itself, where a toast would
 * cover it on a phone.
 */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) =>
      callApi('setCartQuantity', { params: { itemId }, body: { quantity }, headers: cartHeader(readCartSessionId()) }),
    retry: noRetryOnRefusal,
    onSuccess: (line) =>
      queryClient.setQueryData<CartResponse>(cartQueryKey(readCartSessionId()), (cart) =>
        cart ? { cartItems: cart.cartItems.map((item) => (item.id === line.id ? line : item)) } : cart,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'out_of_stock') return;
      toast({ title: 'Error', description: messageOf(error, 'Failed to update quantity'), variant: 'destructive' });
    },
  });
}

export function useRemoveCartItem() {
  return useMutation({
    mutationFn: (item: CartItemView) => apiRequest('DELETE', `/api/cart/${item.id}`, undefined, cartHeader(readCartSessionId())),
    onSuccess: (_result, item) =>
      toast({ title: 'Item Removed', description: `${countryName(item.productName)} has been removed from your cart.` }),
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error, 'Failed to remove item'), variant: 'destructive' }),
  });
}

export function useClearCart() {
  return useMutation({
    mutationFn: () => {
      const sessionId = readCartSessionId();
      return sessionId ? apiRequest('DELETE', `/api/cart/clear/${sessionId}`) : Promise.resolve();
    },
    onSuccess: () => toast({ title: 'Cart Cleared', description: 'All items have been removed from your cart.' }),
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error, 'Failed to clear cart'), variant: 'destructive' }),
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, messageOf, noRetryOnRefusal } from '../../lib/api';
import { toast } from '../ui/toast-store';
import type { WishlistItem } from '../../../shared/profile';
import { countryName } from '../../../shared/product';

// Kept apart from the profile's other calls: the product page's heart needs only these.

/** The user's id follows the address in the key, so one shopper's list is never shown to the next. */
const wishlistKey = (userId: string) => ['/api/wishlist', userId] as const;

export function useWishlist(userId: string | undefined) {
  return useQuery<{ items: WishlistItem[] }>({ queryKey: wishlistKey(userId ?? ''), enabled: !!userId });
}

interface WishlistToggle {
  productId: string;
  name: string;
  saved: boolean;
}

/** Saves a flag, or takes it out again; the toasts say which. */
export function useToggleWishlist() {
  return useMutation({
    mutationFn: ({ productId, saved }: WishlistToggle) =>
      saved ? apiRequest('DELETE', `/api/wishlist/${productId}`) : apiRequest('POST', '/api/wishlist', { productId }),
    retry: noRetryOnRefusal,
    onSuccess: (_result, { name, saved }) =>
      toast(
        saved
          ? { title: 'Removed from Wishlist', description: `${countryName(name)} has been removed from your wishlist.` }
          : { title: 'Added to Wishlist', description: `${countryName(name)} has been saved to your wishlist.` },
      ),
    onError: (error, { saved }) =>
      toast({
        title: 'Error',
        description: messageOf(error, saved ? 'Failed to remove from wishlist' : 'Failed to add to wishlist'),
        variant: 'destructive',
      }),
  });
}


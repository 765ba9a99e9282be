import type { MouseEvent } from 'react';
import { Heart } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { useSession } from '../auth/use-session';
import { useToggleWishlist, useWishlist } from '../account/use-wishlist';
import { useHydrated } from '../../lib/use-hydrated';

interface WishlistButtonProps extends ButtonProps {
  product: { id: string; name: string };
}

/**
 * The heart on a product page: saves the flag to the signed-in shopper's wishlist, or takes it out
 * again (filled while saved). Wishlists belong to accounts, so a signed-out visitor is asked to sign in.
 */
export function WishlistButton({ product, className, onClick, ...props }: WishlistButtonProps) {
  const { data: session } = useSession();
  // The server-rendered flag page shows the heart as for a visitor; the shopper's own state follows.
  const userId = useHydrated() ? session?.user.id : undefined;
  const { data } = useWishlist(userId);
  const toggle = useToggleWishlist();
  const saved = data?.items.some((item) => item.productId === product.id) ?? false;

  const onHeart = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (!userId) return toast({ title: 'Sign in to save flags to your wishlist' });
    if (toggle.isPending) return;
    toggle.mutate({ productId: product.id, name: product.name, saved });
  };

  return (
    <Button
      variant="outline"
      size="icon"
      aria-label="Save to wishlist"
      aria-pressed={userId ? saved : undefined}
      {...props}
      className={cn(saved && 'border-red-200', className)}
      onClick={onHeart}
      data-testid="wishlist-button"
    >
      <Heart className={cn('h-5 w-5', saved && 'text-red-600')} fill={saved ? 'currentColor' : 'none'} aria-hidden="true" />
    </Button>
  );
}

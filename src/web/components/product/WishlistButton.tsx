import { Heart } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/Button';
import { toast } from '../ui/toast-store';

/**
 * Wishlists belong to accounts, and sign-in is not built yet: the heart says so instead of
 * pretending to save anything.
 */
export function WishlistButton(props: ButtonProps) {
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label="Save to wishlist"
      {...props}
      onClick={() => toast({ title: 'Sign in to save flags to your wishlist' })}
      data-testid="wishlist-button"
    >
      <Heart className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}

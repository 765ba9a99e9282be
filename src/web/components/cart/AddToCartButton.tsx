import { ShoppingCart } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/Button';
import { useAddToCart } from './use-cart';
import { formatRand } from '../../../shared/money';
import { effectivePriceCents, type Product } from '../../../shared/product';

interface AddToCartButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  product: Product;
  quantity?: number;
}

/**
 * Add to Cart for one flag. While the flag is being added the button stays enabled (a disabled
 * button drops the keyboard focus) and ignores further presses; the toast that follows offers the cart.
 */
export function AddToCartButton({ product, quantity = 1, disabled, ...props }: AddToCartButtonProps) {
  const addToCart = useAddToCart();
  const adding = addToCart.isPending;
  return (
    <Button
      disabled={disabled}
      aria-disabled={adding || undefined}
      data-testid="add-to-cart"
      {...props}
      onClick={() => {
        if (adding) return;
        addToCart.mutate({
          productId: product.id,
          productName: product.name,
          productImage: product.primaryImage,
          price: formatRand(effectivePriceCents(product)),
          quantity,
        });
      }}
    >
      <ShoppingCart className="h-5 w-5 shrink-0" aria-hidden="true" />
      {adding ? 'Adding...' : 'Add to Cart'}
    </Button>
  );
}

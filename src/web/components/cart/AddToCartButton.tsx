import { ShoppingCart } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/Button';
import { useAddToCart } from './use-cart';
import { formatRand } from '../../../shared/money';
import { effectivePriceCents, type ListedProduct, type Product, type ProductSize } from '../../../shared/product';

interface AddToCartButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The flag: from its page, or a shop card's list entry. */
  product: Product | ListedProduct;
  /** The size to add; the flag's main size when left out (a shop card). */
  productSize?: ProductSize;
  quantity?: number;
}

/**
 * Add to Cart for one flag. While the flag is being added the button stays enabled (a disabled
 * button drops the keyboard focus) and ignores further presses; the toast that follows offers the cart.
 */
export function AddToCartButton({ product, productSize, quantity = 1, disabled, ...props }: AddToCartButtonProps) {
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
          sizeId: productSize?.id,
          sizeLabel: productSize?.label ?? ('mainSizeLabel' in product ? product.mainSizeLabel : undefined),
          productName: product.name,
          productImage: product.primaryImage,
          price: formatRand(effectivePriceCents(productSize ?? product)),
          quantity,
        });
      }}
    >
      <ShoppingCart className="h-5 w-5 shrink-0" aria-hidden="true" />
      {adding ? 'Adding...' : 'Add to Cart'}
    </Button>
  );
}

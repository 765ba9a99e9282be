import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatRand } from '../../../shared/money';
import { MAX_LINE_QUANTITY, steppedQuantity } from '../../../shared/cart';
import { Button, buttonClasses } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { setCartPanelOpen, useCartPanelOpen } from './cart-panel-store';
import { useCart, useClearCart, useRemoveCartItem, useUpdateCartItem } from './use-cart';
import type { CartItemView } from '../../../shared/cart';
import { ProductImage } from '../product/ProductImage';
import { PICTURE_SIZES } from '../../../shared/picture-sizes';
import { countryName } from '../../../shared/product';
import { vatVendor } from '../../lib/initial-data';

function CartLine({ item }: { item: CartItemView }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const step = (direction: 1 | -1) => {
    const quantity = steppedQuantity(item.quantity, direction);
    if (quantity !== item.quantity) update.mutate({ itemId: item.id, quantity });
  };
  const name = countryName(item.productName);
  return (
    <li className="flex gap-3 py-4" data-testid="cart-item">
      <Link
        to={`/product/${item.productSlug}`}
        onClick={() => setCartPanelOpen(false)}
        className="h-16 w-20 shrink-0 overflow-hidden rounded border border-slate-200 bg-slate-50"
      >
        <ProductImage
          src={item.productImage}
          widths={item.productImageWidths}
          sizes={PICTURE_SIZES.cartThumbnail}
          alt={`Flag of ${name}`}
          className="h-full w-full object-cover"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{name}</p>
        {item.available ? (
          <p className="text-sm whitespace-nowrap text-slate-600">{item.price}</p>
        ) : (
          <p className="text-sm font-medium text-red-700">No longer available</p>
        )}
        <div className="mt-2 flex items-center gap-2">
          {item.available && (
            <>
              <Button
                variant="outline"
                size="sm"
                className="h-11 w-11 px-0"
                aria-label={`One fewer ${name}`}
                disabled={update.isPending}
                onClick={() => step(-1)}
              >
                <Minus className="h-4 w-4" aria-hidden="true" />
              </Button>
              <span className="w-6 text-center text-sm font-medium" aria-label={`Quantity of ${name}`} data-testid="cart-item-quantity">
                {item.quantity}
              </span>
              <Button
                variant="outline"
                size="sm"
                className="h-11 w-11 px-0"
                aria-label={`One more ${name}`}
                disabled={update.isPending || item.quantity >= MAX_LINE_QUANTITY}
                onClick={() => step(1)}
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto h-11 w-11 px-0 text-red-700"
            aria-label={`Remove ${name}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(item)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}

export function CartPanel() {
  const open = useCartPanelOpen();
  const { items, subtotalCents } = useCart();
  const clear = useClearCart();
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={setCartPanelOpen}
      layout="panel"
      title={
        <>
          <ShoppingCart className="h-5 w-5" aria-hidden="true" /> Your Cart
        </>
      }
      closeLabel="Close cart"
    >
      {items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
          <ShoppingCart className="h-12 w-12 text-slate-300" aria-hidden="true" />
          <p className="font-semibold">Your cart is empty</p>
          <p className="text-sm text-slate-600">Browse our flags and add your favourites.</p>
          <Link to="/shop" onClick={() => setCartPanelOpen(false)} className={buttonClasses('primary')}>
            Shop Flags
          </Link>
        </div>
      ) : (
        <>
          <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto px-5">
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          <div className="space-y-3 border-t border-slate-200 px-5 py-4">
            <div className="flex items-center justify-between text-lg font-bold">
              <span>Total</span>
              <span data-testid="cart-total" className="whitespace-nowrap">
                {formatRand(subtotalCents)}
              </span>
            </div>
            <p className="text-xs text-slate-600">{vatVendor && 'Prices include 15% VAT. '}PAXI collection fee is added at checkout.</p>
            <Button
              className="w-full"
              size="lg"
              onClick={() => {
                setCartPanelOpen(false);
                navigate('/checkout');
              }}
            >
              Proceed to Checkout
            </Button>
            <Button variant="outline" className="w-full" disabled={clear.isPending} onClick={() => clear.mutate()}>
              Clear Cart
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

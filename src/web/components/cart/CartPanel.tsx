import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Minus, Plus, ShoppingCart, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatRand } from '../../../shared/money';
import { steppedQuantity } from '../../../shared/cart';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { useEscapeLayer } from '../ui/layer-stack';
import { dismissAllToasts } from '../ui/toast-store';
import { setCartPanelOpen, useCartPanelOpen } from './cart-panel-store';
import { useCart, useClearCart, useRemoveCartItem, useUpdateCartItem } from './use-cart';
import { clearCartQuestion, quantityAnnouncement, stockNote } from './cart-words';
import type { CartItemView } from '../../../shared/cart';
import { ProductImage } from '../ui/ProductImage';
import { PICTURE_SIZES } from '../../../shared/picture-sizes';
import { countryName } from '../../../shared/product';
import { maxBuyable } from '../../../shared/stock';
import { lineLimit, vatVendor } from '../../lib/initial-data';

/** Plus and minus stay focusable when they cannot act (a disabled button would drop the focus to the page). */
const unavailableStep = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/**
 * One line: picture, name, price, plus and minus, remove. Plus stops at the line limit or the flags
 * left; the new quantity is said to screen readers; a line asking for more than are left is marked
 * and says what to do.
 */
function CartLine({ item }: { item: CartItemView }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const [said, setSaid] = useState('');
  const most = maxBuyable(item.stockLeft, lineLimit);
  const note = item.available ? stockNote(item.quantity, item.stockLeft) : undefined;
  const name = countryName(item.productName);
  const step = (direction: 1 | -1) => {
    if (update.isPending || (direction === 1 && item.quantity >= most)) return;
    const quantity = steppedQuantity(item.quantity, direction, lineLimit);
    if (quantity === item.quantity) return;
    update.mutate(
      { itemId: item.id, quantity },
      { onSuccess: (line) => setSaid(quantityAnnouncement(line.productName, line.quantity, maxBuyable(line.stockLeft, lineLimit), lineLimit)) },
    );
  };
  return (
    <li
      className={cn('flex gap-3 py-4', note?.short && '-mx-3 my-2 rounded-lg bg-amber-50 px-3 ring-2 ring-amber-500')}
      data-testid="cart-item"
      data-short={note?.short || undefined}
    >
      <Link
        to={`/product/${item.productSlug}?size=${encodeURIComponent(item.sizeCode)}`}
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
        <p className="truncate text-xs text-slate-600" data-testid="cart-item-size">
          {item.sizeLabel}
        </p>
        {item.available ? (
          <p className="text-sm whitespace-nowrap text-slate-600">
            {item.price}
            {item.quantityBreak && (
              <span className="ml-1.5 text-xs font-semibold text-brand-800" data-testid="cart-item-break">
                {item.quantityBreak.percentOff}% off for {item.quantityBreak.minQuantity} or more
              </span>
            )}
          </p>
        ) : (
          <p className="text-sm font-medium text-red-700">No longer available</p>
        )}
        {note &&
          (note.short ? (
            // Its own element: an alert is read out when it appears, not when an element changes role.
            <p key="short" role="alert" className="mt-1 text-sm font-semibold text-amber-900" data-testid="cart-item-stock">
              {note.text}
            </p>
          ) : (
            <p key="few" className="mt-1 text-xs font-semibold text-amber-800" data-testid="cart-item-stock">
              {note.text}
            </p>
          ))}
        <div className="mt-2 flex items-center gap-2">
          {item.available && (
            <>
              <Button
                variant="outline"
                size="sm"
                className={cn('h-11 w-11 px-0', unavailableStep)}
                aria-label={`One fewer ${name}`}
                aria-disabled={update.isPending || undefined}
                onClick={() => step(-1)}
              >
                <Minus className="h-4 w-4" aria-hidden="true" />
              </Button>
              <span className="w-6 text-center text-sm font-medium">
                <span className="sr-only">Quantity: </span>
                <span data-testid="cart-item-quantity">{item.quantity}</span>
              </span>
              <Button
                variant="outline"
                size="sm"
                className={cn('h-11 w-11 px-0', unavailableStep)}
                aria-label={`One more ${name}`}
                aria-disabled={update.isPending || item.quantity >= most || undefined}
                onClick={() => step(1)}
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
              </Button>
              <p role="status" className="sr-only">
                {said}
              </p>
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

/** Clear Cart asks first, with the answer where the focus is; Escape or Keep my cart goes back. */
function ClearCart({ items }: { items: readonly CartItemView[] }) {
  const clear = useClearCart();
  const [asking, setAsking] = useState(false);
  const clearButton = useRef<HTMLButtonElement>(null);
  // The question's buttons go with it: the focus goes back to Clear Cart once it is rendered again.
  const kept = useRef(false);
  const questionId = useId();
  const keep = () => {
    kept.current = true;
    setAsking(false);
  };
  useEscapeLayer(asking, keep);
  useEffect(() => {
    if (asking || !kept.current) return;
    kept.current = false;
    clearButton.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Button ref={clearButton} variant="outline" className="w-full" onClick={() => setAsking(true)}>
        Clear Cart
      </Button>
    );
  }
  const flags = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div role="group" aria-labelledby={questionId} className="space-y-3 rounded-lg border border-slate-300 p-3">
      <p id={questionId} className="text-sm font-semibold text-slate-900">
        {clearCartQuestion(flags)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="danger"
          className="flex-1"
          autoFocus
          disabled={clear.isPending}
          onClick={() => clear.mutate(undefined, { onSettled: () => setAsking(false) })}
        >
          {clear.isPending ? 'Clearing...' : 'Yes, clear cart'}
        </Button>
        <Button variant="outline" className="flex-1" disabled={clear.isPending} onClick={keep}>
          Keep my cart
        </Button>
      </div>
    </div>
  );
}

function CartMessage({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">{children}</div>;
}

export function CartPanel() {
  const open = useCartPanelOpen();
  const { items, subtotalCents, isLoading, failed, retry } = useCart();
  const navigate = useNavigate();
  // The toast of what just happened is told by the cart itself now, and on a phone it would cover the first line.
  useEffect(() => {
    if (open) dismissAllToasts();
  }, [open]);
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
      {isLoading ? (
        <CartMessage>
          <Spinner label="Loading your cart" />
        </CartMessage>
      ) : failed ? (
        <CartMessage>
          <ShoppingCart className="h-12 w-12 text-slate-300" aria-hidden="true" />
          <p className="font-semibold">We could not load your cart.</p>
          <p className="text-sm text-slate-600">Your flags are still saved. Please check your connection and try again.</p>
          <Button onClick={retry}>Try Again</Button>
        </CartMessage>
      ) : items.length === 0 ? (
        <CartMessage>
          <ShoppingCart className="h-12 w-12 text-slate-300" aria-hidden="true" />
          <p className="font-semibold">Your cart is empty</p>
          <p className="text-sm text-slate-600">Browse our flags and add your favourites.</p>
          <Link to="/shop" onClick={() => setCartPanelOpen(false)} className={buttonClasses('primary')}>
            Shop Flags
          </Link>
        </CartMessage>
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
            <p className="text-xs text-slate-600">{vatVendor && 'Prices include 15% VAT. '}The delivery fee, PAXI collection or courier, is added at checkout.</p>
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
            <ClearCart items={items} />
          </div>
        </>
      )}
    </Dialog>
  );
}

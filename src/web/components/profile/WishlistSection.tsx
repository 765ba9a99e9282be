import { Link } from 'react-router';
import { Heart, ShoppingCart, Trash2 } from 'lucide-react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';
import { ProductImage } from '../ui/ProductImage';
import { useAddToCart } from '../cart/use-cart';
import { ProfileSection } from './ProfileSection';
import { useToggleWishlist, useWishlist } from '../account/use-wishlist';
import { countryName } from '../../../shared/product';
import type { WishlistItem } from '../../../shared/profile';

function WishlistRow({ item }: { item: WishlistItem }) {
  const addToCart = useAddToCart();
  const toggle = useToggleWishlist();
  const country = countryName(item.name);
  return (
    <li className="flex flex-wrap items-center gap-4 py-4 sm:flex-nowrap" data-testid="wishlist-item">
      <div className="h-16 w-20 shrink-0 overflow-hidden rounded border border-slate-200 bg-slate-50">
        <ProductImage src={item.image} alt={`Flag of ${country}`} className="h-full w-full object-cover" width={80} height={64} />
      </div>
      <div className="min-w-0 flex-1">
        <Link to={`/product/${item.slug}`} className="font-semibold text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline">
          {country}
        </Link>
        <p className="text-sm whitespace-nowrap text-slate-600">{item.price}</p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button
          size="sm"
          className="flex-1 sm:flex-none"
          disabled={addToCart.isPending}
          onClick={() =>
            addToCart.mutate({ productId: item.productId, productName: item.name, productImage: item.image, price: item.price, quantity: 1 })
          }
          aria-label={`Add to Cart: ${country}`}
        >
          <ShoppingCart className="h-4 w-4" aria-hidden="true" /> Add to Cart
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ productId: item.productId, name: item.name, saved: true })}
          aria-label={`Remove from wishlist: ${country}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
        </Button>
      </div>
    </li>
  );
}

/** Flags saved with the heart on their page, with prices read live from the catalogue. */
export function WishlistSection({ userId }: { userId: string }) {
  const wishlist = useWishlist(userId);
  const empty = <EmptyState icon={Heart} title="Your wishlist is empty" text="Tap the heart on a flag's page to save it here for later." link={{ to: '/shop', label: 'Browse Flags', variant: 'outline' }} />;
  return (
    <ProfileSection id="wishlist" title="Wishlist">
      <QueryState
        query={wishlist}
        loading={{ label: 'Loading wishlist', skeletons: ['h-16 w-full'] }}
        error={{ message: 'Failed to load your wishlist. Please try again later.', retry: false }}
        empty={{ when: ({ items }) => items.length === 0, show: empty }}
      >
        {({ items }) => (
          <ul className="-my-4 divide-y divide-slate-200">
            {items.map((item) => (
              <WishlistRow key={item.productId} item={item} />
            ))}
          </ul>
        )}
      </QueryState>
    </ProfileSection>
  );
}

import { Link } from 'react-router';
import { stockLevel } from '../../../shared/stock';

/** A sold-out flag says what the shopper can do instead of buying it now: keep it in the wishlist, or ask us. */
export function OutOfStockHelp({ stockQuantity }: { stockQuantity: number | null }) {
  if (stockLevel(stockQuantity).kind !== 'out') return null;
  return (
    <p className="w-full text-sm text-slate-700" data-testid="out-of-stock-help">
      This flag is sold out for now. Save it to your wishlist to find it again, or{' '}
      <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2">
        contact us
      </Link>{' '}
      to ask when it will be back.
    </p>
  );
}

import { CircleCheck, CircleSlash, Clock } from 'lucide-react';
import { cn } from '../../lib/cn';
import { stockLevel } from '../../../shared/stock';

const badgeBase = 'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold';

interface StockBadgeProps {
  stockQuantity: number | null;
  /** The product page also says 'In Stock'; a shop card stays quiet unless stock is short. */
  showInStock?: boolean;
  className?: string;
}

/** 'Out of stock', 'Only 3 left' or 'In Stock', from the flags left (null: not counted, always in stock). */
export function StockBadge({ stockQuantity, showInStock = false, className }: StockBadgeProps) {
  const level = stockLevel(stockQuantity);
  if (level.kind === 'out') {
    return (
      <span className={cn(badgeBase, 'border-slate-300 bg-slate-100 text-slate-800', className)} data-testid="stock-badge">
        <CircleSlash className="h-3.5 w-3.5" aria-hidden="true" />
        Out of stock
      </span>
    );
  }
  if (level.kind === 'low') {
    return (
      <span className={cn(badgeBase, 'border-amber-200 bg-amber-50 text-amber-900', className)} data-testid="stock-badge">
        <Clock className="h-3.5 w-3.5" aria-hidden="true" />
        Only {level.left} left
      </span>
    );
  }
  if (!showInStock) return null;
  return (
    <span className={cn(badgeBase, 'border-brand-100 bg-brand-50 text-brand-800', className)} data-testid="stock-badge">
      <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
      In Stock
    </span>
  );
}

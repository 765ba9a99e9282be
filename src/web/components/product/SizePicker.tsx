import { cn } from '../../lib/cn';
import { formatRand } from '../../../shared/money';
import { effectivePriceCents, isOnSale, type ProductSize } from '../../../shared/product';
import { stockLevel } from '../../../shared/stock';

/** What a size's card says of its stock: nothing while plenty are left or it is not counted. */
function stockWords(size: ProductSize): string | undefined {
  const level = stockLevel(size.stockQuantity);
  if (level.kind === 'out') return 'Sold out';
  if (level.kind === 'low') return `Only ${level.left} left`;
  return undefined;
}

interface SizePickerProps {
  sizes: readonly ProductSize[];
  chosen: ProductSize;
  onChoose: (size: ProductSize) => void;
}

/**
 * The sizes of a flag as radio cards, three to a row even on a phone, each with its price and stock:
 * real radio buttons in a fieldset, so the arrow keys move between them and a screen reader reads
 * the group's name, the size, its price and whether it is sold out. A sold-out size can still be
 * chosen, to see it.
 */
export function SizePicker({ sizes, chosen, onChoose }: SizePickerProps) {
  return (
    <fieldset data-testid="size-picker">
      {/* On a phone the cards speak for themselves, and the first screen has no room to spare. */}
      <legend className="mb-2 text-sm font-semibold text-slate-900 max-sm:sr-only">Size</legend>
      <div className="grid grid-cols-3 gap-2">
        {sizes.map((size) => {
          const stock = stockWords(size);
          const onSale = isOnSale(size);
          return (
            <label
              key={size.id}
              className={cn(
                'flex min-h-14 cursor-pointer flex-col items-center justify-center rounded-lg border bg-white px-1.5 py-2 text-center text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                size.id === chosen.id ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-slate-300 hover:border-slate-400',
              )}
              data-testid="size-option"
            >
              <input type="radio" name="size" value={size.code} checked={size.id === chosen.id} onChange={() => onChoose(size)} className="sr-only" />
              <span className="font-semibold break-words text-slate-900">{size.label}</span>
              <span className={cn('whitespace-nowrap', onSale ? 'font-semibold text-red-700' : 'text-slate-700')}>
                {onSale && <span className="sr-only">Sale price: </span>}
                {formatRand(effectivePriceCents(size))}
              </span>
              {stock && <span className={cn('text-xs font-semibold', stock === 'Sold out' ? 'text-slate-700' : 'text-amber-800')}>{stock}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

import { useId } from 'react';
import { cn } from '../../lib/cn';
import { formatRand } from '../../../shared/money';
import { breakPriceCents, quantityBreakFor, type QuantityBreak } from '../../../shared/pricing';

interface QuantityBreaksProps {
  /** The chosen size's price for one flag, sale prices counted. */
  unitCents: number;
  breaks: readonly QuantityBreak[];
  /** The quantity chosen: its row is marked. */
  quantity: number;
}

/** The shop's lower prices for many of one size (QUANTITY_BREAKS) as a small table, the row the chosen quantity reaches marked. */
export function QuantityBreaks({ unitCents, breaks, quantity }: QuantityBreaksProps) {
  const headingId = useId();
  if (breaks.length === 0) return null;
  const reached = quantityBreakFor(quantity, breaks);
  const rows = [
    { key: 'one', words: breaks[0]!.minQuantity === 2 ? '1' : `1 to ${breaks[0]!.minQuantity - 1}`, cents: unitCents, off: '', current: !reached },
    ...breaks.map((tier) => ({
      key: String(tier.minQuantity),
      words: `${tier.minQuantity} or more`,
      cents: breakPriceCents(unitCents, tier.percentOff),
      off: `${tier.percentOff}% off`,
      current: reached === tier,
    })),
  ];
  return (
    <section aria-labelledby={headingId} className="w-full" data-testid="quantity-breaks">
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        Buy more of one size, pay less
      </h2>
      <table className="mt-1 w-full text-left text-sm">
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Flags of this size
            </th>
            <th scope="col" className="py-1 font-medium">
              Each
            </th>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Saving</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.key} className={cn(row.current && 'bg-brand-50 font-semibold')} aria-current={row.current || undefined}>
              <td className="py-1.5 pr-2">{row.words}</td>
              <td className="py-1.5 pr-2 whitespace-nowrap tabular-nums">{formatRand(row.cents)}</td>
              <td className="py-1.5 text-brand-800">{row.off}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

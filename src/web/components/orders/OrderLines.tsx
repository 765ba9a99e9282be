import { ProductImage } from '../ui/ProductImage';
import { countryName } from '../../../shared/product';
import { formatRand } from '../../../shared/money';
import { vatIncluded, VAT_RATE_PERCENT } from '../../../shared/vat';
import type { OrderLine } from '../../../shared/orders';
import { vatVendor } from '../../lib/initial-data';

export interface OrderLinesProps {
  items: OrderLine[];
  subtotalCents: number;
  /** e.g. 'PAXI Standard collection fee' */
  feeLabel: string;
  feeCents: number;
  /** What a discount code took off. */
  discount?: { code: string; cents: number } | undefined;
  totalCents: number;
  /** Money given back so far; shown only when there is some. */
  refundedCents?: number;
}

/** The flags of an order with their pictures and line totals, then the subtotal, the delivery fee, any discount and the total. */
export function OrderLines({ items, subtotalCents, feeLabel, feeCents, discount, totalCents, refundedCents = 0 }: OrderLinesProps) {
  return (
    <div className="text-left text-sm">
      <ul className="divide-y divide-slate-200" aria-label="Flags in this order">
        {items.map((item) => (
          <li key={item.sizeId ?? item.productId} className="flex items-center gap-3 py-3" data-testid="order-line">
            <span className="h-10 w-14 shrink-0 overflow-hidden rounded border border-slate-200 bg-white">
              <ProductImage src={item.productImage} alt={`Flag of ${countryName(item.productName)}`} className="h-full w-full object-cover" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold break-words text-slate-900">{countryName(item.productName)}</span>
              {item.sizeLabel && (
                <span className="block text-xs text-slate-600" data-testid="order-line-size">
                  {item.sizeLabel}
                </span>
              )}
              <span className="block text-slate-600" data-testid="order-line-quantity">
                {item.quantity} × {formatRand(item.productPrice)}
              </span>
            </span>
            <span className="font-medium whitespace-nowrap text-slate-900" data-testid="order-line-total">
              {formatRand(item.productPrice * item.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-slate-200 pt-3">
        <div className="flex justify-between gap-3">
          <dt>Subtotal</dt>
          <dd data-testid="order-subtotal">{formatRand(subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{feeLabel}</dt>
          <dd data-testid="order-fee" className="whitespace-nowrap">
            {formatRand(feeCents)}
          </dd>
        </div>
        {discount && discount.cents > 0 && (
          <div className="flex justify-between gap-3 text-green-800">
            <dt>Discount ({discount.code})</dt>
            <dd data-testid="order-discount" className="whitespace-nowrap">
              -{formatRand(discount.cents)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-slate-300 pt-2 text-base font-bold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatRand(totalCents)}</dd>
        </div>
        {vatVendor && (
          <div className="flex justify-between gap-3 text-xs text-slate-600">
            <dt>VAT included ({VAT_RATE_PERCENT}%)</dt>
            <dd>{formatRand(vatIncluded(totalCents))}</dd>
          </div>
        )}
        {refundedCents > 0 && (
          <div className="flex justify-between gap-3 text-slate-900">
            <dt>Refunded to your card</dt>
            <dd data-testid="order-refunded">-{formatRand(refundedCents)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

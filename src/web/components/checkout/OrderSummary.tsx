import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LockKeyhole } from 'lucide-react';
import { Button } from '../ui/Button';
import { setCartPanelOpen } from '../cart/cart-panel-store';
import { ProductImage } from '../ui/ProductImage';
import { PICTURE_SIZES } from '../../../shared/picture-sizes';
import { FormAlert } from '../ui/FormAlert';
import { pointAddress, type PaxiPoint } from './paxi-points';
import { DiscountCodeField } from './DiscountCodeField';
import type { DiscountCode } from './use-discount-code';
import type { CustomerValues } from './customer-values';
import type { CartItemView } from '../../../shared/cart';
import { countryName, lineName } from '../../../shared/product';
import type { DeliveryOption } from '../../../shared/shop-facts';
import { formatRand } from '../../../shared/money';
import { VAT_RATE_PERCENT } from '../../../shared/vat';
import type { OrderPrice, PriceLine } from '../../../shared/pricing';
import type { PaymentMethodView } from '../../../shared/payment-methods';
import { vatVendor } from '../../lib/initial-data';

export type ReviewSection = 'details' | 'speed' | 'point' | 'address';

/** How the order goes, as the summary shows it: a PAXI speed and point, or a courier service and address. */
export type SummaryDelivery =
  | { method: 'paxi'; speed: DeliveryOption; point: PaxiPoint | null }
  | { method: 'courier'; service: string | undefined; address: string | undefined };

/** A courier checkout whose delivery is not priced yet: what the Pay button says instead, and whether the price is on its way. */
export interface PriceMissing {
  says: string;
  waiting: boolean;
}

interface OrderSummaryProps {
  /** The cart's lines; those no longer sold are named apart and not counted. */
  items: readonly CartItemView[];
  delivery: SummaryDelivery;
  discount: DiscountCode;
  /** The order's price (priceOrder): flags, delivery fee, discount, total and the VAT in it. */
  price: OrderPrice<PriceLine>;
  customer: CustomerValues;
  /** Moves the shopper to the part of the page that changes this. */
  onChange: (section: ReviewSection) => void;
  /** The checkout form the pay button submits. */
  formId: string;
  preparing: boolean;
  /** Set while the total lacks the delivery price: no 'Pay R…' for a total that is not the total. */
  priceMissing?: PriceMissing;
  /** The way to pay chosen, where the shop offers several: the Pay button names it. */
  payingWith?: PaymentMethodView;
  error: string | undefined;
}

function ReviewRow({ label, children, action }: { label: string; children: ReactNode; action: ReactNode }) {
  return (
    // A <dl> group holds only its <dt> and <dd>s, so the grid, not a wrapper, puts the action beside them.
    <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-3">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="col-start-1 mt-0.5 text-sm break-words text-slate-900">{children}</dd>
      <dd className="col-start-2 row-span-2 row-start-1">{action}</dd>
    </div>
  );
}

function ChangeButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="shrink-0 text-sm font-semibold text-brand-700 underline" aria-label={label}>
      Change
    </button>
  );
}

/**
 * The whole order on one card before paying (ECT Act s43(2)): the flags, where and how fast they
 * go, who collects, any discount, and the full price (with the VAT in it, for a VAT vendor), each with a way to change it.
 */
export function OrderSummary(props: OrderSummaryProps) {
  const { items, delivery, discount, price, customer, onChange, priceMissing } = props;
  const { subtotalCents, totalCents } = price;
  const applied = discount.applied;
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const buyable = items.filter((item) => item.available);
  const unavailable = items.filter((item) => !item.available);
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6 lg:sticky lg:top-24">
      <div className="flex items-center justify-between gap-3">
        <h2 id="summary-heading" className="text-xl font-semibold text-slate-900">
          Order summary
        </h2>
        <button type="button" className="text-sm font-semibold text-brand-700 underline" onClick={() => setCartPanelOpen(true)}>
          Change items
        </button>
      </div>

      {unavailable.length > 0 && (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="summary-unavailable">
          No longer available, so not in this order: {unavailable.map((item) => lineName(item)).join(', ')}. Please remove{' '}
          {unavailable.length === 1 ? 'it' : 'them'} from your cart.
        </p>
      )}

      <ul className="mt-4 divide-y divide-slate-200" aria-label="Items in your order">
        {buyable.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3 text-sm" data-testid="summary-item">
            <span className="h-10 w-14 shrink-0 overflow-hidden rounded border border-slate-200 bg-white">
              <ProductImage
                src={item.productImage}
                widths={item.productImageWidths}
                sizes={PICTURE_SIZES.summaryThumbnail}
                alt=""
                className="h-full w-full object-cover"
              />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-slate-900">{countryName(item.productName)}</span>
              <span className="block truncate text-xs text-slate-600">{item.sizeLabel}</span>
              <span className="block text-slate-600">
                {item.quantity} × {item.price}
              </span>
            </span>
            <span className="font-medium whitespace-nowrap">{formatRand(item.priceCents * item.quantity)}</span>
          </li>
        ))}
      </ul>

      <dl className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
        {delivery.method === 'paxi' ? (
          <>
            <ReviewRow label="Collection speed" action={<ChangeButton label="Change collection speed" onClick={() => onChange('speed')} />}>
              {delivery.speed.name}, {delivery.speed.time}
            </ReviewRow>
            <ReviewRow label="Collect at" action={<ChangeButton label="Change PAXI point" onClick={() => onChange('point')} />}>
              {delivery.point ? (
                <>
                  <span className="font-semibold">{delivery.point.name}</span>
                  <span className="block text-slate-600">{pointAddress(delivery.point)}</span>
                </>
              ) : (
                <span className="text-slate-600">No PAXI point chosen yet</span>
              )}
            </ReviewRow>
          </>
        ) : (
          <ReviewRow label="Courier to" action={<ChangeButton label="Change delivery address" onClick={() => onChange('address')} />}>
            {delivery.address ? <span className="block">{delivery.address}</span> : <span className="text-slate-600">No address yet</span>}
            <span className="block text-slate-600">{delivery.service ?? 'Priced as soon as the address is complete'}</span>
          </ReviewRow>
        )}
        <ReviewRow label={delivery.method === 'paxi' ? 'Collected by' : 'Contact'} action={<ChangeButton label="Change your details" onClick={() => onChange('details')} />}>
          {name || customer.email || customer.phone ? (
            <>
              {name && <span className="block font-semibold">{name}</span>}
              {customer.email && <span className="block text-slate-600">{customer.email}</span>}
              {customer.phone && <span className="block text-slate-600">{customer.phone}</span>}
            </>
          ) : (
            <span className="text-slate-600">Your details are not filled in yet</span>
          )}
        </ReviewRow>
      </dl>

      <div className="mt-4">
        <DiscountCodeField discount={discount} />
      </div>

      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatRand(subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            {delivery.method === 'paxi' ? (
              <>
                {delivery.speed.name} collection fee <span className="text-slate-600">({delivery.speed.time})</span>
              </>
            ) : (
              'Courier delivery'
            )}
          </dt>
          <dd data-testid="checkout-fee" className="whitespace-nowrap">
            {delivery.method === 'courier' && !delivery.service ? 'To be priced' : formatRand(price.delivery.feeCents)}
          </dd>
        </div>
        {applied && (
          <div className="flex justify-between gap-3 text-green-800">
            <dt>Discount ({applied.code})</dt>
            <dd data-testid="checkout-discount" className="whitespace-nowrap">
              -{formatRand(price.discount.cents)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-slate-300 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{priceMissing ? `${formatRand(totalCents)} + delivery` : formatRand(totalCents)}</dd>
        </div>
        {vatVendor && !priceMissing && (
          <div className="flex justify-between gap-3 text-xs text-slate-600">
            <dt>VAT included ({VAT_RATE_PERCENT}%)</dt>
            <dd data-testid="checkout-vat">{formatRand(price.vatCents)}</dd>
          </div>
        )}
      </dl>

      <div className="mt-5 space-y-3">
        <FormAlert id="checkout-error" message={props.error} />
        <Button type="submit" form={props.formId} size="lg" className="w-full" disabled={props.preparing || priceMissing?.waiting} aria-describedby="pay-note">
          <LockKeyhole className="h-4 w-4" aria-hidden="true" />
          {props.preparing ? 'Preparing…' : (priceMissing?.says ?? `Pay ${formatRand(totalCents)}${props.payingWith ? ` ${props.payingWith.pays}` : ''}`)}
        </Button>
        <p id="pay-note" className="text-xs leading-5 text-slate-600">
          {priceMissing
            ? "The courier prices delivery as soon as your address is complete; then the total shows, and you go to our secure card payment page to pay it. "
            : props.payingWith
              ? `Next you pay ${formatRand(totalCents)} ${props.payingWith.pays}: ${props.payingWith.covers}. `
              : `Next you go to our secure card payment page to pay ${formatRand(totalCents)}. `}
          Nothing is charged until you confirm there, and until then you can come back, change your order or cancel. By paying you accept our{' '}
          <Link to="/terms-of-service" className="font-semibold text-brand-700 underline">
            terms of service
          </Link>{' '}
          and{' '}
          <Link to="/returns-policy" className="font-semibold text-brand-700 underline">
            returns policy
          </Link>
          .
        </p>
      </div>
    </aside>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MapPin } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { PaxiPointFinder } from '../components/checkout/PaxiPointFinder';
import { rememberChosenPoint } from '../components/checkout/checkout-storage';
import type { PaxiPoint } from '../components/checkout/paxi-points';
import { useCart } from '../components/cart/use-cart';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { staticPageMeta } from '../../shared/page-meta';
import { paxi, PAXI_EXPRESS, PAXI_STANDARD } from '../../shared/shop-facts';

/** /paxi-finder: where a shopper could collect, before or without buying; the choice carries to checkout. */
export default function PaxiFinderPage() {
  usePageMeta(staticPageMeta('paxiFinder', shop.name));
  const [point, setPoint] = useState<PaxiPoint | null>(null);
  const { items } = useCart();
  const navigate = useNavigate();
  const hasItems = items.length > 0;

  const collectHere = () => {
    if (!point) return;
    rememberChosenPoint(point);
    void navigate(hasItems ? '/checkout' : '/shop');
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-slate-900">
        <MapPin className="h-7 w-7 text-brand-700" aria-hidden="true" />
        Find a PAXI Point
      </h1>
      <p className="mt-3 text-slate-700">
        We send every order to a PAXI point of your choice: {paxi.pointCount} {paxi.storesText} stores across South Africa. Standard
        collection costs {PAXI_STANDARD.feeLabel} ({PAXI_STANDARD.time}), express {PAXI_EXPRESS.feeLabel} ({PAXI_EXPRESS.time}).
      </p>
      <div className="mt-6">
        <PaxiPointFinder selected={point} onSelect={setPoint} />
      </div>
      {point && (
        <div className="mt-4 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between" role="status">
          <p className="text-sm text-brand-900">
            <span className="font-semibold">{point.name}</span> will be chosen for you at checkout.
          </p>
          <Button type="button" onClick={collectHere}>
            {hasItems ? 'Collect here: go to checkout' : 'Collect here: shop flags'}
          </Button>
        </div>
      )}
    </div>
  );
}

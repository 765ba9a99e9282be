import { Info } from 'lucide-react';

/** Shown on every page of a demo shop (SHOP_DEMO=true), so nobody takes it for a real one. */
export function DemoBanner() {
  return (
    <section aria-label="Demo shop" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-amber-950">
      <p className="mx-auto flex max-w-7xl items-start gap-2 text-sm sm:items-center">
        <Info className="mt-0.5 h-4 w-4 shrink-0 sm:mt-0" aria-hidden="true" />
        <span>
          <strong>This is a demo shop.</strong> No real payment is taken and no order will be sent: use the test payment page, not
          your own card details.
        </span>
      </p>
    </section>
  );
}

import { forwardRef } from 'react';
import { RadioCards, type RadioCard } from '../ui/RadioCards';
import { PAXI_EXPRESS, PAXI_STANDARD } from '../../../shared/shop-facts';
import type { DeliveryMethod } from '../../../shared/delivery';

interface DeliveryMethodChoiceProps {
  value: DeliveryMethod;
  onChange: (method: DeliveryMethod) => void;
}

const cards: RadioCard<DeliveryMethod>[] = [
  {
    value: 'paxi',
    title: `PAXI collection — from ${PAXI_STANDARD.feeLabel}`,
    text: `Collect at a PEP or other PAXI point near you, ${PAXI_EXPRESS.minBusinessDays}-${PAXI_STANDARD.maxBusinessDays} business days`,
  },
  { value: 'courier', title: 'Courier to your door', text: 'To your home, school or office; priced for your address' },
];

/** PAXI collection, as the spec has it, or a courier to a street address. */
export const DeliveryMethodChoice = forwardRef<HTMLInputElement, DeliveryMethodChoiceProps>(function DeliveryMethodChoice({ value, onChange }, ref) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">Delivery</h2>
      </legend>
      <RadioCards name="deliveryChoice" cards={cards} value={value} onChange={onChange} checkedRef={ref} className="clear-both pt-4" />
    </fieldset>
  );
});

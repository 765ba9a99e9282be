import { forwardRef } from 'react';
import { RadioCards } from '../ui/RadioCards';
import { deliveryOptions, findDeliveryOption, type DeliveryOption } from '../../../shared/shop-facts';

interface DeliverySpeedChoiceProps {
  value: DeliveryOption;
  onChange: (option: DeliveryOption) => void;
}

const cards = deliveryOptions.map((option) => ({ value: option.method, title: `${option.name} — ${option.feeLabel}`, text: `${option.time} to your PAXI point` }));

/** PAXI standard or express, each with its fee and time from the shop's facts; standard first. */
export const DeliverySpeedChoice = forwardRef<HTMLInputElement, DeliverySpeedChoiceProps>(function DeliverySpeedChoice({ value, onChange }, ref) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">Collection speed</h2>
      </legend>
      <RadioCards
        name="deliveryMethod"
        cards={cards}
        value={value.method}
        onChange={(method) => onChange(findDeliveryOption(method)!)}
        checkedRef={ref}
        className="clear-both pt-4"
      />
    </fieldset>
  );
});

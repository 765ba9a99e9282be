import { forwardRef } from 'react';
import { deliveryOptions, type DeliveryOption } from '../../../shared/shop-facts';

interface DeliverySpeedChoiceProps {
  value: DeliveryOption;
  onChange: (option: DeliveryOption) => void;
}

/** PAXI standard or express, each with its fee and time from the shop's facts; standard first. */
export const DeliverySpeedChoice = forwardRef<HTMLInputElement, DeliverySpeedChoiceProps>(function DeliverySpeedChoice({ value, onChange }, ref) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">Collection speed</h2>
      </legend>
      <div className="clear-both grid gap-3 pt-4 sm:grid-cols-2">
        {deliveryOptions.map((option) => (
          <label
            key={option.method}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              ref={value.method === option.method ? ref : undefined}
              type="radio"
              name="deliveryMethod"
              value={option.method}
              checked={value.method === option.method}
              onChange={() => onChange(option)}
              className="mt-1 accent-brand-700"
            />
            <span>
              <span className="block font-semibold text-slate-900">
                {option.name} — {option.feeLabel}
              </span>
              <span className="block text-sm text-slate-600">{option.time} to your PAXI point</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
});

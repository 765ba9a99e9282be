import { RadioCards, type RadioCard } from '../ui/RadioCards';
import type { PaymentMethodView } from '../../../shared/payment-methods';

interface PaymentMethodChoiceProps {
  methods: readonly PaymentMethodView[];
  value: string;
  onChange: (name: string) => void;
}

/** How the shopper pays, when the shop offers more than one way (PAYMENT_PROVIDERS): each way's name and what it covers. */
export function PaymentMethodChoice({ methods, value, onChange }: PaymentMethodChoiceProps) {
  const cards: RadioCard<string>[] = methods.map((method) => ({ value: method.name, title: method.label, text: method.covers }));
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">How would you like to pay?</h2>
      </legend>
      <RadioCards name="paymentMethod" cards={cards} value={value} onChange={onChange} className="clear-both pt-4" />
    </fieldset>
  );
}

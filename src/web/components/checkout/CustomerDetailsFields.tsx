import { forwardRef, useImperativeHandle, useRef, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../profile/ProfileField';
import type { CustomerErrors, CustomerField, CustomerValues } from './customer-details';

export interface CustomerDetailsHandle {
  focus: (field: CustomerField) => void;
}

interface CustomerDetailsFieldsProps {
  values: CustomerValues;
  errors: CustomerErrors;
  onChange: (field: CustomerField, value: string) => void;
  onBlur: (field: CustomerField) => void;
}

/** Who pays and collects: the name on the ID shown at the PAXI point, the email for the receipt, the cellphone for the SMS. */
export const CustomerDetailsFields = forwardRef<CustomerDetailsHandle, CustomerDetailsFieldsProps>(function CustomerDetailsFields(
  { values, errors, onChange, onBlur },
  ref,
) {
  const inputs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
  };
  useImperativeHandle(ref, () => ({ focus: (field) => inputs[field].current?.focus() }));

  const props = (field: CustomerField) => ({
    id: `checkout-${field}`,
    name: field,
    ref: inputs[field],
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value),
    onBlur: () => onBlur(field),
  });

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">Your details</h2>
      </legend>
      <p className="clear-both pt-1 text-sm text-slate-600">
        We use these only for this order: the receipt by email, and an SMS when your parcel reaches the PAXI point. See our{' '}
        <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <TextField {...props('firstName')} label="First name" type="text" autoComplete="given-name" maxLength={50} />
        <TextField {...props('lastName')} label="Last name" type="text" autoComplete="family-name" maxLength={50} />
        <TextField {...props('email')} label="Email" type="email" autoComplete="email" inputMode="email" maxLength={255} />
        <TextField
          {...props('phone')}
          label="Cellphone number"
          hint="e.g. 082 123 4567 or +27 82 123 4567"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
        />
      </div>
    </fieldset>
  );
});

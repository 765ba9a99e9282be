import { Link } from 'react-router';
import { emailInput, phoneInput, TextField } from '../ui/Field';
import type { ValidatedForm } from '../ui/use-validated-form';
import type { CustomerField, CustomerValues } from './customer-details';
import type { CustomerInfo } from '../../../shared/checkout';

/** Who pays and collects: the name on the ID shown at the PAXI point, the email for the receipt, the cellphone for the SMS. */
export function CustomerDetailsFields({ form }: { form: Pick<ValidatedForm<CustomerField, CustomerValues, CustomerInfo>, 'field'> }) {
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
        <TextField {...form.field('firstName')} label="First name" type="text" autoComplete="given-name" maxLength={50} />
        <TextField {...form.field('lastName')} label="Last name" type="text" autoComplete="family-name" maxLength={50} />
        <TextField {...form.field('email')} {...emailInput} label="Email" maxLength={255} />
        <TextField {...form.field('phone')} {...phoneInput} label="Cellphone number" hint="e.g. 082 123 4567 or +27 82 123 4567" maxLength={20} />
      </div>
    </fieldset>
  );
}

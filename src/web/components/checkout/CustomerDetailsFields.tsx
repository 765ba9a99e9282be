import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { emailInput, phoneInput, TextField } from '../ui/Field';
import { vatVendor } from '../../lib/initial-data';
import type { ValidatedForm } from '../ui/use-validated-form';
import type { CustomerField, CustomerValues } from './customer-values';
import type { CustomerInfo } from '../../../shared/checkout';

/** A box under the details: what they are kept for, and whether the shopper wants it. */
export interface DetailsKept {
  name: 'saveToProfile' | 'createAccount';
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

interface CustomerDetailsFieldsProps {
  form: Pick<ValidatedForm<CustomerField, CustomerValues, CustomerInfo>, 'field' | 'values'>;
  /** Above R5,000 a VAT vendor's tax invoice names the buyer's address: the invoice fields open and the address is asked for. */
  addressRequired: boolean;
  /**
   * What the details are kept for, asked under them: a signed-in shopper's 'Save this information
   * for next time', or a guest's 'Create an account with these details'.
   */
  keep?: DetailsKept;
  /** What the texts are about: the parcel at the PAXI point, or the courier on its way to the door. */
  byCourier: boolean;
  /** Signed in: the receipt and tax invoice go to the account's verified address, shown here and not typed. */
  accountEmail?: string;
}

/** Who pays and receives: the name on the ID shown at the PAXI point or signed for at the door, the email for the receipt, the cellphone for the SMS. */
export function CustomerDetailsFields({ form, addressRequired, keep, byCourier, accountEmail }: CustomerDetailsFieldsProps) {
  const { company, vatNumber, billingAddress } = form.values;
  const invoiceFieldsOpen = addressRequired || company !== '' || vatNumber !== '' || billingAddress !== '';
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">Your details</h2>
      </legend>
      <p className="clear-both pt-1 text-sm text-slate-600">
        We use these only for this order: the receipt by email, and{' '}
        {byCourier ? 'SMS messages with the tracking number and on the day the courier delivers' : 'an SMS when your parcel reaches the PAXI point'}. See our{' '}
        <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <TextField {...form.field('firstName')} label="First name" type="text" autoComplete="given-name" maxLength={50} />
        <TextField {...form.field('lastName')} label="Last name" type="text" autoComplete="family-name" maxLength={50} />
        {accountEmail ? (
          <TextField
            {...form.field('email')}
            {...emailInput}
            value={accountEmail}
            readOnly
            label="Email"
            hint={
              <>
                Your account&apos;s verified address: the receipt and tax invoice go here. It is the address you sign in with, shown in{' '}
                <Link to="/profile#account" className="font-semibold text-brand-700 underline">
                  My Profile
                </Link>
                .
              </>
            }
          />
        ) : (
          <TextField {...form.field('email')} {...emailInput} label="Email" maxLength={255} />
        )}
        <TextField {...form.field('phone')} {...phoneInput} label="Cellphone number" hint="e.g. 082 123 4567 or +27 82 123 4567" maxLength={20} />
      </div>
      {/* Open by itself when it holds something or the address is needed, so nothing asked for is hidden. */}
      <details className="group mt-5 rounded-lg border border-slate-200 p-4 open:pb-5" open={invoiceFieldsOpen || undefined}>
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
          {addressRequired ? 'Your address for the tax invoice' : 'Buying for a company? Add its details to the invoice'}
          <ChevronDown className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="mt-3 grid gap-5 sm:grid-cols-2">
          <TextField {...form.field('company')} label="Company name (optional)" type="text" autoComplete="organization" maxLength={100} />
          {/* The buyer's VAT number matters only on a VAT vendor's tax invoice. */}
          {vatVendor && (
            <TextField
              {...form.field('vatNumber')}
              label="VAT number (optional)"
              hint="10 digits, starting with 4"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
            />
          )}
          <TextField
            {...form.field('billingAddress')}
            className="sm:col-span-2"
            label={addressRequired ? 'Address' : 'Address (optional)'}
            hint={addressRequired ? 'Orders over R5 000 get a full tax invoice, which names your address.' : 'Street, suburb, town and postal code, as the invoice should show it.'}
            type="text"
            autoComplete="street-address"
            maxLength={300}
          />
        </div>
      </details>
      {keep && (
        <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            name={keep.name}
            checked={keep.checked}
            onChange={(event) => keep.onChange(event.target.checked)}
            aria-describedby={`checkout-${keep.name}-hint`}
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          />
          <span>
            <span className="font-medium">{keep.label}</span>
            <span id={`checkout-${keep.name}-hint`} className="block text-slate-600">
              {keep.hint}
            </span>
          </span>
        </label>
      )}
    </fieldset>
  );
}

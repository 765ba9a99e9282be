import { SelectField, TextField } from '../ui/Field';
import { Button } from '../ui/Button';
import { FormAlert } from '../ui/FormAlert';
import { RadioCards } from '../ui/RadioCards';
import type { ValidatedForm } from '../ui/use-validated-form';
import { fromSavedAddress, type CourierAddressField, type CourierAddressValues } from './courier-address';
import { formatRand } from '../../../shared/money';
import { provinces, type SavedAddress } from '../../../shared/profile';
import { shortAddress, type CourierAddress, type CourierRateView, type CourierServiceLevel } from '../../../shared/delivery';

const provinceOptions = provinces.map((value) => ({ value, label: value }));

interface CourierDeliveryProps {
  form: Pick<ValidatedForm<CourierAddressField, CourierAddressValues, CourierAddress>, 'field' | 'values' | 'setValues'>;
  /** The shopper's address book, to start from one of them. */
  savedAddresses: readonly SavedAddress[];
  saveAddress: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
  /** The courier's prices for this address and cart; undefined until asked. */
  rates: readonly CourierRateView[] | undefined;
  chosen: CourierServiceLevel | undefined;
  onChoose: (level: CourierServiceLevel) => void;
  onAskRates: () => void;
  asking: boolean;
  /** Why there are no prices: the courier does not deliver there, or could not be reached. */
  problem: string | undefined;
  onChoosePaxi: () => void;
}

/** The street address the courier brings the flags to, and the courier's services and prices for it. */
export function CourierDelivery(props: CourierDeliveryProps) {
  const { form, savedAddresses, rates, chosen } = props;
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6" data-testid="courier-delivery">
      <legend className="float-left w-full">
        <h2 className="text-xl font-semibold text-slate-900">Delivery address</h2>
      </legend>
      <p className="clear-both pt-1 text-sm text-slate-600">A South African street address. Someone there must sign for the parcel.</p>
      {savedAddresses.length > 0 && (
        <SelectField
          id="courier-saved-address"
          name="savedAddress"
          className="mt-4"
          label="Use a saved address"
          placeholder="Choose from My Profile"
          value=""
          options={savedAddresses.map((saved) => ({ value: saved.id, label: shortAddress(saved) }))}
          onChange={(event) => {
            const saved = savedAddresses.find((address) => address.id === event.target.value);
            if (saved) form.setValues((current) => fromSavedAddress(saved, current));
          }}
        />
      )}
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <TextField {...form.field('street')} className="sm:col-span-2" label="Street address" type="text" autoComplete="address-line1" maxLength={255} />
        <TextField {...form.field('suburb')} label="Suburb" type="text" autoComplete="address-level3" maxLength={100} />
        <TextField {...form.field('city')} label="City or town" type="text" autoComplete="address-level2" maxLength={100} />
        <SelectField {...form.field('province')} label="Province" options={provinceOptions} placeholder="Choose a province" />
        <TextField {...form.field('postalCode')} label="Postal code" type="text" inputMode="numeric" autoComplete="postal-code" maxLength={4} />
        <TextField {...form.field('company')} label="Company or school (optional)" type="text" autoComplete="organization" maxLength={100} />
        <TextField
          {...form.field('instructions')}
          label="Delivery instructions (optional)"
          hint="e.g. Reception, ask for Ms Daniels"
          type="text"
          autoComplete="off"
          maxLength={300}
        />
      </div>
      {props.saveAddress && (
        <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            name="saveAddress"
            checked={props.saveAddress.checked}
            onChange={(event) => props.saveAddress!.onChange(event.target.checked)}
            className="h-5 w-5 shrink-0 accent-brand-700"
          />
          <span className="font-medium">Save this address to My Profile</span>
        </label>
      )}
      {/* Prices arrive by themselves while the shopper is typing elsewhere: a screen reader hears them come. */}
      <div className="mt-5" aria-live="polite">
        {rates ? (
          <div role="radiogroup" aria-label="Courier service">
            <RadioCards
              name="courierService"
              cards={rates.map((rate) => ({ value: rate.serviceLevel, title: `${rate.name} — ${formatRand(rate.priceCents)}`, text: 'To your door, VAT included' }))}
              value={chosen}
              onChange={props.onChoose}
            />
          </div>
        ) : props.asking ? (
          <p className="text-sm text-slate-700">Getting the courier's prices for this address…</p>
        ) : (
          <div className="space-y-2">
            {!props.problem && <p className="text-sm text-slate-600">The courier's prices appear here as soon as the address is complete.</p>}
            <Button type="button" variant="outline" onClick={props.onAskRates}>
              Get delivery prices
            </Button>
          </div>
        )}
        {props.problem && (
          <div className="mt-3 space-y-2">
            <FormAlert id="courier-problem" message={props.problem} />
            <Button type="button" variant="outline" size="sm" onClick={props.onChoosePaxi}>
              Collect at a PAXI point instead
            </Button>
          </div>
        )}
      </div>
    </fieldset>
  );
}

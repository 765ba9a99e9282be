import { messageOf } from '../../lib/api';
import { Button } from '../ui/Button';
import { Dialog, DialogClose } from '../ui/Dialog';
import { SelectField, TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { toast } from '../ui/toast-store';
import { useValidatedForm } from '../ui/use-validated-form';
import { useSaveAddress } from '../account/use-profile';
import {
  addressInputSchema,
  addressTypeLabels,
  addressTypes,
  DEFAULT_COUNTRY,
  provinces,
  type SavedAddress,
} from '../../../shared/profile';

type Field = 'type' | 'street' | 'suburb' | 'city' | 'province' | 'postalCode';
type Values = Record<Field, string> & { isDefault: boolean };
const fields: Field[] = ['type', 'street', 'suburb', 'city', 'province', 'postalCode'];
const typeOptions = addressTypes.map((value) => ({ value, label: addressTypeLabels[value] }));
const provinceOptions = provinces.map((value) => ({ value, label: value }));

function initialValues(address: SavedAddress | undefined): Values {
  return {
    type: address?.type ?? 'home',
    street: address?.street ?? '',
    suburb: address?.suburb ?? '',
    city: address?.city ?? '',
    province: address?.province ?? '',
    postalCode: address?.postalCode ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

interface AddressDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address being edited; none to add a new one. */
  address?: SavedAddress;
  /** The first address is the default whatever the box says, so the box is not offered. */
  isFirst: boolean;
}

/** Adds or edits an address in a dialog; the fields are checked with the rules the server uses. */
export function AddressDialog({ open, onOpenChange, address, isFirst }: AddressDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={address ? 'Edit Address' : 'Add Address'}>
      {open && <AddressForm address={address} isFirst={isFirst} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AddressForm({ address, isFirst, onDone }: { address?: SavedAddress; isFirst: boolean; onDone: () => void }) {
  const save = useSaveAddress();
  const form = useValidatedForm({
    initial: () => initialValues(address),
    fields,
    parse: (values) => addressInputSchema.safeParse({ ...values, country: DEFAULT_COUNTRY }),
    idPrefix: 'address',
  });

  const onSubmit = form.onSubmit(save.isPending, (parsed) =>
    save.mutate(
      { id: address?.id, address: parsed },
      {
        onSuccess: () => {
          toast(
            address
              ? { title: 'Address Updated', description: 'Your address has been saved.' }
              : { title: 'Address Added', description: 'The address has been added to your profile.' },
          );
          onDone();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <SelectField {...form.field('type')} label="Address type" options={typeOptions} />
      <TextField {...form.field('street')} label="Street address" type="text" autoComplete="address-line1" maxLength={255} />
      <TextField {...form.field('suburb')} label="Suburb" hint="The courier needs it for delivery to your door" type="text" autoComplete="address-level3" maxLength={100} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('city')} label="City or town" type="text" autoComplete="address-level2" maxLength={100} />
        <TextField
          {...form.field('postalCode')}
          label="Postal code"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
        />
      </div>
      <SelectField {...form.field('province')} label="Province" options={provinceOptions} placeholder="Choose a province" />
      <p className="text-sm text-slate-600">
        Country: <span className="font-medium text-slate-900">{DEFAULT_COUNTRY}</span> (we deliver in South Africa only)
      </p>
      {!isFirst && !address?.isDefault && (
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            name="isDefault"
            checked={form.values.isDefault}
            onChange={(e) => form.setValues({ ...form.values, isDefault: e.target.checked })}
            className="h-4 w-4 accent-brand-700"
          />
          Make this my default address
        </label>
      )}
      <FormAlert id="address-form-error" message={save.isError ? messageOf(save.error, 'Failed to save the address. Please try again.') : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Address'}
        </Button>
      </div>
    </form>
  );
}

import type { FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { messageOf } from '../../lib/api';
import { Button, buttonClasses } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { FormAlert, SelectField, TextField } from './ProfileField';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveAddress } from './use-profile';
import {
  addressInputSchema,
  addressTypeLabels,
  addressTypes,
  DEFAULT_COUNTRY,
  provinces,
  type SavedAddress,
} from '../../../shared/profile';

type Field = 'type' | 'street' | 'city' | 'province' | 'postalCode';
type Values = Record<Field, string> & { isDefault: boolean };
const fields: Field[] = ['type', 'street', 'city', 'province', 'postalCode'];
const typeOptions = addressTypes.map((value) => ({ value, label: addressTypeLabels[value] }));
const provinceOptions = provinces.map((value) => ({ value, label: value }));

function initialValues(address: SavedAddress | undefined): Values {
  return {
    type: address?.type ?? 'home',
    street: address?.street ?? '',
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          aria-describedby={undefined}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-xl font-bold text-slate-900">{address ? 'Edit Address' : 'Add Address'}</Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {open && <AddressForm address={address} isFirst={isFirst} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AddressForm({ address, isFirst, onDone }: { address?: SavedAddress; isFirst: boolean; onDone: () => void }) {
  const save = useSaveAddress();
  const form = useSchemaForm({
    initial: () => initialValues(address),
    fields,
    parse: (values) => addressInputSchema.safeParse({ ...values, country: DEFAULT_COUNTRY }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = form.submit();
    if (!parsed) return;
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
    );
  };

  const common = (field: Field) => ({
    id: `address-${field}`,
    name: field,
    ref: form.register(field),
    value: form.values[field],
    onChange: form.onChange,
    error: form.errors[field],
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <SelectField {...common('type')} label="Address type" options={typeOptions} />
      <TextField {...common('street')} label="Street address" type="text" autoComplete="street-address" maxLength={255} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...common('city')} label="City or town" type="text" autoComplete="address-level2" maxLength={100} />
        <TextField
          {...common('postalCode')}
          label="Postal code"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
        />
      </div>
      <SelectField {...common('province')} label="Province" options={provinceOptions} placeholder="Choose a province" />
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
        <Dialog.Close asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Address'}
        </Button>
      </div>
    </form>
  );
}

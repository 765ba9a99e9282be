import { useState } from 'react';
import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import { AddressDialog } from './AddressDialog';
import { ProfileSection } from './ProfileSection';
import { useMakeDefaultAddress, useRemoveAddress } from '../account/use-profile';
import { addressTypeLabels, MAX_ADDRESSES, type SavedAddress } from '../../../shared/profile';

function AddressCard({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const makeDefault = useMakeDefaultAddress();
  const remove = useRemoveAddress();
  const label = addressTypeLabels[address.type];
  return (
    <li
      className={cn('flex flex-col gap-3 rounded-lg border p-4', address.isDefault ? 'border-brand-600 bg-brand-50/40' : 'border-slate-200')}
      data-testid="address-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <MapPin className="h-4 w-4 text-brand-700" aria-hidden="true" />
        <span className="font-semibold text-slate-900">{label}</span>
        {address.isDefault && (
          <span className="rounded-full border border-brand-100 bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
            Default
          </span>
        )}
      </div>
      <address className="text-sm leading-6 text-slate-700 not-italic">
        {address.street}
        <br />
        {address.suburb && (
          <>
            {address.suburb}
            <br />
          </>
        )}
        {address.city}, {address.postalCode}
        <br />
        {address.province}, {address.country}
      </address>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit: ${address.street}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
        </Button>
        {!address.isDefault && (
          <Button
            variant="outline"
            size="sm"
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate(address)}
            aria-label={`Make default: ${address.street}`}
          >
            <Star className="h-4 w-4" aria-hidden="true" /> Make default
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700"
          disabled={remove.isPending}
          onClick={() => remove.mutate(address)}
          aria-label={`Remove: ${address.street}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
        </Button>
      </div>
    </li>
  );
}

/** The saved addresses: add, edit, remove and choose the default. */
export function AddressBook({ addresses }: { addresses: SavedAddress[] }) {
  const [dialog, setDialog] = useState<{ open: boolean; address?: SavedAddress }>({ open: false });
  const full = addresses.length >= MAX_ADDRESSES;

  return (
    <ProfileSection
      id="addresses"
      title="Addresses"
      description="Where you would like your flags to go. The default address is suggested first."
      action={
        <Button size="sm" onClick={() => setDialog({ open: true })} disabled={full}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add Address
        </Button>
      }
    >
      {addresses.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No saved addresses yet.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} onEdit={() => setDialog({ open: true, address })} />
          ))}
        </ul>
      )}
      {full && <p className="mt-4 text-sm text-slate-600">You can save up to {MAX_ADDRESSES} addresses. Remove one to add another.</p>}
      <AddressDialog
        open={dialog.open}
        address={dialog.address}
        isFirst={addresses.length === 0}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </ProfileSection>
  );
}

import { useId } from 'react';
import { messageOf } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { toast } from '../../ui/toast-store';
import { useValidatedForm } from '../../ui/use-validated-form';
import { ProductPictures } from './ProductPictures';
import { SizesEditor } from './SizesEditor';
import { NO_REGION, parseProductForm, productFields, productFormValues, shopperName, suggestedRegion } from './product-form';
import { useSaveProduct } from './use-admin-products';
import { shopVisibility, type AdminProduct } from '../../../../shared/product-admin';
import { regions } from '../../../../shared/regions';
import { countryName } from '../../../../shared/product';
import { vatVendor } from '../../../lib/initial-data';

const regionOptions = [...regions.map((region) => ({ value: region, label: region })), { value: NO_REGION, label: 'None (listed under All only)' }];

/** Where the flag stands with shoppers once saved, in words beside the choices that decide it. */
function visibilityNote(values: { isActive: boolean; showWithoutPicture: boolean }, product: AdminProduct | undefined): string {
  const images = product?.images ?? [];
  switch (shopVisibility({ ...values, images })) {
    case 'hidden':
      return 'Hidden: shoppers cannot find or buy this flag.';
    case 'waiting-for-picture':
      return 'Hidden until it has a picture: add one below once the flag is saved, or tick "Show it before it has a picture".';
    default:
      return images.length > 0 ? 'In the shop with its pictures.' : 'In the shop now, with a placeholder picture until one is added.';
  }
}

interface ProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The flag being edited; undefined to add a new one. */
  product: AdminProduct | undefined;
  /** A new flag was added: the dialog goes on with it, so its pictures can be added. */
  onCreated: (product: AdminProduct) => void;
}

/** Adds or edits a flag: its details first, then (once it exists) its sizes and pictures. */
export function ProductDialog({ open, onOpenChange, product, onCreated }: ProductDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? `Edit ${countryName(product.name)}` : 'Add a Flag'}
      description={product ? undefined : 'A new flag stays hidden from the shop until it has a picture. Pictures can be added once it is saved.'}
      width="2xl"
    >
      {open && (
        <div className="space-y-8">
          <ProductForm key={product?.id ?? 'new'} product={product} onCreated={onCreated} onDone={() => onOpenChange(false)} />
          {product && <SizesEditor product={product} />}
          {product && <ProductPictures product={product} />}
        </div>
      )}
    </Dialog>
  );
}

function ProductForm({ product, onCreated, onDone }: { product: AdminProduct | undefined; onCreated: (product: AdminProduct) => void; onDone: () => void }) {
  const id = useId();
  const save = useSaveProduct();
  const form = useValidatedForm({ initial: () => productFormValues(product), fields: productFields, parse: parseProductForm, idPrefix: id });

  const onSubmit = form.onSubmit(save.isPending, (input) =>
    save.mutate(
      { id: product?.id, input },
      {
        onSuccess: (saved) => {
          if (product) {
            toast({ title: 'Flag Saved', description: `${countryName(saved.name)} has been updated.` });
            onDone();
          } else {
            toast({ title: 'Flag Added', description: `${countryName(saved.name)} has been added. You can add its pictures now.` });
            onCreated(saved);
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={product ? `Details of ${countryName(product.name)}` : 'New flag'}>
      <TextField
        {...form.field('name')}
        // A country the shop knows fills in its region, until the owner chooses one.
        onBlur={() => form.setValues((current) => ({ ...current, region: suggestedRegion(current) }))}
        label="Flag name"
        hint={form.values.name.trim() ? `Shoppers see it as ${shopperName(form.values.name)}.` : 'The country, as shoppers see it, like South Africa.'}
        type="text"
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        {...form.field('slug')}
        label="Web address"
        hint={product ? 'Changing it breaks links people saved to this flag.' : 'Leave empty to make it from the name, like south-africa.'}
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
      />
      <TextAreaField {...form.field('description')} label="Description" rows={4} maxLength={5000} />
      <SelectField
        {...form.field('region')}
        label="Region"
        hint="The region tab of the shop that lists it. Every flag is also under All."
        placeholder="Choose a region"
        options={regionOptions}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...form.field('priceCents')} label="Price (R)" hint={vatVendor ? 'VAT included, like 130.00.' : 'Like 130.00.'} type="text" inputMode="decimal" autoComplete="off" />
        <TextField {...form.field('salePriceCents')} label="Sale price (R)" hint="Optional; lower than the price." type="text" inputMode="decimal" autoComplete="off" />
        <TextField {...form.field('stockQuantity')} label="Stock" hint="Flags left to sell. Empty: not counted." type="text" inputMode="numeric" autoComplete="off" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Packing, for the courier</legend>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <TextField {...form.field('weightGrams')} label="Weight (g)" hint="One flag, packed." type="text" inputMode="numeric" autoComplete="off" />
          <TextField {...form.field('foldedLengthCm')} label="Folded length (cm)" type="text" inputMode="numeric" autoComplete="off" />
          <TextField {...form.field('foldedWidthCm')} label="Folded width (cm)" type="text" inputMode="numeric" autoComplete="off" />
          <TextField {...form.field('foldedHeightCm')} label="Folded height (cm)" type="text" inputMode="numeric" autoComplete="off" />
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">In the shop</legend>
        <Checkbox name="isActive" checked={form.values.isActive} onChange={(isActive) => form.setValues({ ...form.values, isActive })}>
          Shown in the shop
        </Checkbox>
        <Checkbox
          name="showWithoutPicture"
          checked={form.values.showWithoutPicture}
          onChange={(showWithoutPicture) => form.setValues({ ...form.values, showWithoutPicture })}
        >
          Show it before it has a picture (shoppers see a placeholder)
        </Checkbox>
        <Checkbox name="featured" checked={form.values.featured} onChange={(featured) => form.setValues({ ...form.values, featured })}>
          Featured (badge on the shop card)
        </Checkbox>
        <p className="text-sm text-slate-700" data-testid="visibility-note">
          {visibilityNote(form.values, product)}
        </p>
      </fieldset>
      <FormAlert id={`${id}-error`} message={save.isError ? messageOf(save.error, 'Failed to save the flag. Please try again.') : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {product ? 'Cancel' : 'Close'}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : product ? 'Save Changes' : 'Add Flag'}
        </Button>
      </div>
    </form>
  );
}

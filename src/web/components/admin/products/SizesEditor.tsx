import { useId, useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { messageOf } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { toast } from '../../ui/toast-store';
import { useValidatedForm, type ValidatedForm } from '../../ui/use-validated-form';
import { useMovingFocus } from './use-moving-focus';
import { movedSizeOrder, parseNewSize, parseSizeChange, sizeFields, sizeFormValues, type SizeField, type SizeFormValues } from './size-form';
import { useAddSize, useReorderSizes, useUpdateSize } from './use-admin-products';
import { formatRand } from '../../../../shared/money';
import { countryName } from '../../../../shared/product';
import { MAX_SIZES_PER_FLAG, type AdminProduct, type AdminProductSize } from '../../../../shared/product-admin';
import { MoveArrows } from './MoveArrows';
import { vatVendor } from '../../../lib/initial-data';

const pill = 'inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/** The flag's sizes in the owner's order (the first is the main size), each to edit, switch off or move; and a new one to add. */
export function SizesEditor({ product }: { product: AdminProduct }) {
  const headingId = useId();
  const reorder = useReorderSizes();
  const [announcement, setAnnouncement] = useState('');
  const sizes = product.allSizes;
  const focus = useMovingFocus(sizes.map((size) => size.id));

  const move = (index: number, direction: 'up' | 'down') => {
    if (reorder.isPending) return;
    const target = direction === 'up' ? index - 1 : index + 1;
    const moved = sizes[index]!;
    reorder.mutate(
      { productId: product.id, order: movedSizeOrder(sizes, index, direction) },
      {
        onSuccess: () => {
          focus.moved(moved.id, direction, target);
          setAnnouncement(target === 0 ? `${moved.label} is now the main size.` : `${moved.label} moved to place ${target + 1} of ${sizes.length}.`);
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 border-t border-slate-200 pt-6" data-testid="product-sizes">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Sizes
        </h3>
        <p className="text-sm text-slate-600">
          Shoppers see the first size first: it is the flag&apos;s main size, whose price the shop lists. A switched-off size stays here but is not sold.
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <FormAlert id={`${headingId}-error`} message={reorder.isError ? messageOf(reorder.error, 'Failed to reorder the sizes. Please try again.') : undefined} />
      <ol className="space-y-3">
        {sizes.map((size, index) => (
          <SizeRow
            key={size.id}
            product={product}
            size={size}
            index={index}
            count={sizes.length}
            moving={reorder.isPending}
            onMove={(direction) => move(index, direction)}
            arrowRef={focus.arrowRef(size.id)}
          />
        ))}
      </ol>
      <AddSize product={product} />
    </section>
  );
}

interface SizeRowProps {
  product: AdminProduct;
  size: AdminProductSize;
  index: number;
  count: number;
  moving: boolean;
  onMove: (direction: 'up' | 'down') => void;
  arrowRef: (direction: 'up' | 'down', element: HTMLButtonElement | null) => void;
}

function SizeRow({ product, size, index, count, moving, onMove, arrowRef }: SizeRowProps) {
  const id = useId();
  const update = useUpdateSize();
  const [editing, setEditing] = useState(false);

  const switchOver = () => {
    if (update.isPending) return;
    update.mutate(
      { productId: product.id, sizeId: size.id, change: { isActive: !size.isActive } },
      {
        onSuccess: () =>
          toast(
            size.isActive
              ? { title: 'Size Switched Off', description: `${countryName(product.name)} is no longer sold in ${size.label}.` }
              : { title: 'Size Switched On', description: `${countryName(product.name)} is sold in ${size.label} again.` },
          ),
      },
    );
  };

  return (
    <li className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-3" data-testid="product-size">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{size.label}</span>
            {index === 0 && <span className={cn(pill, 'border-brand-100 bg-brand-50 text-brand-800')}>Main size</span>}
            <span className={cn(pill, size.isActive ? 'border-green-200 bg-green-50 text-green-800' : 'border-slate-200 bg-slate-50 text-slate-700')}>
              {size.isActive ? 'On sale' : 'Switched off'}
            </span>
          </p>
          <p className="break-all text-slate-600">
            Code {size.code} · SKU {size.sku}
          </p>
          <p className="text-slate-700">
            <span className="tabular-nums">{formatRand(size.priceCents)}</span>
            {size.salePriceCents !== null && <span className="font-semibold text-red-700 tabular-nums"> (sale price {formatRand(size.salePriceCents)})</span>} · Stock{' '}
            {size.stockQuantity === null ? 'Not counted' : <span className="tabular-nums">{size.stockQuantity}</span>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="outline" aria-label={`Edit ${size.label}`} aria-expanded={editing} aria-controls={editing ? `${id}-form` : undefined} onClick={() => setEditing(!editing)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="outline" aria-label={`${size.isActive ? 'Switch off' : 'Switch on'} ${size.label}`} disabled={update.isPending} onClick={switchOver}>
            {size.isActive ? 'Switch off' : 'Switch on'}
          </Button>
          <MoveArrows what={size.label} index={index} count={count} moving={moving} onMove={onMove} arrowRef={arrowRef} />
        </div>
      </div>
      {!editing && <FormAlert id={`${id}-error`} message={update.isError ? messageOf(update.error, 'Failed to change the size. Please try again.') : undefined} />}
      {editing && <EditSize id={`${id}-form`} product={product} size={size} onDone={() => setEditing(false)} />}
    </li>
  );
}

function EditSize({ id, product, size, onDone }: { id: string; product: AdminProduct; size: AdminProductSize; onDone: () => void }) {
  const fieldId = useId();
  const update = useUpdateSize();
  const form = useValidatedForm({ initial: () => sizeFormValues(size), fields: sizeFields, parse: parseSizeChange, idPrefix: fieldId });

  const onSubmit = form.onSubmit(update.isPending, (change) =>
    update.mutate(
      { productId: product.id, sizeId: size.id, change },
      {
        onSuccess: () => {
          toast({ title: 'Size Saved', description: `${change.label ?? size.label} of ${countryName(product.name)} has been updated.` });
          onDone();
        },
      },
    ),
  );

  return (
    <form id={id} noValidate onSubmit={onSubmit} className="space-y-4 border-t border-slate-200 pt-3" aria-label={`Edit ${size.label}`}>
      <SizeInputs form={form} autoFocus />
      <FormAlert id={`${fieldId}-error`} message={update.isError ? messageOf(update.error, 'Failed to save the size. Please try again.') : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Size'}
        </Button>
      </div>
    </form>
  );
}

function AddSize({ product }: { product: AdminProduct }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const full = product.allSizes.length >= MAX_SIZES_PER_FLAG;

  if (full) return <p className="text-sm text-slate-700">A flag has at most {MAX_SIZES_PER_FLAG} sizes: switch one off or change it instead.</p>;
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add a size
      </Button>
    );
  return <AddSizeForm id={id} product={product} onDone={() => setOpen(false)} />;
}

function AddSizeForm({ id, product, onDone }: { id: string; product: AdminProduct; onDone: () => void }) {
  const add = useAddSize();
  const form = useValidatedForm({ initial: () => sizeFormValues(undefined), fields: sizeFields, parse: parseNewSize, idPrefix: id });

  const onSubmit = form.onSubmit(add.isPending, (size) =>
    add.mutate(
      { productId: product.id, size },
      {
        onSuccess: () => {
          toast({ title: 'Size Added', description: `${countryName(product.name)} is now sold in ${size.label}.` });
          onDone();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 p-3" aria-label="New size">
      <h4 className="font-semibold text-slate-900">Add a size</h4>
      <SizeInputs form={form} autoFocus />
      <FormAlert id={`${id}-error`} message={add.isError ? messageOf(add.error, 'Failed to add the size. Please try again.') : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Size'}
        </Button>
      </div>
    </form>
  );
}

/** The fields of a size, the same for a new one and a change. */
function SizeInputs<T>({ form, autoFocus }: { form: ValidatedForm<SizeField, SizeFormValues, T>; autoFocus?: boolean }) {
  const text = { type: 'text', autoComplete: 'off' } as const;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('label')} {...text} label="Size name" hint="As shoppers read it, like 180 × 120 cm." maxLength={60} autoFocus={autoFocus} />
        <TextField {...form.field('code')} {...text} label="Code" hint="In the web address, like 180x120." spellCheck={false} maxLength={20} />
        <TextField {...form.field('sku')} {...text} label="SKU" hint="Like KENYA-180X120." spellCheck={false} maxLength={40} />
        <TextField {...form.field('material')} {...text} label="Material" hint="Optional; empty: the shop's polyester." maxLength={80} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...form.field('priceCents')} {...text} label="Price (R)" hint={vatVendor ? 'VAT included, like 130.00.' : 'Like 130.00.'} inputMode="decimal" />
        <TextField {...form.field('salePriceCents')} {...text} label="Sale price (R)" hint="Optional; lower than the price." inputMode="decimal" />
        <TextField {...form.field('stockQuantity')} {...text} label="Stock" hint="Flags left to sell. Empty: not counted." inputMode="numeric" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Packing, for the courier</legend>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <TextField {...form.field('weightGrams')} {...text} label="Weight (g)" hint="One flag, packed." inputMode="numeric" />
          <TextField {...form.field('foldedLengthCm')} {...text} label="Folded length (cm)" inputMode="numeric" />
          <TextField {...form.field('foldedWidthCm')} {...text} label="Folded width (cm)" inputMode="numeric" />
          <TextField {...form.field('foldedHeightCm')} {...text} label="Folded height (cm)" inputMode="numeric" />
        </div>
      </fieldset>
    </>
  );
}

import { useId, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { useValidatedForm } from '../../ui/use-validated-form';
import { parseSizePrice, sizeCodesOf, sizePriceDone, sizePriceFields, sizePriceQuestion } from './size-form';
import { usePriceEverySize } from './use-admin-products';
import type { AdminProduct, PriceEverySizeInput } from '../../../../shared/product-admin';
import { vatVendor } from '../../../lib/initial-data';

/** One size's price on every flag sold in it, asked once more before it is set: it changes many flags at once. */
export function SizePriceForm({ products }: { products: readonly AdminProduct[] }) {
  const id = useId();
  const price = usePriceEverySize();
  const codes = sizeCodesOf(products);
  const form = useValidatedForm({ initial: () => ({ code: '', priceCents: '', salePriceCents: '' }), fields: sizePriceFields, parse: parseSizePrice, idPrefix: id });
  const [asking, setAsking] = useState<PriceEverySizeInput>();
  const labelOf = (code: string) => codes.find((c) => c.code === code)?.label ?? code;

  const onSubmit = form.onSubmit(price.isPending, (input) => {
    price.reset();
    setAsking(input);
  });

  const confirm = () => {
    if (!asking || price.isPending) return;
    price.mutate(asking, { onSettled: () => setAsking(undefined) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${id}-heading`}>
      <div>
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Price of one size on every flag
        </h3>
        <p className="text-sm text-slate-600">Sets the price of this size on every flag sold in it, switched-off sizes too.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          {...form.field('code')}
          label="Size"
          placeholder="Choose a size"
          options={codes.map(({ code, label }) => ({ value: code, label: `${label} (${code})` }))}
          disabled={asking !== undefined}
        />
        <TextField
          {...form.field('priceCents')}
          label="Price (R)"
          hint={vatVendor ? 'VAT included, like 99.00.' : 'Like 99.00.'}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          readOnly={asking !== undefined}
        />
        <TextField
          {...form.field('salePriceCents')}
          label="Sale price (R)"
          hint="Optional; empty ends a sale."
          type="text"
          inputMode="decimal"
          autoComplete="off"
          readOnly={asking !== undefined}
        />
      </div>
      <FormAlert
        id={`${id}-error`}
        message={price.isError ? messageOf(price.error, 'Failed to set the price. Please try again.') : undefined}
        success={price.isSuccess ? `${sizePriceDone(price.data.flags)}.` : undefined}
      />
      {asking ? (
        <div className="flex flex-wrap items-center justify-end gap-2" role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`} className="min-w-0 flex-1 text-sm font-semibold text-slate-900">
            {sizePriceQuestion(labelOf(asking.code), asking.priceCents, asking.salePriceCents)}
          </p>
          <Button variant="outline" onClick={() => setAsking(undefined)} disabled={price.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={price.isPending} autoFocus>
            {price.isPending ? 'Setting...' : 'Yes, Set Prices'}
          </Button>
        </div>
      ) : (
        <div className="flex justify-end">
          <Button type="submit">Set Price</Button>
        </div>
      )}
    </form>
  );
}

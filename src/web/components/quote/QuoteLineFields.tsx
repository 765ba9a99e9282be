import { Trash2 } from 'lucide-react';
import { Button } from '../ui/Button';
import { SelectField, TextField } from '../ui/Field';
import { useProduct } from '../product/use-products';
import { countryName, type ListedProduct } from '../../../shared/product';
import { DESCRIBED, type QuoteLineDraft, type QuoteLineErrors, type QuoteLineField } from './quote-lines';

interface QuoteLineFieldsProps {
  line: QuoteLineDraft;
  /** 1-based, for the fields' names: "Flag 2". */
  number: number;
  flags: readonly ListedProduct[];
  errors: QuoteLineErrors;
  onChange: (line: QuoteLineDraft) => void;
  /** Absent on the only line: a request has at least one. */
  onRemove?: () => void;
  register: (field: QuoteLineField) => (element: HTMLElement | null) => void;
}

/** One line of the request: a listed flag and its sizes, or one described in words, and how many. */
export function QuoteLineFields({ line, number, flags, errors, onChange, onRemove, register }: QuoteLineFieldsProps) {
  const listed = line.flag !== '' && line.flag !== DESCRIBED;
  // The flag's sizes come with its page's data, most often already fetched from the shop or a hover.
  const { data: product } = useProduct(listed ? line.flag : '');
  const sizes = listed ? (product?.sizes ?? []) : [];
  const id = (field: string) => `quote-line-${line.key}-${field}`;
  const set = (change: Partial<QuoteLineDraft>) => onChange({ ...line, ...change });
  const describingSize = line.flag === DESCRIBED || line.size === DESCRIBED;

  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="quote-line">
      <fieldset className="grid gap-3 sm:grid-cols-12 sm:items-start">
        <legend className="sr-only">Flag {number}</legend>
        <SelectField
          ref={register('flag')}
          id={id('flag')}
          className="sm:col-span-5"
          label={`Flag ${number}`}
          value={line.flag}
          error={errors.flag}
          placeholder="Choose a flag"
          options={[
            ...flags.map((flag) => ({ value: flag.slug, label: countryName(flag.name) })),
            { value: DESCRIBED, label: 'Another flag or your own design' },
          ]}
          onChange={(event) => set({ flag: event.target.value, size: '' })}
        />
        {line.flag === DESCRIBED ? (
          <TextField
            id={id('flag-text')}
            className="sm:col-span-7"
            label="Describe the flag"
            placeholder="e.g. our school crest on white"
            maxLength={200}
            value={line.flagText}
            onChange={(event) => set({ flagText: event.target.value })}
          />
        ) : (
          <SelectField
            ref={register('size')}
            id={id('size')}
            className="sm:col-span-4"
            label="Size"
            value={line.size}
            error={errors.size}
            disabled={!listed}
            placeholder={listed && sizes.length === 0 ? 'Loading sizes…' : 'Choose a size'}
            options={[...sizes.map((size) => ({ value: size.code, label: size.label })), ...(listed ? [{ value: DESCRIBED, label: 'Another size or print' }] : [])]}
            onChange={(event) => set({ size: event.target.value })}
          />
        )}
        {describingSize && (
          <TextField
            ref={register('size')}
            id={id('size-text')}
            className="sm:col-span-9"
            label="Describe the size"
            placeholder="e.g. 3 m × 2 m, printed on both sides"
            maxLength={200}
            value={line.sizeText}
            error={errors.size}
            onChange={(event) => set({ sizeText: event.target.value })}
          />
        )}
        <TextField
          ref={register('quantity')}
          id={id('quantity')}
          className="sm:col-span-2"
          label="How many"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={line.quantity}
          error={errors.quantity}
          onChange={(event) => set({ quantity: event.target.value })}
        />
        {onRemove && (
          <div className="sm:col-span-1 sm:pt-7">
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove flag ${number}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              <span className="sm:sr-only">Remove</span>
            </Button>
          </div>
        )}
      </fieldset>
    </li>
  );
}

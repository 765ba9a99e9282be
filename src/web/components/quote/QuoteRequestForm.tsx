import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Send } from 'lucide-react';
import { Button } from '../ui/Button';
import { emailInput, phoneInput, TextAreaField, TextField } from '../ui/Field';
import { useValidatedForm } from '../ui/use-validated-form';
import { productQueryKey, useProducts } from '../product/use-products';
import { countryName, type Product } from '../../../shared/product';
import { MAX_QUOTE_LINES, quoteRequestSchema } from '../../../shared/quotes';
import { todayInSouthAfrica } from '../../../shared/profile';
import { vatVendor } from '../../lib/initial-data';
import { blankLine, lineErrors, lineInput, type QuoteCatalogue, type QuoteLineDraft, type QuoteLineField } from './quote-lines';
import { QuoteLineFields } from './QuoteLineFields';
import { useRequestQuote, type QuoteReceived } from './use-request-quote';

const detailsSchema = quoteRequestSchema.omit({ lines: true });
type DetailsField = 'name' | 'email' | 'phone' | 'organisation' | 'vatNumber' | 'deliveryArea' | 'neededBy' | 'notes';
const detailFields: DetailsField[] = ['name', 'email', 'phone', 'organisation', 'vatNumber', 'deliveryArea', 'neededBy', 'notes'];
const emptyDetails: Record<DetailsField, string> = { name: '', email: '', phone: '', organisation: '', vatNumber: '', deliveryArea: '', neededBy: '', notes: '' };

interface QuoteRequestFormProps {
  /** The first line, when the shopper came from a flag's page. */
  start?: Partial<QuoteLineDraft>;
  onReceived: (received: QuoteReceived) => void;
}

function PrivacyNote() {
  return (
    <p className="text-sm leading-6 text-slate-600">
      We use these details only to price and answer your request, and keep them with our correspondence records. We never
      add you to a mailing list from this form. Read more in our{' '}
      <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        Privacy Policy
      </Link>
      .
    </p>
  );
}

/**
 * The flags, sizes and quantities wanted, then who asks and where the flags go; checked with the
 * schema the server uses, so the form says in words what it would refuse.
 */
export function QuoteRequestForm({ start, onReceived }: QuoteRequestFormProps) {
  const queryClient = useQueryClient();
  const { data: flags = [] } = useProducts();
  const sortedFlags = [...flags].sort((a, b) => countryName(a.name).localeCompare(countryName(b.name)));
  const nextKey = useRef(1);
  const [lines, setLines] = useState<QuoteLineDraft[]>(() => [blankLine(0, start)]);
  // The lines there at the last send show their problems; one added since starts quiet.
  const [checkedLines, setCheckedLines] = useState<ReadonlySet<number>>(() => new Set());
  const [addedLine, setAddedLine] = useState<number>();
  const lineElements = useRef(new Map<string, HTMLElement | null>());
  const form = useValidatedForm({ initial: () => emptyDetails, fields: detailFields, parse: (values) => detailsSchema.safeParse(values), idPrefix: 'quote' });
  const request = useRequestQuote(onReceived);

  const catalogue: QuoteCatalogue = {
    flag: (slug) => flags.find((flag) => flag.slug === slug),
    sizes: (slug) => queryClient.getQueryData<Product>(productQueryKey(slug))?.sizes,
  };
  const errorsOf = (line: QuoteLineDraft) => (checkedLines.has(line.key) ? lineErrors(line, catalogue) : {});
  const register = (key: number, field: QuoteLineField) => (element: HTMLElement | null) => {
    lineElements.current.set(`${key}-${field}`, element);
  };

  const change = (next: QuoteLineDraft) => setLines((current) => current.map((line) => (line.key === next.key ? next : line)));
  const add = () => {
    const key = nextKey.current++;
    setLines((current) => [...current, blankLine(key)]);
    setAddedLine(key);
  };
  // The new line's flag is where the shopper goes next.
  useEffect(() => {
    if (addedLine !== undefined) lineElements.current.get(`${addedLine}-flag`)?.focus();
  }, [addedLine]);
  const remove = (key: number) => setLines((current) => current.filter((line) => line.key !== key));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setCheckedLines(new Set(lines.map((line) => line.key)));
    const details = form.submit();
    const firstWrong = lines.map((line) => ({ line, errors: lineErrors(line, catalogue) })).find(({ errors }) => Object.keys(errors).length > 0);
    if (firstWrong) {
      const field = (['flag', 'size', 'quantity'] as const).find((f) => firstWrong.errors[f])!;
      lineElements.current.get(`${firstWrong.line.key}-${field}`)?.focus();
      return;
    }
    if (details) request.mutate({ ...form.values, lines: lines.map((line) => lineInput(line, catalogue)) });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="quote-form-heading" className="space-y-8">
      <section aria-labelledby="quote-flags-heading" className="space-y-4">
        <h3 id="quote-flags-heading" className="text-lg font-semibold text-slate-900">
          Your flags
        </h3>
        <ul className="space-y-3" aria-label="Flags to quote">
          {lines.map((line, i) => (
            <QuoteLineFields
              key={line.key}
              line={line}
              number={i + 1}
              flags={sortedFlags}
              errors={errorsOf(line)}
              onChange={change}
              onRemove={lines.length > 1 ? () => remove(line.key) : undefined}
              register={(field) => register(line.key, field)}
            />
          ))}
        </ul>
        {lines.length < MAX_QUOTE_LINES ? (
          <Button variant="outline" onClick={add}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add another flag
          </Button>
        ) : (
          <p className="text-sm text-slate-700">A request holds {MAX_QUOTE_LINES} lines. For more, please email us a list.</p>
        )}
      </section>

      <section aria-labelledby="quote-details-heading" className="grid gap-5 sm:grid-cols-2">
        <h3 id="quote-details-heading" className="text-lg font-semibold text-slate-900 sm:col-span-2">
          About you and the delivery
        </h3>
        <TextField {...form.field('name')} label="Name" autoComplete="name" required aria-required="true" maxLength={100} />
        <TextField {...form.field('email')} {...emailInput} label="Email" spellCheck={false} required aria-required="true" maxLength={255} />
        <TextField {...form.field('phone')} {...phoneInput} label="Cellphone (optional)" maxLength={20} />
        <TextField {...form.field('organisation')} label="School, company or organisation (optional)" autoComplete="organization" maxLength={150} />
        {/* Only a VAT vendor issues tax invoices, so only one asks for the buyer's VAT number. */}
        {vatVendor && (
          <TextField {...form.field('vatNumber')} label="VAT number (optional)" hint="For a tax invoice in your organisation's name." inputMode="numeric" maxLength={14} />
        )}
        <TextField
          {...form.field('deliveryArea')}
          label="Delivery area"
          hint="Town or suburb, and province."
          autoComplete="address-level2"
          required
          aria-required="true"
          maxLength={200}
        />
        <TextField {...form.field('neededBy')} label="Needed by (optional)" type="date" min={todayInSouthAfrica()} />
        <TextAreaField
          {...form.field('notes')}
          className="sm:col-span-2"
          label="Anything else (optional)"
          hint="Printing, finishing, poles, or how you would like to pay."
          rows={4}
          maxLength={2000}
        />
      </section>

      <div className="space-y-4">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={request.isPending}>
          <Send className="h-5 w-5" aria-hidden="true" />
          {request.isPending ? 'Sending...' : 'Request a quote'}
        </Button>
        <PrivacyNote />
      </div>
    </form>
  );
}

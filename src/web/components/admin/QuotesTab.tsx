import { useId, useState } from 'react';
import { Lock, RotateCcw, Send } from 'lucide-react';
import { cn } from '../../lib/cn';
import { vatVendor } from '../../lib/initial-data';
import { typedRand } from '../../lib/typed-numbers';
import { Button } from '../ui/Button';
import { Dialog, DialogClose } from '../ui/Dialog';
import { TextAreaField, TextField } from '../ui/Field';
import { QueryState } from '../ui/QueryState';
import { useValidatedForm } from '../ui/use-validated-form';
import { Fact, FactList } from './OrderParts';
import { TabHeading } from './TabHeading';
import { formatDateTime, formatDay, toneClasses, type Tone } from './order-format';
import { useAnswerQuote, useCloseQuote, useQuotes } from './use-order-desk';
import { centsToDecimal, formatRand, parseRandToCents } from '../../../shared/money';
import { todayInSouthAfrica } from '../../../shared/profile';
import { FilterPills } from './FilterPills';
import { quoteAnswerSchema, quotedLineAmount, quoteLineText, quoteTotalCents, type QuoteFilter, type QuoteLine, type QuoteRequestView, type QuoteStatus } from '../../../shared/quotes';

const filters: { value: QuoteFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const emptyRequests: Record<QuoteFilter, string> = {
  open: 'No open quote requests. Every one has a price.',
  answered: 'No answered quote requests.',
  closed: 'No closed quote requests.',
  all: 'No quote requests yet.',
};

const statusBadges: Record<QuoteStatus, { label: string; tone: Tone }> = {
  open: { label: 'Open', tone: 'amber' },
  answered: { label: 'Answered', tone: 'green' },
  closed: { label: 'Closed', tone: 'slate' },
};

/** How long a new quote's price holds unless the desk says otherwise. */
const DAYS_QUOTE_HOLDS = 14;

/** YYYY-MM-DD, `days` after today in South Africa. */
function dayFromToday(days: number): string {
  return new Date(Date.parse(todayInSouthAfrica()) + days * 86_400_000).toISOString().slice(0, 10);
}

const priceField = (index: number) => `price-${index}`;

type AnswerValues = Record<string, string>;

/** The answer form starts from the quote already sent, so a revised quote changes only what moved. */
function answerValues(quote: QuoteRequestView): AnswerValues {
  const sent = quote.answer;
  return {
    ...Object.fromEntries(quote.lines.map((_, i) => [priceField(i), sent?.unitPricesCents[i] !== undefined ? centsToDecimal(sent.unitPricesCents[i]) : ''])),
    deliveryCents: sent ? centsToDecimal(sent.deliveryCents) : '0.00',
    validUntil: dayFromToday(DAYS_QUOTE_HOLDS),
    message: '',
  };
}

/** The answer read with the API's own schema; each line's price is a field of its own, so its message goes under its input. */
function parseAnswer(lines: readonly QuoteLine[], values: AnswerValues) {
  const result = quoteAnswerSchema.safeParse({
    unitPricesCents: lines.map((_, i) => typedRand(values[priceField(i)] ?? '')),
    deliveryCents: typedRand(values.deliveryCents ?? ''),
    validUntil: values.validUntil,
    message: values.message,
  });
  if (result.success) return result;
  const issues = result.error.issues.map((issue) =>
    issue.path[0] === 'unitPricesCents' && typeof issue.path[1] === 'number' ? { ...issue, path: [priceField(issue.path[1])] } : issue,
  );
  return { success: false as const, error: { issues } };
}

function AnswerForm({ quote, onSent }: { quote: QuoteRequestView; onSent: () => void }) {
  const id = useId();
  const send = useAnswerQuote(onSent);
  const form = useValidatedForm({
    initial: () => answerValues(quote),
    fields: [...quote.lines.map((_, i) => priceField(i)), 'deliveryCents', 'validUntil', 'message'],
    parse: (values) => parseAnswer(quote.lines, values),
    idPrefix: id,
  });
  // What is typed so far: a price not yet a rand amount counts as nothing until it is one.
  const typed = (field: string) => parseRandToCents(form.values[field] ?? '') ?? 0;
  const total = quoteTotalCents(
    quote.lines,
    quote.lines.map((_, i) => typed(priceField(i))),
    typed('deliveryCents'),
  );
  const onSubmit = form.onSubmit(send.isPending, (answer) => send.mutate({ quote, answer }));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={`Quote ${quote.reference}`}>
      <div className="space-y-3">
        {quote.lines.map((line, i) => (
          <TextField
            key={i}
            {...form.field(priceField(i))}
            label={`Price per flag: ${quoteLineText(line)}`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('deliveryCents')} label="Delivery (R)" type="text" inputMode="decimal" autoComplete="off" />
        <TextField {...form.field('validUntil')} label="Valid until" hint="The last day the price holds." type="date" min={todayInSouthAfrica()} />
      </div>
      <TextAreaField {...form.field('message')} label="Message (optional)" hint="Added to the email, e.g. the lead time or the artwork needed." rows={3} />
      <p className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span>Total, delivery included</span>
        <output aria-live="polite" className="text-base font-semibold text-slate-900 tabular-nums" data-testid="quote-total">
          {formatRand(total)}
        </output>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {send.isPending ? 'Sending...' : quote.answer ? 'Send Revised Quote' : 'Send Quote'}
        </Button>
      </div>
    </form>
  );
}

function QuoteLines({ quote }: { quote: QuoteRequestView }) {
  const withSku = quote.lines.some((line) => line.sku !== null);
  const { answer } = quote;
  const heading = 'px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase';
  const cell = 'px-2 py-1.5 align-top';
  return (
    // A phone scrolls the table sideways rather than the page.
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Flags in {quote.reference}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={heading}>
              Flag
            </th>
            <th scope="col" className={heading}>
              Size
            </th>
            {withSku && (
              <th scope="col" className={heading}>
                SKU
              </th>
            )}
            <th scope="col" className={cn(heading, 'text-right')}>
              Quantity
            </th>
            {answer && (
              <th scope="col" className={cn(heading, 'text-right')}>
                Quoted
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {quote.lines.map((line, i) => (
            <tr key={i} data-testid="quote-line">
              <td className={cn(cell, 'min-w-24 break-words text-slate-900')}>{line.flag}</td>
              <td className={cn(cell, 'min-w-24 break-words')}>{line.size}</td>
              {withSku && <td className={cn(cell, 'font-mono text-xs break-all')}>{line.sku ?? '—'}</td>}
              <td className={cn(cell, 'text-right tabular-nums')}>{line.quantity.toLocaleString('en-ZA')}</td>
              {answer && <td className={cn(cell, 'text-right whitespace-nowrap tabular-nums')}>{quotedLineAmount(line, answer.unitPricesCents[i] ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function QuoteCard({ quote }: { quote: QuoteRequestView }) {
  const headingId = useId();
  const [answering, setAnswering] = useState(false);
  const close = useCloseQuote();
  const closed = quote.status === 'closed';
  const busy = close.isPending && close.variables?.id === quote.id;
  const badge = statusBadges[quote.status];
  const { answer } = quote;
  const sendLabel = answer ? 'Send a revised quote' : 'Send a quote';

  return (
    <li className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="quote-request" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words text-slate-900">
            {quote.reference} from {quote.name}
          </h3>
          <p className="text-sm text-slate-600">
            Received <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
          </p>
        </div>
        <span className={cn('rounded-full border px-2.5 py-0.5 text-xs font-semibold', toneClasses[badge.tone])}>{badge.label}</span>
      </div>
      <FactList>
        <Fact label="Organisation">{quote.organisation ?? 'Not given'}</Fact>
        <Fact label="Email">
          <a href={`mailto:${quote.email}`} className="break-all text-brand-700 underline-offset-2 hover:underline">
            {quote.email}
          </a>
        </Fact>
        <Fact label="Phone">
          {quote.phone ? (
            <a href={`tel:${quote.phone}`} className="text-brand-700 underline-offset-2 hover:underline">
              {quote.phone}
            </a>
          ) : (
            'Not given'
          )}
        </Fact>
        {(vatVendor || quote.vatNumber) && <Fact label="VAT number">{quote.vatNumber ?? 'Not given'}</Fact>}
        <Fact label="Delivery area">{quote.deliveryArea}</Fact>
        <Fact label="Needed by">{quote.neededBy ? <time dateTime={quote.neededBy}>{formatDay(quote.neededBy, 'long')}</time> : 'No date given'}</Fact>
        {quote.notes && (
          <Fact label="Notes" wide>
            <span className="whitespace-pre-wrap">{quote.notes}</span>
          </Fact>
        )}
      </FactList>
      <QuoteLines quote={quote} />
      {answer && (
        <div className="space-y-2 rounded-md border border-green-200 bg-green-50/40 p-3">
          <h4 className="text-sm font-semibold text-slate-900">Quote sent</h4>
          <FactList>
            <Fact label="Delivery">{formatRand(answer.deliveryCents)}</Fact>
            <Fact label="Total">
              <span className="font-semibold">{formatRand(answer.totalCents)}</span>
            </Fact>
            <Fact label="Valid until">
              <time dateTime={answer.validUntil}>{formatDay(answer.validUntil, 'long')}</time>
            </Fact>
            {quote.answeredAt && (
              <Fact label="Sent">
                <time dateTime={quote.answeredAt}>{formatDateTime(quote.answeredAt)}</time>
                {quote.answeredBy && ` by ${quote.answeredBy}`}
              </Fact>
            )}
            {answer.message && (
              <Fact label="Message" wide>
                <span className="whitespace-pre-wrap">{answer.message}</span>
              </Fact>
            )}
          </FactList>
        </div>
      )}
      {closed && quote.closedAt && (
        <p className="text-xs text-slate-600">
          Closed{quote.closedBy && ` by ${quote.closedBy}`} on <time dateTime={quote.closedAt}>{formatDateTime(quote.closedAt)}</time>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {/* A closed request is refused an answer: it is reopened first. */}
        {!closed && (
          <Button size="sm" variant={answer ? 'outline' : 'primary'} onClick={() => setAnswering(true)}>
            <Send className="h-4 w-4" aria-hidden="true" /> {sendLabel}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => close.mutate({ id: quote.id, closed: !closed, reference: quote.reference, name: quote.name })}
        >
          {closed ? <RotateCcw className="h-4 w-4" aria-hidden="true" /> : <Lock className="h-4 w-4" aria-hidden="true" />}
          {closed ? 'Reopen' : 'Close'}
        </Button>
      </div>
      <Dialog
        open={answering}
        onOpenChange={setAnswering}
        title={sendLabel}
        description={`${quote.reference} for ${quote.name}, emailed to ${quote.email}. Prices are per flag in rand${vatVendor ? ', VAT included' : ''}.`}
        width="2xl"
      >
        <AnswerForm quote={quote} onSent={() => setAnswering(false)} />
      </Dialog>
    </li>
  );
}

/** Requests from the shop's quote page: priced line by line and emailed from here, closed when done. */
export function QuotesTab() {
  const [filter, setFilter] = useState<QuoteFilter>('open');
  const quotes = useQuotes(filter);

  return (
    <section aria-labelledby="quotes-heading" className="space-y-4">
      <TabHeading id="quotes-heading" title="Quote requests" description="From the Request a quote page. Price each line, then send the quote by email." />
      <FilterPills legend="Show quote requests" name="quote-filter" options={filters} value={filter} onChange={setFilter} />
      <QueryState
        query={quotes}
        loading={{ label: 'Loading quote requests', skeletons: ['h-48 w-full'] }}
        error={{ message: 'Failed to load the quote requests' }}
        empty={{ when: (list) => list.length === 0, show: emptyRequests[filter] }}
      >
        {(list) => (
          <ul className="space-y-3" aria-label="Quote requests">
            {list.map((quote) => (
              <QuoteCard key={quote.id} quote={quote} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

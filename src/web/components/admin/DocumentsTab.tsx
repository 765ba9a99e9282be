import type { ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Download, Landmark, Percent, ReceiptText, Undo2, type LucideIcon } from 'lucide-react';
import { z } from 'zod';
import { ApiError, messageOf } from '../../lib/api';
import { withParam } from '../../lib/search-params';
import { buttonClasses } from '../ui/Button';
import { TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { QueryState } from '../ui/QueryState';
import { DocumentList } from './DocumentList';
import { StatCard, statIconClass } from './StatCard';
import { TabHeading } from './TabHeading';
import { VatReportChart } from './VatReportChart';
import { documentFiles, useTaxDocuments, useVatReport, type DocumentPeriod } from './use-documents';
import { formatRand } from '../../../shared/money';
import type { VatReport } from '../../../shared/tax-documents';

const PERIOD_ERROR = 'documents-period-error';
const LIST_LABEL = 'Invoices and credit notes';
const day = z.iso.date();

/** The period in the address (?from=&to=); a day that is not one is dropped, and the server's default stands for it. */
function periodFrom(params: URLSearchParams): DocumentPeriod {
  const period: DocumentPeriod = {};
  for (const end of ['from', 'to'] as const) {
    const value = day.safeParse(params.get(end));
    if (value.success) period[end] = value.data;
  }
  return period;
}

/** The server's words when it refuses the period (its first day after its last). */
function refusalOf(...errors: unknown[]): string | undefined {
  const refused = errors.find((error) => error instanceof ApiError && error.status === 400);
  return refused ? messageOf(refused, 'The period is not one the shop can report on') : undefined;
}

interface Figure {
  label: string;
  cents: number;
  Icon: LucideIcon;
  testId: string;
}

function figuresOf({ totals, vatRegistered }: VatReport): Figure[] {
  if (!vatRegistered) {
    return [
      { label: 'Sales', cents: totals.salesCents, Icon: ReceiptText, testId: 'report-sales' },
      { label: 'Credit notes', cents: totals.creditsCents, Icon: Undo2, testId: 'report-credits' },
      { label: 'Net sales', cents: totals.netCents, Icon: Landmark, testId: 'report-net' },
    ];
  }
  return [
    { label: 'Sales incl. VAT', cents: totals.salesCents, Icon: ReceiptText, testId: 'report-sales' },
    { label: 'Output VAT', cents: totals.outputVatCents, Icon: Percent, testId: 'report-output-vat' },
    { label: 'Credit notes', cents: totals.creditsCents, Icon: Undo2, testId: 'report-credits' },
    { label: 'VAT in credit notes', cents: totals.creditsVatCents, Icon: Percent, testId: 'report-credits-vat' },
    { label: 'Net VAT', cents: totals.netVatCents, Icon: Landmark, testId: 'report-net' },
  ];
}

function ReportFigures({ report }: { report: VatReport }) {
  return (
    <section aria-labelledby="vat-report-heading" className="space-y-3">
      <div>
        <h3 id="vat-report-heading" className="text-base font-semibold text-slate-900">
          {report.vatRegistered ? 'VAT report' : 'Sales report'}
        </h3>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          {report.vatRegistered
            ? "The figures for the period's VAT201 return: output VAT on the sales less the VAT in the credit notes. Net VAT is what the period owes SARS."
            : 'The shop is not registered for VAT: it issues plain invoices, with no VAT on them.'}
        </p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {figuresOf(report).map(({ label, cents, Icon, testId }) => (
          <StatCard key={testId} label={label} value={formatRand(cents)} icon={<Icon className={statIconClass} aria-hidden="true" />} testId={testId} />
        ))}
      </dl>
    </section>
  );
}

function DocumentFiles({ period }: { period: DocumentPeriod }) {
  return (
    <section aria-labelledby="document-files-heading" className="space-y-2">
      <h3 id="document-files-heading" className="text-base font-semibold text-slate-900">
        Files for the period
      </h3>
      <ul className="flex flex-wrap gap-2">
        {documentFiles(period).map(({ label, href }) => (
          <li key={label}>
            <a href={href} download className={buttonClasses('outline', 'md')}>
              <Download className="h-4 w-4" aria-hidden="true" /> {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tax invoices and credit notes of a period, its VAT report and the files for the accountant and Xero. */
export function DocumentsTab() {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params);
  const report = useVatReport(period);
  const list = useTaxDocuments(period);
  const refusal = refusalOf(report.error, list.error);

  // The period replaces the history entry, as the orders' filters do.
  const onDay = (end: keyof DocumentPeriod) => (event: ChangeEvent<HTMLInputElement>) =>
    setParams((current) => withParam(current, end, event.target.value), { replace: true });
  // Without days in the address, the ones the server took.
  const from = period.from ?? report.data?.from ?? '';
  const to = period.to ?? report.data?.to ?? '';
  const vatRegistered = report.data?.vatRegistered ?? true;

  return (
    <section aria-labelledby="documents-heading" className="space-y-6">
      <TabHeading
        id="documents-heading"
        title="Tax documents"
        description="The tax invoices and credit notes issued in a period, in South African time. Amounts in rand (ZAR), VAT included."
      />
      <form aria-label="Period" onSubmit={(event) => event.preventDefault()} className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:max-w-md">
        <TextField id="documents-from" label="From" type="date" value={from} max={to || undefined} onChange={onDay('from')} invalid={!!refusal} errorId={PERIOD_ERROR} />
        <TextField id="documents-to" label="To" type="date" value={to} min={from || undefined} onChange={onDay('to')} invalid={!!refusal} errorId={PERIOD_ERROR} />
        {refusal && (
          <div className="col-span-2">
            <FormAlert id={PERIOD_ERROR} message={refusal} />
          </div>
        )}
      </form>
      {!refusal && (
        <>
          <QueryState
            query={report}
            loading={{ label: 'Loading the VAT report', skeletons: Array.from({ length: 5 }, () => 'h-28'), className: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-5' }}
            error={{ message: 'Failed to load the VAT report' }}
          >
            {(loaded) => (
              <>
                <ReportFigures report={loaded} />
                <VatReportChart report={loaded} />
              </>
            )}
          </QueryState>
          <DocumentFiles period={period} />
          <section aria-labelledby="document-list-heading" className="space-y-3">
            <h3 id="document-list-heading" className="text-base font-semibold text-slate-900">
              {LIST_LABEL}
            </h3>
            <QueryState
              query={list}
              loading={{ label: 'Loading the documents', skeletons: ['h-24 w-full', 'h-24 w-full'] }}
              error={{ message: 'Failed to load the documents' }}
              empty={{ when: (loaded) => loaded.documents.length === 0, show: 'No invoices or credit notes in this period' }}
            >
              {(loaded) => <DocumentList label={LIST_LABEL} documents={loaded.documents} vatRegistered={vatRegistered} />}
            </QueryState>
          </section>
        </>
      )}
    </section>
  );
}

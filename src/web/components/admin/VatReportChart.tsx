import { cn } from '../../lib/cn';
import { formatRand } from '../../../shared/money';
import type { VatReport, VatReportMonth } from '../../../shared/tax-documents';
import { ChartFigure } from './ChartFigure';
import { formatMonth } from './order-format';

/** The month after '2026-11': '2026-12'. */
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 7);
}

/** The report's months from the first to the last, with a quiet month between them as zeros (the report leaves it out). */
function everyMonth(months: VatReportMonth[]): VatReportMonth[] {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return [];
  const reported = new Map(months.map((month) => [month.month, month]));
  const all: VatReportMonth[] = [];
  for (let month = first.month; month <= last.month; month = nextMonth(month)) {
    all.push(reported.get(month) ?? { month, salesCents: 0, salesVatCents: 0, creditsCents: 0, creditsVatCents: 0 });
  }
  return all;
}

const series = [
  { label: 'Sales', colour: 'bg-brand-600', cents: (month: VatReportMonth) => month.salesCents },
  { label: 'Credit notes', colour: 'bg-amber-500', cents: (month: VatReportMonth) => month.creditsCents },
] as const;

/** Each month's sales and credit notes as a pair of bars across the width, which fits a phone however many months there are. */
export function VatReportChart({ report }: { report: VatReport }) {
  const months = everyMonth(report.months);
  const highest = Math.max(0, ...months.flatMap((month) => series.map(({ cents }) => cents(month))));
  const { salesCents, creditsCents } = report.totals;

  return (
    <ChartFigure
      title="Sales and credit notes per month"
      summary={`${formatRand(salesCents)} in sales, ${formatRand(creditsCents)} credited`}
      empty={highest === 0 ? 'Nothing sold or credited in this period.' : undefined}
      table={{
        caption: `Sales and credit notes per month${report.vatRegistered ? ', VAT included' : ''}`,
        columns: ['Month', ...series.map(({ label }) => label)],
        rows: months.map((month) => ({ key: month.month, heading: formatMonth(month.month, 'long'), values: series.map(({ cents }) => formatRand(cents(month))) })),
      }}
    >
      <div className="flex flex-wrap gap-4 text-xs text-slate-600">
        {series.map(({ label, colour }) => (
          <span key={label} className="inline-flex items-center gap-1.5">
            <span className={cn('h-2.5 w-2.5 rounded-sm', colour)} />
            {label}
          </span>
        ))}
      </div>
      <div className="mt-3 space-y-3">
        {months.map((month) => (
          <div key={month.month} className="grid grid-cols-[4.5rem_1fr] items-center gap-x-3">
            <span className="text-xs text-slate-600">{formatMonth(month.month)}</span>
            <div className="space-y-1">
              {series.map(({ label, colour, cents }) => (
                <div
                  key={label}
                  title={`${formatMonth(month.month)}, ${label.toLowerCase()}: ${formatRand(cents(month))}`}
                  className={cn('h-3 rounded-r-sm', colour)}
                  // At least a sliver for a month with any, so small amounts are not lost.
                  style={{ width: cents(month) > 0 ? `${Math.max(1, (cents(month) / highest) * 100)}%` : 0 }}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
    </ChartFigure>
  );
}

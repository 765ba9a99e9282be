import type { ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { withParam } from '../../lib/search-params';
import { SelectField } from '../ui/Field';
import { ChartFigure } from './ChartFigure';
import { formatDay } from './order-format';
import { formatWebVital, limitsOf, ratingBarClasses, ratingLabel } from './page-speed-format';
import { pageTemplateLabels, rateWebVital, speedRatings, webVitalNames, webVitals, type PageSpeed, type PageSpeedReport, type WebVitalName } from '../../../shared/web-vitals';

const ALL_PAGES = 'all';

/** The chart's choice in the address (?metric=INP&page=/shop); anything else is LCP of every page. */
function choiceFrom(params: URLSearchParams, report: PageSpeedReport): { metric: WebVitalName; page: PageSpeed } {
  const metric = webVitalNames.find((name) => name === params.get('metric')) ?? 'LCP';
  const page = report.pages.find((p) => p.page === params.get('page')) ?? report.allPages;
  return { metric, page };
}

/** Each day's 75th percentile of one metric on one page (or all), a bar a day coloured by its rating, with Google's "good" limit as a line. */
export function PageSpeedChart({ report }: { report: PageSpeedReport }) {
  const [params, setParams] = useSearchParams();
  const { metric, page } = choiceFrom(params, report);
  const { daily, p75, samples } = page.metrics[metric];
  const { good } = webVitals[metric];
  const highest = Math.max(good, ...daily.map((day) => day.p75 ?? 0));
  const pageName = page.page === null ? 'all pages' : pageTemplateLabels[page.page];
  const first = report.days[0];
  const last = report.days.at(-1);

  // The choice replaces the history entry, as the desk's filters do.
  const onChoose = (name: 'metric' | 'page', fallback: string) => (event: ChangeEvent<HTMLSelectElement>) =>
    setParams((current) => withParam(current, name, event.target.value === fallback ? null : event.target.value), { replace: true });

  return (
    <div className="space-y-3">
      <form aria-label="Chart" onSubmit={(event) => event.preventDefault()} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:max-w-2xl sm:grid-cols-2">
        <SelectField
          id="page-speed-metric"
          label="Metric"
          value={metric}
          onChange={onChoose('metric', 'LCP')}
          options={webVitalNames.map((name) => ({ value: name, label: `${name}: ${webVitals[name].label}` }))}
        />
        <SelectField
          id="page-speed-page"
          label="Page"
          value={page.page ?? ALL_PAGES}
          onChange={onChoose('page', ALL_PAGES)}
          options={[{ value: ALL_PAGES, label: 'All pages' }, ...report.pages.map(({ page: p }) => ({ value: p!, label: pageTemplateLabels[p!] }))]}
        />
      </form>
      <ChartFigure
        title={`${metric} per day, ${pageName}`}
        summary={p75 === null ? 'Not measured in these days' : `75th percentile ${formatWebVital(metric, p75)} over ${samples} ${samples === 1 ? 'page load' : 'page loads'}`}
        empty={samples === 0 ? `No page load reported ${metric} for ${pageName} in these days.` : undefined}
        table={{
          caption: `${metric} per day, 75th percentile, ${pageName}`,
          columns: ['Day', '75th percentile', 'Rating', 'Page loads'],
          rows: report.days.map((day, index) => {
            const { p75: value, samples: loads } = daily[index]!;
            return {
              key: day,
              heading: formatDay(day, 'long'),
              values: value === null ? ['—', '—', 0] : [formatWebVital(metric, value), ratingLabel(rateWebVital(metric, value)), loads],
            };
          }),
        }}
      >
        <div className="flex flex-wrap gap-4 text-xs text-slate-600">
          {speedRatings.map((rating) => (
            <span key={rating} className="inline-flex items-center gap-1.5">
              <span className={cn('h-2.5 w-2.5 rounded-sm', ratingBarClasses[rating])} />
              {ratingLabel(rating)}
            </span>
          ))}
          <span className="inline-flex items-center gap-1.5">
            <span className="w-4 border-t-2 border-dashed border-slate-700" />
            {limitsOf(metric).split(',')[0]}
          </span>
        </div>
        <div className="relative mt-3 flex h-40 items-end gap-px border-b border-slate-300 sm:gap-1">
          <div className="pointer-events-none absolute inset-x-0 border-t-2 border-dashed border-slate-700" style={{ bottom: `${(good / highest) * 100}%` }} />
          {report.days.map((day, index) => {
            const value = daily[index]!.p75;
            return (
              <div
                key={day}
                title={value === null ? `${formatDay(day)}: not measured` : `${formatDay(day)}: ${formatWebVital(metric, value)}`}
                className={cn('min-w-0 flex-1 rounded-t-sm', value === null ? '' : ratingBarClasses[rateWebVital(metric, value)])}
                // At least a sliver for a measured day, so a fast day is not taken for an empty one.
                style={{ height: value === null ? 0 : `${Math.max(2, (value / highest) * 100)}%` }}
              />
            );
          })}
        </div>
        {first && last && (
          <div className="mt-1 flex justify-between text-xs text-slate-600">
            <span>{formatDay(first)}</span>
            <span>{formatDay(last)}</span>
          </div>
        )}
      </ChartFigure>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { cn } from '../../lib/cn';
import { QueryState } from '../ui/QueryState';
import { TabHeading } from './TabHeading';
import { PageSpeedChart } from './PageSpeedChart';
import { toneClasses } from './order-format';
import { formatWebVital, limitsOf, ratingLabel, ratingTones } from './page-speed-format';
import { PAGE_SPEED_DAYS, pageLoadsOf, pageTemplateLabels, webVitalNames, webVitals, type PageSpeed, type PageSpeedReport, type WebVitalSummary } from '../../../shared/web-vitals';

const PAGE_SPEED_URL = `/api/admin/web-vitals?days=${PAGE_SPEED_DAYS.default}`;

// Phones: each row becomes a card and each cell shows its column's name before the value.
const cellClass = 'block px-0 py-0.5 before:mr-1 before:font-semibold before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2.5 md:before:content-none';

function Figure({ name, summary }: { name: (typeof webVitalNames)[number]; summary: WebVitalSummary }) {
  if (summary.p75 === null || summary.rating === null) return <span className="text-slate-600">Not measured</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-semibold text-slate-900 tabular-nums">{formatWebVital(name, summary.p75)}</span>
      <span className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', toneClasses[ratingTones[summary.rating]])}>{ratingLabel(summary.rating)}</span>
    </span>
  );
}

function PageRow({ page, whole }: { page: PageSpeed; whole?: boolean }) {
  const name = page.page === null ? 'All pages' : pageTemplateLabels[page.page];
  const loads = pageLoadsOf(page);
  return (
    <tr
      className={cn(
        'block rounded-lg border border-slate-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:last:border-b-0',
        whole && 'md:bg-slate-50',
      )}
      data-testid="page-speed-row"
      data-page={page.page ?? 'all'}
    >
      <th scope="row" className="block pb-1 text-left font-semibold text-slate-900 md:table-cell md:px-3 md:py-2.5">
        {name}
        {page.page !== null && page.page !== 'other' && <span className="block text-xs font-normal break-all text-slate-600">{page.page}</span>}
      </th>
      {webVitalNames.map((metric) => (
        <td key={metric} data-label={`${metric}:`} className={cellClass} data-testid={`p75-${metric}`}>
          <Figure name={metric} summary={page.metrics[metric]} />
        </td>
      ))}
      <td data-label="Page loads:" className={cn(cellClass, 'tabular-nums md:text-right')} data-testid="page-loads">
        {loads}
      </td>
    </tr>
  );
}

/** The four metrics, what each measures and Google's limits for it; folded away, the ratings say enough day to day. */
function Limits() {
  return (
    <details className="rounded-lg border border-slate-200 bg-white px-4 text-sm">
      <summary className="cursor-pointer py-3 font-medium text-brand-700">What the four figures mean</summary>
      <dl className="grid gap-3 pb-4 sm:grid-cols-2 lg:grid-cols-4">
        {webVitalNames.map((name) => (
          <div key={name}>
            <dt className="font-semibold text-slate-900">
              {name}: {webVitals[name].label}
            </dt>
            <dd className="mt-1 text-slate-600">
              {webVitals[name].meaning[0]!.toUpperCase() + webVitals[name].meaning.slice(1)}; {limitsOf(name)}.
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * How fast the shop is for real shoppers (decision 0030): each page's 75th percentile of the four
 * Core Web Vitals over 28 days, rated by Google's limits, and a chart of a metric day by day.
 */
export function PageSpeedTab() {
  const report = useQuery<PageSpeedReport>({ queryKey: [PAGE_SPEED_URL] });

  return (
    <section aria-labelledby="page-speed-heading" className="space-y-4">
      <TabHeading
        id="page-speed-heading"
        title="Page speed"
        description={`How fast the shop's pages are for real shoppers, measured in their own browsers over the last ${PAGE_SPEED_DAYS.default} days (South African days). Each figure is the 75th percentile: three page loads in four were at least this fast, as Google judges a page. No personal data is collected.`}
      />
      <QueryState
        query={report}
        loading={{ label: 'Loading the page speed figures', skeletons: ['h-24 w-full', 'h-48 w-full'] }}
        error={{ message: 'Failed to load the page speed figures' }}
        empty={{
          when: (loaded) => loaded.pages.length === 0,
          show: "Nothing measured yet. Shoppers' browsers report a page's speed 3 seconds after it loads; the figures appear here once the first visits are in.",
        }}
      >
        {(loaded) => (
          <>
            <Limits />
            <table className="block w-full text-left text-sm md:table md:rounded-lg md:border md:border-slate-200 md:bg-white">
              <caption className="sr-only">Page speed per page, 75th percentile over {PAGE_SPEED_DAYS.default} days</caption>
              <thead className="sr-only md:not-sr-only md:table-header-group">
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Page
                  </th>
                  {webVitalNames.map((name) => (
                    <th key={name} scope="col" className="px-3 py-2.5 font-medium">
                      <abbr title={webVitals[name].label} className="no-underline">
                        {name}
                      </abbr>
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2.5 text-right font-medium">
                    Page loads
                  </th>
                </tr>
              </thead>
              <tbody className="block space-y-3 md:table-row-group md:space-y-0">
                <PageRow page={loaded.allPages} whole />
                {loaded.pages.map((page) => (
                  <PageRow key={page.page} page={page} />
                ))}
              </tbody>
            </table>
            <PageSpeedChart report={loaded} />
          </>
        )}
      </QueryState>
    </section>
  );
}

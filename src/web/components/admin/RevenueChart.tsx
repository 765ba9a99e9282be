import { useId } from 'react';
import { formatRand } from '../../../shared/money';
import type { OrderDeskOverview } from '../../../shared/order-desk';
import { formatDay } from './order-format';

type Day = OrderDeskOverview['revenueByDay'][number];

/**
 * The last 30 days' revenue as bars (plain elements, no chart library). The bars are a picture for
 * sighted admins; the same figures are in the table under it, which screen readers use.
 */
export function RevenueChart({ days }: { days: Day[] }) {
  const titleId = useId();
  const highest = Math.max(0, ...days.map((d) => d.revenueCents));
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          Revenue, last 30 days
        </h3>
        <span className="text-sm text-slate-600">
          {formatRand(total)} in all{highest > 0 && `, best day ${formatRand(highest)}`}
        </span>
      </figcaption>
      {highest === 0 ? (
        <p className="mt-6 text-sm text-slate-600">No paid orders in the last 30 days.</p>
      ) : (
        <div aria-hidden="true" className="mt-4">
          <div className="flex h-40 items-end gap-px border-b border-slate-300 sm:gap-1">
            {days.map((d) => (
              <div
                key={d.day}
                title={`${formatDay(d.day)}: ${formatRand(d.revenueCents)} (${d.orders} ${d.orders === 1 ? 'order' : 'orders'})`}
                className="min-w-0 flex-1 rounded-t-sm bg-brand-600 hover:bg-brand-800"
                // At least a sliver for a day with sales, so small days are not lost.
                style={{ height: d.revenueCents > 0 ? `${Math.max(2, (d.revenueCents / highest) * 100)}%` : 0 }}
              />
            ))}
          </div>
          {first && last && (
            <div className="mt-1 flex justify-between text-xs text-slate-600">
              <span>{formatDay(first.day)}</span>
              <span>{formatDay(last.day)}</span>
            </div>
          )}
        </div>
      )}
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <div className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Revenue and orders per day, last 30 days</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1.5 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {formatDay(d.day, 'long')}
                  </th>
                  <td className="py-1 text-right tabular-nums">{d.orders}</td>
                  <td className="py-1 text-right tabular-nums">{formatRand(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

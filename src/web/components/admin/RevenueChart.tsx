import { formatRand } from '../../../shared/money';
import type { OrderDeskOverview } from '../../../shared/order-desk';
import { ChartFigure } from './ChartFigure';
import { formatDay } from './order-format';

type Day = OrderDeskOverview['revenueByDay'][number];

/** The last 30 days' revenue as bars, a day each, with the figures as a table for screen readers. */
export function RevenueChart({ days }: { days: Day[] }) {
  const highest = Math.max(0, ...days.map((d) => d.revenueCents));
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <ChartFigure
      title="Revenue, last 30 days"
      summary={
        <>
          {formatRand(total)} in all{highest > 0 && `, best day ${formatRand(highest)}`}
        </>
      }
      empty={highest === 0 ? 'No paid orders in the last 30 days.' : undefined}
      table={{
        caption: 'Revenue and orders per day, last 30 days',
        columns: ['Day', 'Orders', 'Revenue'],
        rows: days.map((d) => ({ key: d.day, heading: formatDay(d.day, 'long'), values: [d.orders, formatRand(d.revenueCents)] })),
      }}
    >
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
    </ChartFigure>
  );
}

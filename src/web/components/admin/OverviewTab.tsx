import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Banknote, ClipboardList, Gauge, PackageOpen, ReceiptText } from 'lucide-react';
import { QueryState } from '../ui/QueryState';
import { RevenueChart } from './RevenueChart';
import { TabHeading } from './TabHeading';
import { useOverview } from './use-order-desk';
import { formatRand } from '../../../shared/money';
import { vatVendor } from '../../lib/initial-data';

/** One figure of the overview: a name and value pair of the figures' list, anything else inside the value. */
function StatCard({ label, value, icon, testId, children }: { label: string; value: string; icon: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="mt-2">
        <span className="block text-2xl font-bold text-slate-900 tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </span>
        {children}
      </dd>
    </div>
  );
}

const iconClass = 'h-4 w-4 text-brand-700';

/** The spec's four figures, the average order and the last 30 days' revenue. */
export function OverviewTab() {
  const overview = useOverview();

  return (
    <section aria-labelledby="overview-heading" className="space-y-4">
      <TabHeading
        id="overview-heading"
        title="Overview"
        description={`Revenue is what customers paid, less refunds. Amounts in rand (ZAR)${vatVendor ? ', VAT included' : ''}.`}
      />
      <QueryState
        query={overview}
        loading={{ label: 'Loading the figures', skeletons: Array.from({ length: 5 }, () => 'h-28'), className: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-5' }}
        error={{ message: 'Failed to load the figures' }}
      >
        {(figures) => (
          <>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
              <StatCard label="Total Orders" value={String(figures.totalOrders)} icon={<ClipboardList className={iconClass} aria-hidden="true" />} testId="total-orders" />
              <StatCard
                label="Unfulfilled Orders"
                value={String(figures.unfulfilledOrders)}
                icon={<PackageOpen className={iconClass} aria-hidden="true" />}
                testId="unfulfilled-orders"
              >
                {figures.unfulfilledOrders > 0 && (
                  <Link to="?tab=unfulfilled" className="mt-1 inline-block text-sm font-medium text-brand-700 underline underline-offset-4">
                    Show unfulfilled orders
                  </Link>
                )}
              </StatCard>
              <StatCard
                label="Total Revenue (ZAR)"
                value={formatRand(figures.totalRevenueCents)}
                icon={<Banknote className={iconClass} aria-hidden="true" />}
                testId="total-revenue"
              />
              <StatCard label="Fulfillment Rate" value={`${figures.fulfillmentRate}%`} icon={<Gauge className={iconClass} aria-hidden="true" />} testId="fulfillment-rate" />
              <StatCard
                label="Average order value"
                value={formatRand(figures.averageOrderValueCents)}
                icon={<ReceiptText className={iconClass} aria-hidden="true" />}
                testId="average-order"
              />
            </dl>
            <RevenueChart days={figures.revenueByDay} />
          </>
        )}
      </QueryState>
    </section>
  );
}

import { Link } from 'react-router';
import { Banknote, ClipboardList, Gauge, PackageOpen, ReceiptText } from 'lucide-react';
import { QueryState } from '../ui/QueryState';
import { RevenueChart } from './RevenueChart';
import { StatCard, statIconClass } from './StatCard';
import { TabHeading } from './TabHeading';
import { useOverview } from './use-order-desk';
import { CheckoutReminderFigures } from './CheckoutReminderFigures';
import { formatRand } from '../../../shared/money';
import { vatVendor } from '../../lib/initial-data';

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
              <StatCard label="Total Orders" value={String(figures.totalOrders)} icon={<ClipboardList className={statIconClass} aria-hidden="true" />} testId="total-orders" />
              <StatCard
                label="Unfulfilled Orders"
                value={String(figures.unfulfilledOrders)}
                icon={<PackageOpen className={statIconClass} aria-hidden="true" />}
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
                icon={<Banknote className={statIconClass} aria-hidden="true" />}
                testId="total-revenue"
              />
              <StatCard label="Fulfillment Rate" value={`${figures.fulfillmentRate}%`} icon={<Gauge className={statIconClass} aria-hidden="true" />} testId="fulfillment-rate" />
              <StatCard
                label="Average order value"
                value={formatRand(figures.averageOrderValueCents)}
                icon={<ReceiptText className={statIconClass} aria-hidden="true" />}
                testId="average-order"
              />
            </dl>
            <RevenueChart days={figures.revenueByDay} />
          </>
        )}
      </QueryState>
      <CheckoutReminderFigures />
    </section>
  );
}

import type { ReactNode } from 'react';

/** One figure of a list of figures (the overview, the VAT report): a name and value pair, anything else inside the value. */
export function StatCard({ label, value, icon, testId, children }: { label: string; value: string; icon: ReactNode; testId: string; children?: ReactNode }) {
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

/** The icon beside a figure's name. */
export const statIconClass = 'h-4 w-4 text-brand-700';

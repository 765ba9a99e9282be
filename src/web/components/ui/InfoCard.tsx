import type { ReactNode } from 'react';

/** A white card with an icon and a heading, for the parts of a receipt or an order page. */
export function InfoCard({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  const id = `${testId}-heading`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 text-left sm:p-6" data-testid={testId}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

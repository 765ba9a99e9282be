import type { ReactNode } from 'react';

/** The heading of a tab's panel, with an optional action beside it. */
export function TabHeading({ id, title, description, action }: { id: string; title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>}
      </div>
      {action}
    </div>
  );
}

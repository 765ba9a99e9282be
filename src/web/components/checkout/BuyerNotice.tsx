import type { ReactNode } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A note about who is buying, with what they can do about it: sign in or continue as a guest at
 * checkout, paying as a guest, or creating the account after paying.
 */
export function BuyerNotice({ id, heading, text, quiet = false, className, children }: { id: string; heading: string; text: ReactNode; quiet?: boolean; className?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className={cn('flex flex-col gap-3 rounded-xl border p-5 sm:flex-row sm:items-center', quiet ? 'border-slate-200 bg-slate-50' : 'border-brand-100 bg-brand-50', className)}
    >
      <UserRound className={cn('h-6 w-6 shrink-0', quiet ? 'text-slate-600' : 'text-brand-700')} aria-hidden="true" />
      <div className="flex-1">
        <h2 id={id} className="font-semibold text-slate-900">
          {heading}
        </h2>
        <p className="text-sm text-slate-700">{text}</p>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

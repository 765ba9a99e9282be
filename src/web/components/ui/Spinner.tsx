import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A whole page still loading. It carries the page's level-one heading for screen readers, so a
 * page that is slow to answer still says what it is; data-loading tells it from the page's own.
 */
export function PageSpinner({ heading = 'Loading page' }: { heading?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <h1 className="sr-only" data-loading="">
        {heading}
      </h1>
      <Spinner label="Loading page" />
    </div>
  );
}

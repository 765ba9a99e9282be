import type { ReactNode } from 'react';
import { Button } from './Button';
import { Skeleton } from './Skeleton';

/** The part of a TanStack query's result that QueryState reads. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /**
   * label: said to screen readers, e.g. 'Loading orders'; skeletons: one class list per box shown
   * in place of what is loading; className: their layout, stacked by default.
   */
  loading: { label: string; skeletons: readonly string[]; className?: string };
  /** retry: false leaves out Try Again, where asking again would get the same answer. */
  error: { message: string; retry?: boolean };
  /** When the answer holds nothing to show: a sentence in the standard box, or a view of its own. */
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
}

/** Loading, failed with a way to try again, empty, or the answer itself. */
export function QueryState<T>({ query, loading, error, empty, children }: QueryStateProps<T>) {
  const { data, isPending, isError } = query;
  if (isPending) {
    return (
      <div role="status" className={loading.className ?? 'space-y-3'}>
        <span className="sr-only">{loading.label}</span>
        {loading.skeletons.map((size, i) => (
          <Skeleton key={i} className={size} />
        ))}
      </div>
    );
  }
  if (isError || data === undefined) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-red-300 p-8 text-center">
        <p className="font-semibold text-red-800">{error.message}</p>
        {error.retry !== false && (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        )}
      </div>
    );
  }
  if (empty?.when(data)) {
    if (typeof empty.show !== 'string') return empty.show;
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center font-medium text-slate-700">{empty.show}</p>;
  }
  return children(data);
}

import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { TabHeading } from './TabHeading';
import { formatDateTime } from './order-format';
import { useAuditLog } from './use-order-desk';

// Phones: each row becomes a card and each cell shows its column's name before the value.
const cellClass = 'block px-0 py-0.5 before:mr-1 before:font-semibold before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2.5 md:before:content-none';

/** Who did what on the desk, newest first: every fulfilment, refund, cancellation, note and product change. */
export function ActivityTab() {
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useAuditLog();
  const entries = data?.pages.flat() ?? [];

  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <TabHeading id="activity-heading" title="Activity" description="Every change made from the order desk, newest first, in South African time." />
      {isPending ? (
        <div role="status">
          <span className="sr-only">Loading activity</span>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : isError ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-red-300 p-8 text-center">
          <p className="font-semibold text-red-800">Failed to load the activity</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try Again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center font-medium text-slate-700">No activity yet.</p>
      ) : (
        <table className="block w-full text-left text-sm md:table md:rounded-lg md:border md:border-slate-200 md:bg-white">
          <caption className="sr-only">Order desk activity</caption>
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="px-3 py-2.5 font-medium">
                When
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Who
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                What
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {entries.map((entry) => (
              <tr
                key={entry.id}
                className="block rounded-lg border border-slate-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:last:border-b-0"
                data-testid="activity-entry"
              >
                <td data-label="When:" className={`${cellClass} whitespace-nowrap`}>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </td>
                <td data-label="Who:" className={`${cellClass} break-all`}>
                  {entry.actorEmail}
                </td>
                <td data-label="What:" className={cellClass}>
                  {entry.summary}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading...' : 'Show older activity'}
          </Button>
        </div>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import { QueryState } from '../ui/QueryState';
import { TabHeading } from './TabHeading';
import { formatDateTime } from './order-format';
import { useAuditLog } from './use-order-desk';
import type { AuditEntry } from '../../../shared/order-desk';

// Phones: each row becomes a card and each cell shows its column's name before the value.
const cellClass = 'block px-0 py-0.5 before:mr-1 before:font-semibold before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-2.5 md:before:content-none';

/** Each column: its heading, and on phones the name shown before the value. */
const columns: { name: string; className?: string; cell: (entry: AuditEntry) => ReactNode }[] = [
  { name: 'When', className: 'whitespace-nowrap', cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> },
  { name: 'Who', className: 'break-all', cell: (entry) => entry.actorEmail },
  { name: 'What', cell: (entry) => entry.summary },
];

/** Who did what on the desk, newest first: every fulfilment, refund, cancellation, note and product change. */
export function ActivityTab() {
  const log = useAuditLog();

  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <TabHeading id="activity-heading" title="Activity" description="Every change made from the order desk, newest first, in South African time." />
      <QueryState
        query={log}
        loading={{ label: 'Loading activity', skeletons: ['h-32 w-full'] }}
        error={{ message: 'Failed to load the activity' }}
        empty={{ when: (data) => data.pages.every((page) => page.length === 0), show: 'No activity yet.' }}
      >
        {({ pages }) => (
          <table className="block w-full text-left text-sm md:table md:rounded-lg md:border md:border-slate-200 md:bg-white">
            <caption className="sr-only">Order desk activity</caption>
            <thead className="sr-only md:not-sr-only md:table-header-group">
              <tr className="border-b border-slate-200 text-slate-600">
                {columns.map((column) => (
                  <th key={column.name} scope="col" className="px-3 py-2.5 font-medium">
                    {column.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group md:space-y-0">
              {pages.flat().map((entry) => (
                <tr
                  key={entry.id}
                  className="block rounded-lg border border-slate-200 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:last:border-b-0"
                  data-testid="activity-entry"
                >
                  {columns.map((column) => (
                    <td key={column.name} data-label={`${column.name}:`} className={cn(cellClass, column.className)}>
                      {column.cell(entry)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {log.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {log.isFetchingNextPage ? 'Loading...' : 'Show older activity'}
          </Button>
        </div>
      )}
    </section>
  );
}

import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { FulfilButton } from './OrderCard';
import { StatusBadge } from './OrderParts';
import { OversoldBadge } from './OversoldMark';
import { formatDateTime, itemLine } from './order-format';
import { useOrderParam } from './use-order-param';
import { formatRand } from '../../../shared/money';
import type { AdminOrder, OrderSort, OrderSortColumn } from '../../../shared/order-desk';
import { deliveryOptionLabel } from '../../../shared/delivery';

interface OrderTableProps {
  label: string;
  orders: AdminOrder[];
  sort: OrderSort;
  onSort: (column: OrderSortColumn) => void;
  onFulfil: (order: AdminOrder) => void;
}

const cell = 'px-3 py-2.5 align-top';

/** A column heading that sorts the list by its column; aria-sort says which way it is sorted now. */
function SortHeading({ column, label, sort, onSort, className }: { column: OrderSortColumn; label: string; sort: OrderSort; onSort: (column: OrderSortColumn) => void; className?: string }) {
  const [sortedColumn, direction] = sort.split('-');
  const sorted = sortedColumn === column;
  const Icon = !sorted ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={sorted ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('px-1 py-1 text-left', className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-10 items-center gap-1 rounded-md px-2 text-xs font-semibold tracking-wide text-slate-700 uppercase hover:bg-slate-100 hover:text-slate-900"
      >
        {label}
        <Icon className={cn('h-3.5 w-3.5', sorted ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      </button>
    </th>
  );
}

/** The orders on a laptop: one compact row each, sortable by its columns. Phones get the cards. */
export function OrderTable({ label, orders, sort, onSort, onFulfil }: OrderTableProps) {
  const { hrefOf, linkState } = useOrderParam();
  const heading = { sort, onSort };
  return (
    // Relative: the screen-reader-only heading of the last column stays inside the scrolling box.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm" aria-label={label} data-testid="order-table">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <SortHeading column="number" label="Order" {...heading} />
            <SortHeading column="date" label="Date" {...heading} />
            <SortHeading column="customer" label="Customer" {...heading} />
            <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
              Flags and collection
            </th>
            <SortHeading column="total" label="Total" {...heading} className="text-right" />
            <SortHeading column="status" label="Status" {...heading} />
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" data-order-number={order.orderNumber} className="hover:bg-slate-50">
              <th scope="row" className={cn(cell, 'text-left font-semibold whitespace-nowrap')}>
                <Link to={hrefOf(order.id)} state={linkState} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
                  {order.orderNumber}
                </Link>
              </th>
              <td className={cn(cell, 'whitespace-nowrap text-slate-700')}>
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </td>
              <td className={cn(cell, 'max-w-56')}>
                <span className="block font-medium text-slate-900">{order.customerName}</span>
                <span className="block truncate text-slate-600" title={order.customerEmail}>
                  {order.customerEmail}
                </span>
              </td>
              <td className={cn(cell, 'text-slate-700')}>
                <span className="block text-slate-900" data-testid="order-items">
                  {order.items.length ? order.items.map((item) => `${itemLine(item).name} × ${itemLine(item).quantity}`).join(', ') : 'No items found'}
                </span>
                <span className="block">
                  {deliveryOptionLabel(order.deliveryOption)}
                  {order.paxiLocationName && ` · ${order.paxiLocationName}`}
                  {order.deliveryAddress && ` · ${order.deliveryAddress}`}
                </span>
                {order.trackingNumber && (
                  <span className="block font-mono text-xs break-all" data-testid="tracking-number">
                    {order.trackingNumber}
                  </span>
                )}
              </td>
              <td className={cn(cell, 'text-right font-semibold whitespace-nowrap tabular-nums')} data-testid="order-total">
                {formatRand(order.totalAmount)}
              </td>
              <td className={cell}>
                <StatusBadge order={order} />
                <OversoldBadge order={order} />
              </td>
              <td className={cn(cell, 'text-right')}>
                <FulfilButton order={order} onFulfil={onFulfil} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

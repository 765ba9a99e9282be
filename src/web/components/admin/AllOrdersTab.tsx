import { useEffect, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Download, Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { withParam } from '../../lib/search-params';
import { buttonClasses } from '../ui/Button';
import { Field, SelectField, TextField } from '../ui/Field';
import { OrderList, useFailureToast } from './OrderList';
import { TabHeading } from './TabHeading';
import { nextSort } from './order-format';
import { filterParams, useOrderSearch } from './use-order-desk';
import { DEFAULT_ORDER_SORT, orderDeskMessages, orderSearchSchema, orderStatusFilters, type OrderSearch, type OrderSortColumn } from '../../../shared/order-desk';

const SEARCH_DELAY_MS = 300;
const filterKeys = ['q', 'status', 'from', 'to', 'sort'] as const;

// The same words as the status phrases on the orders.
const statusOptions = [{ value: '', label: 'All statuses' }, ...orderStatusFilters];

/** The filters and the sort in the address (?q=&status=&from=&to=&sort=), checked with the server's own schema; a bad one is dropped. */
function searchFrom(params: URLSearchParams): OrderSearch {
  const search: OrderSearch = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (!value) continue;
    const field = orderSearchSchema.shape[key].safeParse(value);
    if (field.success && field.data) Object.assign(search, { [key]: field.data });
  }
  return search;
}

type FilterKey = (typeof filterKeys)[number];

/** Every order, newest first or sorted by a column: search by number, name or email, filter by status and date, export what is shown. */
export function AllOrdersTab() {
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params);
  const [text, setText] = useState(search.q ?? '');
  const { data, isPending, isError, errorUpdatedAt, refetch, isFetching } = useOrderSearch(search);
  useFailureToast(isError ? errorUpdatedAt : 0, orderDeskMessages.fetchOrders);

  // Filters replace the history entry: Back leaves the tab rather than undoing each keystroke.
  const setFilter = (key: FilterKey, value: string) => setParams((current) => withParam(current, key, value), { replace: true });

  // The search follows the typing once it pauses.
  const applied = search.q ?? '';
  useEffect(() => {
    const q = text.trim();
    if (q === applied) return;
    const timer = setTimeout(() => setParams((current) => withParam(current, 'q', q), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, applied, setParams]);

  const onSelect = (key: FilterKey) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setFilter(key, event.target.value);
  const sort = search.sort ?? DEFAULT_ORDER_SORT;
  const onSort = (column: OrderSortColumn) => {
    const next = nextSort(sort, column);
    setFilter('sort', next === DEFAULT_ORDER_SORT ? '' : next);
  };
  const exportHref = `/api/admin/orders/export.csv?${filterParams(search)}`;
  const shown = data?.orders.length ?? 0;
  const total = data?.total ?? 0;
  const filtered = Object.keys(search).some((key) => key !== 'sort');

  return (
    <section aria-labelledby="all-orders-heading" className="space-y-4">
      <TabHeading
        id="all-orders-heading"
        title="All orders"
        description="Newest first unless you sort by a column. Click an order number for its details, history and actions."
        action={
          <a href={exportHref} download className={buttonClasses('outline', 'sm')}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
        }
      />
      <form role="search" aria-label="Find orders" onSubmit={(event) => event.preventDefault()} className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-4">
        <Field id="order-search" label="Search" className="col-span-2 lg:col-span-1">
          {(control) => (
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 mt-0.75 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <input
                {...control}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="Order number, name or email"
                maxLength={100}
                className={cn(control.className, 'pl-9')}
              />
            </div>
          )}
        </Field>
        <SelectField
          id="order-status"
          label="Status"
          className="col-span-2 lg:col-span-1"
          value={search.status ?? ''}
          onChange={onSelect('status')}
          options={statusOptions}
        />
        <TextField id="order-from" label="Placed from" type="date" value={search.from ?? ''} max={search.to} onChange={onSelect('from')} />
        <TextField id="order-to" label="Placed to" type="date" value={search.to ?? ''} min={search.from} onChange={onSelect('to')} />
      </form>
      {data && !isError && (
        <p className="text-sm text-slate-700" role="status" aria-busy={isFetching} data-testid="order-count">
          {shown < total ? `Showing ${shown} of ${total} orders` : `${total} ${total === 1 ? 'order' : 'orders'}`}
          {filtered && ' matching the filters'}
        </p>
      )}
      <OrderList
        label="Orders"
        orders={{ data: data?.orders, isPending, isError, refetch }}
        sort={sort}
        onSort={onSort}
        errorMessage={orderDeskMessages.fetchOrders}
        emptyMessage="No orders found"
      />
    </section>
  );
}

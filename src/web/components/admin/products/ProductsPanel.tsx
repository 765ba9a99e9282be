import { useId, useState } from 'react';
import { Pencil, Plus, Search } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Button } from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { TabHeading } from '../TabHeading';
import { ProductDialog } from './ProductDialog';
import { SizePriceForm } from './SizePriceForm';
import { useAdminProducts } from './use-admin-products';
import { formatRand } from '../../../../shared/money';
import { countryName } from '../../../../shared/product';
import { stockLevel } from '../../../../shared/stock';
import { shopVisibility, type AdminProduct } from '../../../../shared/product-admin';

function StockCell({ stockQuantity }: { stockQuantity: number | null }) {
  const level = stockLevel(stockQuantity);
  if (level.kind === 'unlimited') return <span className="text-slate-600">Not counted</span>;
  return (
    <span
      className={cn(
        'tabular-nums',
        level.kind === 'out' && 'font-semibold text-red-700',
        level.kind === 'low' && 'font-semibold text-amber-800',
      )}
    >
      {level.kind === 'out' ? '0 (out of stock)' : stockQuantity}
    </span>
  );
}

const pill = 'inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold md:whitespace-nowrap';
const pillTones = {
  yes: 'border-green-200 bg-green-50 text-green-800',
  no: 'border-slate-200 bg-slate-50 text-slate-700',
  waiting: 'border-amber-200 bg-amber-50 text-amber-900',
};

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <span className={cn(pill, value ? pillTones.yes : pillTones.no)}>{value ? yes : no}</span>;
}

/** Whether shoppers see the flag: shown, hidden by the owner, or waiting for its first picture. */
function ShopState({ product }: { product: AdminProduct }) {
  const state = shopVisibility(product);
  if (state === 'waiting-for-picture') return <span className={cn(pill, pillTones.waiting)}>Needs a picture</span>;
  return <YesNo value={state === 'shown'} yes="Shown" no="Hidden" />;
}

/**
 * Which dialog is open: none, a new flag, or the flag with this id. A flag just added keeps the
 * server's answer: a list read that started before it was saved must not turn its dialog back
 * into an empty "Add a Flag".
 */
type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; id: string; added?: AdminProduct };

/** The admin's catalogue: every flag with its prices, stock and state; add and edit flags, their sizes and pictures; price one size on every flag. */
export function ProductsPanel() {
  const headingId = useId();
  const { data: products, isPending, isError, refetch } = useAdminProducts();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });

  const wanted = filter.trim().toLowerCase();
  const shown = (products ?? []).filter((p) => !wanted || p.name.toLowerCase().includes(wanted) || p.slug.includes(wanted));
  const editedProduct = editing.mode === 'edit' ? (products?.find((p) => p.id === editing.id) ?? editing.added) : undefined;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <TabHeading
        id={headingId}
        title="Products"
        description="Every flag, also those hidden from the shop. Stock is the number left to sell; flags in an unpaid checkout are already taken off it."
        action={
          <Button onClick={() => setEditing({ mode: 'new' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Flag
          </Button>
        }
      />
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          type="search"
          aria-label="Find a flag"
          placeholder="Find a flag..."
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className={cn(inputClass, 'border-slate-400 pl-9')}
        />
      </div>

      {isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading products">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} className="h-12 w-full" />
          ))}
        </div>
      ) : isError ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert">
          Failed to fetch products.{' '}
          <Button variant="outline" size="sm" className="ml-2" onClick={() => void refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <ProductTable products={shown} onEdit={(id) => setEditing({ mode: 'edit', id })} />
          <SizePriceForm products={products} />
        </>
      )}

      <ProductDialog
        open={editing.mode !== 'closed'}
        onOpenChange={(open) => !open && setEditing({ mode: 'closed' })}
        product={editedProduct}
        onCreated={(product) => setEditing({ mode: 'edit', id: product.id, added: product })}
      />
    </section>
  );
}

function ProductTable({ products, onEdit }: { products: AdminProduct[]; onEdit: (id: string) => void }) {
  if (products.length === 0) return <p className="rounded-lg bg-white p-6 text-center text-slate-600">No flags found.</p>;
  const head = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
  return (
    // Relative: the screen-reader-only heading of the last column stays inside the scrolling box instead of widening the page.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      {/* On phones the prices, stock and featured columns fold into the flag's cell, so no row runs off the screen. */}
      <table className="w-full text-sm max-md:[&_td]:px-2 max-md:[&_th]:px-2 md:min-w-[44rem]" data-testid="admin-products">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>
              Flag
            </th>
            <th scope="col" className={cn(head, 'hidden text-right md:table-cell')}>
              Price
            </th>
            <th scope="col" className={cn(head, 'hidden text-right md:table-cell')}>
              Sale price
            </th>
            <th scope="col" className={cn(head, 'hidden text-right md:table-cell')}>
              Stock
            </th>
            <th scope="col" className={head}>
              In the shop
            </th>
            <th scope="col" className={cn(head, 'hidden md:table-cell')}>
              Featured
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {products.map((product) => (
            <tr key={product.id} data-testid="admin-product-row">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <div className="flex items-center gap-3">
                  {product.primaryImage ? (
                    <img src={product.primaryImage} alt="" loading="lazy" className="h-8 w-12 shrink-0 rounded-sm border border-slate-200 object-cover" />
                  ) : (
                    <span className="h-8 w-12 shrink-0 rounded-sm border border-dashed border-slate-300" aria-hidden="true" />
                  )}
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">{countryName(product.name)}</p>
                    <p className="text-xs break-all text-slate-600">/product/{product.slug}</p>
                    <p className="mt-0.5 text-xs text-slate-700 md:hidden" data-testid="product-summary">
                      {formatRand(product.salePriceCents ?? product.priceCents)}
                      {product.salePriceCents !== null && ' on sale'} · Stock <StockCell stockQuantity={product.stockQuantity} />
                      {product.featured && ' · Featured'}
                    </p>
                  </div>
                </div>
              </th>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums md:table-cell">{formatRand(product.priceCents)}</td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap tabular-nums md:table-cell">
                {product.salePriceCents === null ? <span className="text-slate-500">—</span> : formatRand(product.salePriceCents)}
              </td>
              <td className="hidden px-3 py-2 text-right whitespace-nowrap md:table-cell">
                <StockCell stockQuantity={product.stockQuantity} />
              </td>
              <td className="px-3 py-2">
                <ShopState product={product} />
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <YesNo value={product.featured} yes="Featured" no="No" />
              </td>
              <td className="px-3 py-2 text-right">
                <Button variant="outline" size="sm" aria-label={`Edit ${countryName(product.name)}`} onClick={() => onEdit(product.id)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {/* On a phone the pencil alone, so the row fits the screen; the button keeps its name. */}
                  <span className="max-md:sr-only">Edit</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { sortOptions } from './use-shop-filters';

/** 'Sort by', a native select: the phone's own picker opens on it, and it is one tap target of 48 px. */
export function ShopSortSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor="shop-sort" className="text-sm font-semibold whitespace-nowrap text-slate-900">
        Sort by
      </label>
      <select
        id="shop-sort"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-12 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-700 sm:flex-none"
        data-testid="shop-sort"
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

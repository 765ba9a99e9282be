import { useRef } from 'react';
import { Search, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';

/** The search box; its clear button empties it and puts the cursor back in it. */
export function ShopSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div role="search" className="relative w-full max-w-xl">
      <label htmlFor="shop-search" className="sr-only">
        Search flags by country
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        ref={input}
        id="shop-search"
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search flags by country..."
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className={cn(
          'h-12 w-full rounded-lg border border-slate-300 bg-white pl-11 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-700 [&::-webkit-search-cancel-button]:appearance-none',
          value === '' ? 'pr-3' : 'pr-12',
        )}
        data-testid="shop-search"
      />
      {value !== '' && (
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-1/2 right-0.5 -translate-y-1/2"
          aria-label="Clear search"
          debounceMs={0}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

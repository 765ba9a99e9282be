import { forwardRef, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { formatDistance, pointAddress, usePaxiSearch, type PaxiPoint } from './paxi-points';
import { paxi } from '../../../shared/shop-facts';

interface PaxiPointFinderProps {
  selected: PaxiPoint | null;
  onSelect: (point: PaxiPoint | null) => void;
}

/**
 * Search near an address, then choose one point from the answers, nearest first. The search has
 * its own form, so Enter in its box searches instead of paying.
 */
export const PaxiPointFinder = forwardRef<HTMLInputElement, PaxiPointFinderProps>(function PaxiPointFinder({ selected, onSelect }, ref) {
  const id = useId();
  const [address, setAddress] = useState('');
  const { points, location, searching, search } = usePaxiSearch();
  // Before any search, a point chosen on the PAXI finder page is offered on its own.
  const shownPoints = points ?? (selected ? [selected] : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (searching) return;
    const found = await search(address);
    // A point chosen near another address stays chosen only if it is among the new answers.
    if (found && selected && !found.some((point) => point.code === selected.code)) onSelect(null);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        PAXI collection point
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Collect your flags at a {paxi.storesText} store near you. Bring your ID when you collect.
      </p>
      <form role="search" aria-label="Find PAXI points" noValidate onSubmit={onSubmit} className="mt-4">
        <Field id={`${id}-address`} label="Your address or suburb" hint="Type a street, suburb or town to see the PAXI points closest to it.">
          {(control) => (
            <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
              <input
                ref={ref}
                {...control}
                type="text"
                autoComplete="street-address"
                placeholder="e.g. Sea Point, Cape Town"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                className={cn(control.className, 'mt-0 flex-1')}
              />
              <Button type="submit" variant="outline" disabled={searching} className="sm:w-auto">
                <Search className="h-4 w-4" aria-hidden="true" />
                {searching ? 'Searching...' : 'Search'}
              </Button>
            </div>
          )}
        </Field>
      </form>

      <p role="status" aria-live="polite" className="mt-4 text-sm text-slate-700">
        {points === null
          ? ''
          : points.length === 0
            ? `No PAXI points found near ${location}.`
            : `${points.length} PAXI point${points.length === 1 ? '' : 's'} near ${location}, nearest first.`}
      </p>

      {shownPoints && shownPoints.length > 0 && (
        <fieldset className="mt-3">
          <legend className="sr-only">Choose a PAXI point</legend>
          <ul className="space-y-2">
            {shownPoints.map((point) => (
              <li key={point.code}>
                <label
                  data-testid="paxi-point"
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    name="paxiPoint"
                    value={point.code}
                    checked={selected?.code === point.code}
                    onChange={() => onSelect(point)}
                    className="mt-1 accent-brand-700"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold text-slate-900">{point.name}</span>
                      <span className="text-sm font-medium whitespace-nowrap text-brand-800" data-testid="paxi-point-distance">
                        {formatDistance(point.distance)}
                      </span>
                    </span>
                    <span className="block text-sm text-slate-600">{pointAddress(point)}</span>
                    <span className="block text-xs text-slate-500">Point code {point.code}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      <p className="mt-4 text-xs text-slate-600">
        Parcels not collected within {paxi.uncollectedReturnDays} days go back to us. See our{' '}
        <Link to="/shipping-policy" className="font-semibold text-brand-700 underline">
          shipping policy
        </Link>
        .
      </p>
    </section>
  );
});

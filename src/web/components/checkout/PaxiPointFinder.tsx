import { forwardRef, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { directionsUrl, formatDistance, pointAddress, usePaxiSearch, type PaxiPoint } from './paxi-points';
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
  const { points, location, area, notice, error, searching, search, clearError } = usePaxiSearch();
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
        <Field
          id={`${id}-address`}
          label="Your address or suburb"
          hint="Type a street, suburb, town or postal code to see the PAXI points closest to it."
          error={error ?? undefined}
          announce
        >
          {(control) => (
            <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
              <input
                ref={ref}
                {...control}
                type="text"
                autoComplete="street-address"
                placeholder="e.g. Sea Point, Cape Town"
                value={address}
                onChange={(event) => {
                  setAddress(event.target.value);
                  clearError();
                }}
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
        {!points?.length
          ? ''
          : area === 'province'
            ? notice
            : [`${points.length} PAXI point${points.length === 1 ? '' : 's'} near ${location}, nearest first.`, notice].filter(Boolean).join(' ')}
      </p>

      {shownPoints && shownPoints.length > 0 && (
        <fieldset className="mt-3">
          <legend className="sr-only">Choose a PAXI point</legend>
          <ul className="space-y-2">
            {shownPoints.map((point) => (
              <li key={point.code} className="rounded-lg border border-slate-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <label
                  data-testid="paxi-point"
                  className="flex cursor-pointer items-start gap-3 rounded-lg p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    name="paxiPoint"
                    value={point.code}
                    checked={selected?.code === point.code}
                    onChange={() => onSelect(point)}
                    className="mx-0 mt-1 h-4 w-4 shrink-0 accent-brand-700"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold text-slate-900">{point.name}</span>
                      {/* The chosen point says it below, with the place it is measured from. */}
                      {area === 'place' && selected?.code !== point.code && (
                        <span className="text-sm font-medium whitespace-nowrap text-brand-800" data-testid="paxi-point-distance">
                          {formatDistance(point.distance)}
                        </span>
                      )}
                    </span>
                    <span className="block text-sm text-slate-600">{pointAddress(point)}</span>
                    <span className="block text-xs text-slate-500">Point code {point.code}</span>
                  </span>
                </label>
                {selected?.code === point.code && (
                  <ChosenPointWay point={point} from={points && area === 'place' ? location : null} />
                )}
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

/** How far the chosen point is from the searched place, and a maps link with directions to it. */
function ChosenPointWay({ point, from }: { point: PaxiPoint; from: string | null }) {
  const directions = directionsUrl(point);
  if (!from && !directions) return null;
  return (
    <div className="-mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 px-4 pb-2 pl-11 text-sm text-slate-700" data-testid="chosen-point-way">
      {from && (
        <p>
          {formatDistance(point.distance)} from {from}
        </p>
      )}
      {directions && (
        <a
          href={directions}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
        >
          Directions
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only"> to {point.name} (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

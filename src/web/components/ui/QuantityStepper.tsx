import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Minus, Plus } from 'lucide-react';
import { cn } from '../../lib/cn';
import { typedQuantity } from '../../../shared/cart';
import { Button } from './Button';

const atLimit = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label?: string;
  /** Said under the number when a typed one was more than `max`: why it stops there. */
  mostNote?: ReactNode;
  className?: string;
}

/**
 * Minus, the number, plus. The number can be typed too (a school wants 30, not 29 taps) and is kept
 * between the limits; the arrow keys step it as on any spin button. The buttons stop at the limits
 * and screen readers hear the new number. A button at its limit stays focusable (aria-disabled): a
 * disabled one would drop the keyboard's focus to the page the moment the limit is reached.
 */
export function QuantityStepper({ value, onChange, min = 1, max = 10, label = 'Quantity', mostNote, className }: QuantityStepperProps) {
  const labelId = useId();
  const noteId = useId();
  const lower = label.toLowerCase();
  // What is in the box while the shopper types: it may be empty or too large for a moment.
  const [draft, setDraft] = useState<string | undefined>();
  const [capped, setCapped] = useState(false);
  const [said, setSaid] = useState('');

  const set = (next: number, announce: boolean) => {
    onChange(next);
    setCapped(false);
    if (announce) setSaid(String(next));
  };
  const type = (text: string) => {
    setDraft(text);
    const typed = typedQuantity(text, max);
    const asked = Number(text.trim());
    // A 0 is left as typed, not read as 1: the shopper may be about to type more.
    if (typed === undefined || asked < min) return;
    onChange(typed);
    setCapped(asked > max);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' && value < max) set(value + 1, false);
    else if (event.key === 'ArrowDown' && value > min) set(value - 1, false);
    else return;
    event.preventDefault();
    setDraft(undefined);
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <span id={labelId} className="text-sm font-semibold text-slate-900">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} className="inline-flex w-fit items-center rounded-md border border-slate-300">
        <Button
          variant="ghost"
          size="icon"
          className={cn('rounded-r-none', atLimit)}
          aria-label={`Decrease ${lower}`}
          aria-disabled={value <= min || undefined}
          onClick={() => value > min && set(Math.max(min, value - 1), true)}
          data-testid="quantity-decrease"
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </Button>
        <input
          type="text"
          inputMode="numeric"
          role="spinbutton"
          aria-label={label}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-describedby={capped && mostNote ? noteId : undefined}
          autoComplete="off"
          value={draft ?? String(value)}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          // Left empty or as no number, the box shows the quantity that stands.
          onBlur={() => setDraft(undefined)}
          onFocus={(event) => event.target.select()}
          className="h-11 w-14 border-x border-slate-300 text-center text-base font-semibold tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          data-testid="quantity-value"
        />
        <Button
          variant="ghost"
          size="icon"
          className={cn('rounded-l-none', atLimit)}
          aria-label={`Increase ${lower}`}
          aria-disabled={value >= max || undefined}
          onClick={() => value < max && set(Math.min(max, value + 1), true)}
          data-testid="quantity-increase"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {said}
      </span>
      {capped && mostNote && (
        <p id={noteId} className="text-sm text-slate-600" role="status" data-testid="quantity-most">
          {mostNote}
        </p>
      )}
    </div>
  );
}

import { useId } from 'react';
import { Minus, Plus } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './Button';

const atLimit = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label?: string;
  className?: string;
}

/**
 * Minus, the number, plus; the buttons stop at the limits and screen readers hear the new number.
 * A button at its limit stays focusable (aria-disabled): a disabled one would drop the keyboard's
 * focus to the page the moment the limit is reached.
 */
export function QuantityStepper({ value, onChange, min = 1, max = 10, label = 'Quantity', className }: QuantityStepperProps) {
  const labelId = useId();
  const lower = label.toLowerCase();
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
          onClick={() => value > min && onChange(Math.max(min, value - 1))}
          data-testid="quantity-decrease"
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </Button>
        <output
          aria-live="polite"
          aria-label={label}
          className="inline-flex h-11 w-12 items-center justify-center border-x border-slate-300 text-base font-semibold tabular-nums"
          data-testid="quantity-value"
        >
          {value}
        </output>
        <Button
          variant="ghost"
          size="icon"
          className={cn('rounded-l-none', atLimit)}
          aria-label={`Increase ${lower}`}
          aria-disabled={value >= max || undefined}
          onClick={() => value < max && onChange(Math.min(max, value + 1))}
          data-testid="quantity-increase"
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { X } from 'lucide-react';
import { Button } from '../ui/Button';
import { inputClass } from '../ui/Field';
import { cn } from '../../lib/cn';
import type { DiscountCode } from './use-discount-code';

/** 'Discount code' with Apply; once applied, the code and what it takes off, with a way to remove it. */
export function DiscountCodeField({ discount }: { discount: DiscountCode }) {
  // A code remembered from the last visit shows while it is priced again, and stays there if it was refused.
  const [code, setCode] = useState(discount.kept ?? '');
  const { applied } = discount;
  if (applied) {
    return (
      <p className="flex items-center justify-between gap-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="discount-applied">
        <span>
          <span className="font-semibold">{applied.code}</span>: {applied.description}
        </span>
        <button type="button" onClick={discount.remove} className="inline-flex min-h-11 items-center gap-1 font-semibold underline" aria-label={`Remove discount code ${applied.code}`}>
          <X className="h-4 w-4" aria-hidden="true" /> Remove
        </button>
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim() && !discount.pending) void discount.apply(code);
      }}
    >
      <label htmlFor="discount-code" className="block text-sm font-medium text-slate-900">
        Discount code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="discount-code"
          name="discountCode"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={discount.error ? true : undefined}
          aria-describedby={discount.error ? 'discount-code-error' : undefined}
          className={cn(inputClass, 'mt-0 min-w-0 flex-1 uppercase', discount.error ? 'border-red-600' : 'border-slate-300')}
        />
        <Button type="submit" variant="outline" disabled={discount.pending || !code.trim()}>
          {discount.pending ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      {discount.error && (
        <p id="discount-code-error" role="alert" className="mt-1 text-sm text-red-700">
          {discount.error}
        </p>
      )}
    </form>
  );
}

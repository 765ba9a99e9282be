import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useDebouncedClick } from './use-debounced-click';
import { cn } from '../../lib/cn';

/** Repeat clicks inside this window are ignored (spec section 5). */
export const BUTTON_DEBOUNCE_MS = 300;

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-gold-500 text-slate-900 hover:bg-gold-400',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

const sizes: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-11 w-11',
};

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  debounceMs?: number;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, debounceMs = BUTTON_DEBOUNCE_MS, onClick, type = 'button', ...rest },
  ref,
) {
  const handleClick = useDebouncedClick(onClick, debounceMs);
  return (
    <button ref={ref} type={type} className={buttonClasses(variant, size, className)} onClick={handleClick} {...rest} />
  );
});

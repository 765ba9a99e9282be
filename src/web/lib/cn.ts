import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Class lists joined, a later Tailwind class winning over an earlier one of the same kind (px-0 over px-3). */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}

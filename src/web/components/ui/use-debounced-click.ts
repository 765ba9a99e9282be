import { useRef, type MouseEvent } from 'react';

/**
 * Wraps a click handler so that clicks within `windowMs` of the last accepted one are ignored
 * (spec section 5: 300 ms on buttons, 100 ms on the FAQ). An ignored click has its default
 * prevented, which also stops Radix triggers from toggling.
 */
export function useDebouncedClick<E extends HTMLElement>(
  onClick: ((event: MouseEvent<E>) => void) | undefined,
  windowMs: number,
): (event: MouseEvent<E>) => void {
  const lastClick = useRef(Number.NEGATIVE_INFINITY);
  return (event) => {
    const now = performance.now();
    if (now - lastClick.current < windowMs) {
      event.preventDefault();
      return;
    }
    lastClick.current = now;
    onClick?.(event);
  };
}

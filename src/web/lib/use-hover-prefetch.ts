import { useCallback, useEffect, useMemo, useRef } from 'react';

/** Spec section 9: hovering a link for 100 ms starts loading what it leads to. */
const HOVER_PREFETCH_DELAY_MS = 100;

export interface HoverPrefetchHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onTouchStart: () => void;
}

/**
 * Handlers to spread on an element: `prefetch` runs once the pointer (or keyboard focus) has stayed
 * on it for `delayMs`; leaving earlier cancels. A touch runs it at once, since the tap follows.
 */
export function useHoverPrefetch(prefetch: () => void, delayMs = HOVER_PREFETCH_DELAY_MS): HoverPrefetchHandlers {
  const latest = useRef(prefetch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    latest.current = prefetch;
  }, [prefetch]);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, delayMs);
  }, [cancel, delayMs]);

  const runNow = useCallback(() => {
    cancel();
    latest.current();
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return useMemo(
    () => ({ onMouseEnter: schedule, onMouseLeave: cancel, onFocus: schedule, onBlur: cancel, onTouchStart: runNow }),
    [schedule, cancel, runNow],
  );
}

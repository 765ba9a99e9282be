import { useEffect, useRef } from 'react';

export type MoveDirection = 'up' | 'down';

/**
 * The Up and Down arrows of a list the owner reorders (pictures, sizes): after a move the focus
 * stays on the same arrow of the moved row, so the keyboard can keep going; at the top or bottom
 * the row's other arrow takes it. `ids` is the list's order as shown.
 */
export function useMovingFocus(ids: readonly string[]) {
  const arrows = useRef(new Map<string, HTMLButtonElement | null>());
  const pending = useRef<{ id: string; direction: MoveDirection; place: number } | null>(null);

  // After the render that shows the new order.
  useEffect(() => {
    if (!pending.current) return;
    const { id, direction, place } = pending.current;
    if (ids[place] !== id) return;
    const same = arrows.current.get(`${id}-${direction}`);
    const other = arrows.current.get(`${id}-${direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
    pending.current = null;
  });

  return {
    /** The ref of a row's arrow. */
    arrowRef: (id: string) => (direction: MoveDirection, element: HTMLButtonElement | null) => void arrows.current.set(`${id}-${direction}`, element),
    /** Call once the move is saved: the row `id` now sits at `place`. */
    moved: (id: string, direction: MoveDirection, place: number) => {
      pending.current = { id, direction, place };
    },
  };
}

import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '../../ui/Button';
import type { MoveDirection } from './use-moving-focus';

interface MoveArrowsProps {
  /** What moves, as the buttons' names say it: 'Move 90 × 60 cm up'. */
  what: string;
  index: number;
  count: number;
  /** A move still being saved. */
  moving?: boolean;
  /** 'Up' and 'Down' beside the arrows, where the row has room. */
  words?: boolean;
  onMove: (direction: MoveDirection) => void;
  arrowRef: (direction: MoveDirection, element: HTMLButtonElement | null) => void;
}

/** A reordered row's Up and Down buttons, each off at its end of the list; their refs let useMovingFocus keep the focus on them. */
export function MoveArrows({ what, index, count, moving = false, words = false, onMove, arrowRef }: MoveArrowsProps) {
  const arrow = (direction: MoveDirection, last: boolean) => (
    <Button
      ref={(element) => arrowRef(direction, element)}
      variant="ghost"
      size={words ? 'sm' : 'icon'}
      aria-label={`Move ${what} ${direction}`}
      disabled={last || moving}
      onClick={() => onMove(direction)}
    >
      {direction === 'up' ? <ArrowUp className="h-4 w-4" aria-hidden="true" /> : <ArrowDown className="h-4 w-4" aria-hidden="true" />}
      {words && (direction === 'up' ? 'Up' : 'Down')}
    </Button>
  );
  return (
    <>
      {arrow('up', index === 0)}
      {arrow('down', index === count - 1)}
    </>
  );
}

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, noRetryOnRefusal } from '../../lib/api';
import type { PaxiPoint } from './paxi-points';

/** What the shopper reads when the point they chose before has closed or left PAXI's list. */
function pointGoneMessage(point: Pick<PaxiPoint, 'name'>): string {
  return `The PAXI point you chose before, ${point.name}, is no longer available. Please choose another collection point.`;
}

/**
 * The point checkout starts with (remembered from an earlier visit, or chosen on /paxi-finder) is
 * asked about once: one that is gone is dropped, and the message to show is returned until the
 * shopper chooses another. A failed question keeps the point; paying checks it again.
 */
export function useRecheckedPoint(point: PaxiPoint | null, onGone: () => void): string | null {
  const [startedWith] = useState(point);
  const [gone, setGone] = useState<PaxiPoint | null>(null);
  const check = useQuery({
    queryKey: [`/api/paxi-points/${encodeURIComponent(startedWith?.code ?? '')}`],
    enabled: !!startedWith,
    retry: noRetryOnRefusal,
    staleTime: 0,
  });
  const refused = check.error instanceof ApiError && check.error.status === 404;
  const stillChosen = !!startedWith && point?.code === startedWith.code;
  useEffect(() => {
    if (!refused || !stillChosen) return;
    setGone(startedWith);
    onGone();
  }, [refused, stillChosen, startedWith, onGone]);
  return gone && !point ? pointGoneMessage(gone) : null;
}

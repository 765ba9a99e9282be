import { useSyncExternalStore } from 'react';

const nothingToFollow = () => () => undefined;

/**
 * False on the server and while the app takes over a part of a page the server drew (decision
 * 0032), true otherwise. A part of the page is taken over after the page's frame, once the
 * shopper's own answers (the session) may already be in: what shows them must wait for this, or
 * the part would be taken over unlike its drawing (React does not correct attributes then).
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    nothingToFollow,
    () => true,
    () => false,
  );
}

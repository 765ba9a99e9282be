import { useSyncExternalStore } from 'react';

const nothingToFollow = () => () => undefined;

/**
 * False on the server and while the app hydrates a part of a page the server rendered (decision
 * 0032), true otherwise. A part of the page is hydrated after the page's frame, once the
 * shopper's own answers (the session) may already be in: what shows them must wait for this, or
 * the part would be hydrated unlike its server rendering (React does not correct attributes then).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToFollow,
    () => true,
    () => false,
  );
}

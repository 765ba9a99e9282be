import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

export function setCartPanelOpen(next: boolean): void {
  open = next;
  for (const listener of listeners) listener();
}

export function useCartPanelOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}

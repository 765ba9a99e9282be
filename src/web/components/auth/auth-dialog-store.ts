import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'signup' | 'forgot-password';

interface AuthDialogState {
  open: boolean;
  mode: AuthMode;
}

let state: AuthDialogState = { open: false, mode: 'login' };
const listeners = new Set<() => void>();

function emit(next: AuthDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the sign-in dialog, in login mode unless told otherwise (spec section 2). */
export function openAuthDialog(mode: AuthMode = 'login'): void {
  emit({ open: true, mode });
}

export function closeAuthDialog(): void {
  emit({ ...state, open: false });
}

export function setAuthMode(mode: AuthMode): void {
  emit({ ...state, mode });
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

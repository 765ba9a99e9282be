import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'signup' | 'forgot-password';

/** What the shopper typed that every mode asks for again: kept while they switch modes, or brought from checkout. */
export interface AuthTyped {
  name: string;
  email: string;
}

interface AuthDialogState extends AuthTyped {
  open: boolean;
  mode: AuthMode;
}

let state: AuthDialogState = { open: false, mode: 'login', name: '', email: '' };
const listeners = new Set<() => void>();

function emit(next: AuthDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the sign-in dialog, in login mode unless told otherwise (spec section 2), with what the
 * shopper already typed elsewhere (checkout's name and email) filled in.
 */
export function openAuthDialog(mode: AuthMode = 'login', typed: Partial<AuthTyped> = {}): void {
  emit({ ...state, ...typed, open: true, mode });
}

/** What was typed goes with it: the next shopper at this computer starts with empty fields. */
export function closeAuthDialog(): void {
  emit({ ...state, open: false, name: '', email: '' });
}

export function setAuthMode(mode: AuthMode): void {
  emit({ ...state, mode });
}

/** The name or email as typed in the dialog, so that the next mode starts with it. */
export function setAuthTyped(typed: Partial<AuthTyped>): void {
  emit({ ...state, ...typed });
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

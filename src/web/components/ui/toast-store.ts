import { useSyncExternalStore } from 'react';

/** Spec section 9: one toast at a time, shown 5 s, a dismissed one removed after 1,000,000 ms. */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** A button in a toast; altText tells screen reader users the lasting way to do the same. */
interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
  open: boolean;
}

let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: Omit<ToastData, 'id' | 'open'>): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes every open toast, e.g. when the cart panel that shows the same news opens. */
export function dismissAllToasts(): void {
  for (const t of toasts) if (t.open) dismissToast(t.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

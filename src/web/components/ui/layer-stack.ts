import { useEffect, useRef, useState } from 'react';

/**
 * What Escape closes: the shop's open layers (dialogs, the phone menu, a form opened inside a
 * dialog), newest on top. Escape closes the top one only. Radix lets only its topmost layer hear
 * Escape, and a toast that has just appeared is that layer: the shop's dialogs and the toasts ask
 * this stack instead, so that a toast never takes the Escape meant for the layer under the focus.
 */
interface Layer {
  close: () => void;
}

const layers: Layer[] = [];

/** Closes the top layer; false when none is open. */
export function closeTopLayer(): boolean {
  const top = layers.at(-1);
  if (!top) return false;
  top.close();
  return true;
}

/** Escape for layers Radix does not handle (the phone menu, a form inside a dialog with no Radix layer above it). */
function onEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  if (closeTopLayer()) event.preventDefault();
}

function push(layer: Layer): void {
  if (layers.length === 0) document.addEventListener('keydown', onEscape);
  layers.push(layer);
}

function remove(layer: Layer): void {
  const index = layers.indexOf(layer);
  if (index >= 0) layers.splice(index, 1);
  if (layers.length === 0) document.removeEventListener('keydown', onEscape);
}

function focusedElement(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Puts a layer on the stack while `open`; Escape then calls `close` if it is on top. With
 * `returnFocus`, closing by Escape gives the focus back to what had it when the layer opened (a
 * Radix dialog does that itself).
 */
export function useEscapeLayer(open: boolean, close: () => void, { returnFocus = false }: { returnFocus?: boolean } = {}): void {
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  // Noted while rendering the opening, before a field in the layer takes the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    setOpener(open && returnFocus ? focusedElement() : null);
  }
  useEffect(() => {
    if (!open) return;
    const layer: Layer = {
      close: () => {
        latestClose.current();
        if (opener?.isConnected) opener.focus();
      },
    };
    push(layer);
    return () => remove(layer);
  }, [open, opener]);
}

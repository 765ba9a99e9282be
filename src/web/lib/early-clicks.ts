/**
 * A page the server rendered (decision 0032) shows its buttons before the app has hydrated it, and a
 * button's click then does nothing: the shopper taps Add to Cart and no flag is added. Until the
 * hydration, a click on a button of the page is held (its default action too), and the last one is
 * clicked again once the app runs. Links are left alone: they work without the app.
 *
 * Returns what replays the held click; calling it again does nothing.
 */
export function holdClicksUntilHydrated(root: HTMLElement): () => void {
  let held: HTMLElement | undefined;
  let released = false;
  // Ahead of the app's own listeners on the root: registered first, in the capture phase.
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = button;
  };
  root.addEventListener('click', hold, true);
  return () => {
    if (released) return;
    released = true;
    root.removeEventListener('click', hold, true);
    // The hydration keeps the server-rendered elements: the same button gets the app's handler. The click
    // goes after the app's own work: a click on a part not yet hydrated has React take that part
    // over first, which it cannot do from inside that work (its effects, from which this is called).
    const button = held;
    if (button) setTimeout(() => button.isConnected && button.click());
  };
}

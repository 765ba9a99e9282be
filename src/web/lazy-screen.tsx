import { lazy, useState, type ComponentType } from 'react';

export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** Screens whose code has already arrived, by their loader (page-loaders.ts). */
const loadedScreens = new Map<ScreenLoader, ComponentType>();

/**
 * Fetches a screen's code before the app hydrates the page the server rendered (decision 0032), so
 * that the whole page is hydrated in one pass, with the data it was rendered from. A screen that
 * arrived later would be hydrated with whatever the shopper's own queries had brought by then
 * (the session, say), which the server's rendering does not show.
 */
export async function preloadScreen(load: ScreenLoader): Promise<void> {
  loadedScreens.set(load, (await load()).default);
}

/** A screen loaded on first use (React.lazy), or at once when preloadScreen already brought it. */
export function lazyScreen(load: ScreenLoader): ComponentType {
  const Lazy = lazy(load);
  return function Screen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen would remount it.
    const [Shown] = useState(() => loadedScreens.get(load) ?? Lazy);
    return <Shown />;
  };
}

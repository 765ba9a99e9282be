/**
 * Warming a screen's code before the click: the links and cards that do it ask here, by address,
 * and main.tsx says once where the screens are (page-loaders.ts). The components do not import the
 * loaders themselves: those import every screen, and the screens import the components.
 */
type LoaderFor = (to: string) => (() => Promise<unknown>) | undefined;

let loaderFor: LoaderFor = () => undefined;

export function knowScreens(find: LoaderFor): void {
  loaderFor = find;
}

/**
 * Starts loading the code of the screen at `to`, when it is a lazily loaded one not loaded yet; a
 * failure (offline, a new deploy) is left to the real navigation.
 */
export function warmScreenFor(to: string): void {
  loaderFor(to)?.().catch(() => undefined);
}

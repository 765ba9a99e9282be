import './lib/content-security';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, TEN_MINUTES } from './lib/query-client';
import { ShopApp } from './app';
import { pageLoaderFor } from './page-loaders';
import { preloadScreen } from './lazy-screen';
import { knowScreens } from './lib/screen-warming';
import { followAccountNews } from './components/auth/account-broadcast';
import { measurePageSpeed } from './lib/page-speed';
import { holdClicksUntilHydrated } from './lib/early-clicks';
import { initialData } from './lib/initial-data';
import './styles.css';

const ONE_HOUR = 60 * 60 * 1000;
const queryClient = createQueryClient();
const year = initialData.year ?? new Date().getFullYear();

function warmCaches(): void {
  // The catalogue for the shop screens; a failure here is not the shopper's concern.
  void queryClient.prefetchQuery({ queryKey: ['/api/products'], staleTime: TEN_MINUTES }).catch(() => undefined);
  // The sign-in options (spec section 7: fresh for an hour; failures ignored).
  void queryClient.prefetchQuery({ queryKey: ['/api/config/firebase'], staleTime: ONE_HOUR }).catch(() => undefined);
}
// An email verified in another tab shows here too, without a reload.
followAccountNews(queryClient);
// Links and cards warm the screen they lead to (lib/screen-warming.ts).
knowScreens(pageLoaderFor);
// Real shoppers' page speed, reported 3 s after the load (spec section 9; decision 0030).
measurePageSpeed();

window.addEventListener('unhandledrejection', (event) => console.error('Unhandled promise rejection', event.reason));
window.addEventListener('error', (event) => console.error('Unhandled error', event.error));

const root = document.getElementById('root')!;
if (root.firstElementChild) {
  // A page the server rendered (decision 0032) is hydrated with its screen's code already here and no
  // answer arriving meanwhile: the caches are warmed once it has been hydrated. The hydration is a
  // transition, which React does in slices of a few milliseconds, handing the main thread back to
  // the browser between them rather than holding it for the whole page (a third of a second on a
  // slow phone).
  // Not a top-level await: the build would then split this script into dozens of small ones, so
  // that the screens it waits for could load without waiting on it.
  const replayHeldClick = holdClicksUntilHydrated(root);
  const shown = () => {
    replayHeldClick();
    warmCaches();
  };
  const screen = pageLoaderFor(window.location.pathname);
  void (screen ? preloadScreen(screen).catch(() => undefined) : Promise.resolve()).then(() =>
    startTransition(() => {
      hydrateRoot(root, <ShopApp queryClient={queryClient} router={BrowserRouter} year={year} onShown={shown} />);
    }),
  );
} else {
  warmCaches();
  createRoot(root).render(<ShopApp queryClient={queryClient} router={BrowserRouter} year={year} />);
}

import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { NavBar } from './NavBar';
import { Footer } from './Footer';
import { DemoBanner } from './DemoBanner';
import { demoShop } from '../../lib/initial-data';
import { LazyCartPanel } from '../cart/LazyCartPanel';
import { LazyAuthDialog } from '../auth/LazyAuthDialog';
import { PageSpinner } from '../ui/Spinner';
import { useCartFollowsShopper } from '../cart/use-cart-follows-shopper';
import { useCartFromLink } from '../cart/use-cart-from-link';

/** Each route change scrolls smoothly back to the top (at once for people who asked for less motion). */
function ScrollToTop({ pathname }: { pathname: string }) {
  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}

/**
 * After client-side navigation the new page's main heading takes the focus, so that a screen reader
 * announces the page and the next Tab starts in its content rather than wherever the link was. Pages
 * that load first show their heading later; it is focused when it appears. The first page a visitor
 * opens keeps the browser's own start at the top.
 */
function useFocusHeadingOnNavigation(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = () => {
      // The page's own heading, not the one a loading page carries for screen readers.
      const heading = main.querySelector<HTMLHeadingElement>('h1:not([data-loading])');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
}

export function Layout() {
  const { pathname } = useLocation();
  useCartFollowsShopper();
  useCartFromLink();
  useFocusHeadingOnNavigation(pathname);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop pathname={pathname} />
      <NavBar />
      <main id="main" className="min-h-screen flex-1 pt-16">
        {demoShop && <DemoBanner />}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <LazyCartPanel />
      <LazyAuthDialog />
    </div>
  );
}

import { Suspense, useEffect } from 'react';
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

/** Each route change scrolls smoothly back to the top (at once for people who asked for less motion). */
function ScrollToTop({ pathname }: { pathname: string }) {
  useEffect(() => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}

export function Layout() {
  const { pathname } = useLocation();
  useCartFollowsShopper();
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

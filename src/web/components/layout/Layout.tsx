import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavBar } from './NavBar';
import { Footer } from './Footer';
import { CartPanel } from '../cart/CartPanel';
import { PageSpinner } from '../ui/Spinner';

/** Each route change scrolls smoothly back to the top. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <NavBar />
      <main id="main" className="flex-1 pt-16">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CartPanel />
    </div>
  );
}

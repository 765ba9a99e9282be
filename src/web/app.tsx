import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './routes';
import { ErrorBoundary } from './components/layout/ErrorBoundary';
import { LazyToaster } from './components/ui/LazyToaster';
import { PageYearProvider } from './lib/page-year';

/**
 * The whole shop as one element, the same in the browser and on the server (decision 0032): only
 * the router differs, the browser's history there and the requested address here.
 */
export function ShopApp({
  queryClient,
  router: Router,
  year,
  onShown,
}: {
  queryClient: QueryClient;
  router: ComponentType<{ children: ReactNode }>;
  /** The year the page was sent in (the footer's). */
  year: number;
  /** Called once the app is on the screen (in the browser only). */
  onShown?: () => void;
}) {
  return (
    <StrictMode>
      {onShown && <WhenShown run={onShown} />}
      <QueryClientProvider client={queryClient}>
        <PageYearProvider value={year}>
          <Router>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </Router>
        </PageYearProvider>
        <LazyToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}

function WhenShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

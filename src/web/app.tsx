import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './routes';
import { ErrorBoundary } from './components/layout/ErrorBoundary';
import { LazyToaster } from './components/ui/LazyToaster';

/**
 * The whole shop as one element, the same in the browser and on the server (decision 0032): only
 * the router differs, the browser's history there and the requested address here.
 */
export function ShopApp({
  queryClient,
  router: Router,
  onShown,
}: {
  queryClient: QueryClient;
  router: ComponentType<{ children: ReactNode }>;
  /** Called once the app is on the screen (in the browser only). */
  onShown?: () => void;
}) {
  return (
    <StrictMode>
      {onShown && <WhenShown run={onShown} />}
      <QueryClientProvider client={queryClient}>
        <Router>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </Router>
        <LazyToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}

function WhenShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

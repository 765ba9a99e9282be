import './lib/content-security';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, TEN_MINUTES } from './lib/query-client';
import { AppRoutes } from './routes';
import { ErrorBoundary } from './components/layout/ErrorBoundary';
import { LazyToaster } from './components/ui/LazyToaster';
import { followAccountNews } from './components/auth/account-broadcast';
import { measurePageSpeed } from './lib/page-speed';
import './styles.css';

const ONE_HOUR = 60 * 60 * 1000;
const queryClient = createQueryClient();
// Warm the catalogue for the shop screens; a failure here is not the shopper's concern.
void queryClient.prefetchQuery({ queryKey: ['/api/products'], staleTime: TEN_MINUTES }).catch(() => undefined);
// The sign-in options (spec section 7: fresh for an hour; failures ignored).
void queryClient.prefetchQuery({ queryKey: ['/api/config/firebase'], staleTime: ONE_HOUR }).catch(() => undefined);
// An email verified in another tab shows here too, without a reload.
followAccountNews(queryClient);
// Real shoppers' page speed, reported 3 s after the load (spec section 9; decision 0030).
measurePageSpeed();

window.addEventListener('unhandledrejection', (event) => console.error('Unhandled promise rejection', event.reason));
window.addEventListener('error', (event) => console.error('Unhandled error', event.error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
      <LazyToaster />
    </QueryClientProvider>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import * as Tooltip from '@radix-ui/react-tooltip';
import { createQueryClient, TEN_MINUTES } from './lib/query-client';
import { createRouter } from './routes';
import { Toaster } from './components/ui/Toaster';
import './styles.css';

/** Spec section 9: tooltips open after 700 ms, and 300 ms skip delay between neighbours. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

const queryClient = createQueryClient();
// Warm the catalogue for the shop screens; a failure here is not the shopper's concern.
void queryClient.prefetchQuery({ queryKey: ['/api/products'], staleTime: TEN_MINUTES }).catch(() => undefined);

window.addEventListener('unhandledrejection', (event) => console.error('Unhandled promise rejection', event.reason));
window.addEventListener('error', (event) => console.error('Unhandled error', event.error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <RouterProvider router={createRouter()} />
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);

import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/**
 * The notification area loads once the page is idle (or with the first toast), keeping it out of
 * the script every page needs before it can show anything.
 */
export function LazyToaster() {
  const hasToast = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const onIdle = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(onIdle, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(onIdle, 1500);
    return () => clearTimeout(handle);
  }, []);
  if (!idle && !hasToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { Button } from '../components/ui/Button';

/** Shown when a screen throws: try the route again, or reload the page. */
export function ErrorFallback({ onRetry }: { onRetry?: () => void }) {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-slate-600">
        Sorry, this page ran into a problem. Your cart is safe. Please try again.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => (onRetry ? onRetry() : window.history.go(0))}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </div>
  );
}

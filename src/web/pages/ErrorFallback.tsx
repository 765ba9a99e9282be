import { Button } from '../components/ui/Button';

/** Shown when a screen throws: try the screen again, or reload the page. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-slate-600">Sorry, this page ran into a problem. Your cart is safe. Please try again.</p>
      <div className="flex gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </div>
  );
}

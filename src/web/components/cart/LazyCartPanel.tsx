import { lazy, Suspense, useState } from 'react';
import { useCartPanelOpen } from './cart-panel-store';

const CartPanel = lazy(() => import('./CartPanel').then((m) => ({ default: m.CartPanel })));

/** The cart panel's code (dialog, focus trap, scroll lock) loads on first open, not with the page. */
export function LazyCartPanel() {
  const open = useCartPanelOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}

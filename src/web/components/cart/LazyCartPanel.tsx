import { lazy } from 'react';
import { useCartPanelOpen } from './cart-panel-store';
import { LoadWhenOpened } from '../ui/LoadWhenOpened';

const CartPanel = lazy(() => import('./CartPanel').then((m) => ({ default: m.CartPanel })));

/** The cart panel's code (dialog, focus trap, scroll lock) loads on first open, not with the page. */
export function LazyCartPanel() {
  return (
    <LoadWhenOpened open={useCartPanelOpen()}>
      <CartPanel />
    </LoadWhenOpened>
  );
}

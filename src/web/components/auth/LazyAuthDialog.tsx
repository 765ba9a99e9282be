import { lazy } from 'react';
import { useAuthDialog } from './auth-dialog-store';
import { LoadWhenOpened } from '../ui/LoadWhenOpened';

const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));

/** The auth dialog's code loads on first open, not with the page. */
export function LazyAuthDialog() {
  return (
    <LoadWhenOpened open={useAuthDialog().open}>
      <AuthDialog />
    </LoadWhenOpened>
  );
}

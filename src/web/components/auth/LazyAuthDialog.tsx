import { lazy, Suspense, useState } from 'react';
import { useAuthDialog } from './auth-dialog-store';

const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));

/** The auth dialog's code loads on first open, not with the page. */
export function LazyAuthDialog() {
  const { open } = useAuthDialog();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}

import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a lazily loaded overlay (cart panel, sign-in dialog) only from its first opening on, so
 * its code is not part of the page's first load; once loaded it stays mounted for its close animation.
 */
export function LoadWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

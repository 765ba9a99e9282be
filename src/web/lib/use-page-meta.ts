import { useEffect } from 'react';
import type { PageMeta } from '../../shared/page-meta';

/** Keeps the title and description the server wrote in step with client-side navigation. */
export function usePageMeta(meta: PageMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { ShopApp } from './app';
import { createQueryClient } from './lib/query-client';
import type { PageData } from './lib/initial-data';

/** Marks of a part sent after the rest with a script to put it in place, which the page's CSP would refuse. */
const PART_SENT_LATER = /<template id="B:|<script/;

/**
 * The page as the browser's first render would render it from the same data, waiting for every lazy
 * screen, so that the app hydrates it without changing what is shown. A part that
 * fails to render fails the whole page, which the browser then renders itself.
 */
export async function renderShopPage(url: string, page: PageData): Promise<string> {
  const queryClient = createQueryClient();
  for (const [key, data] of page.queries) queryClient.setQueryData([key], data);
  const AtAddress = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  try {
    const failures: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(<ShopApp queryClient={queryClient} router={AtAddress} year={page.year} />, {
      onError: (error) => void failures.push(error),
      // React sends a large part after the rest, with a script to put it in place, so that a
      // streamed page paints sooner; a page sent whole needs no such script (which the CSP refuses).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    if (failures.length > 0) throw new Error(`rendering ${url} failed`, { cause: failures[0] });
    const html = Buffer.concat(chunks).toString('utf8');
    if (PART_SENT_LATER.test(html)) throw new Error(`rendering ${url} left parts for a script to put in place`);
    return html;
  } finally {
    queryClient.clear();
  }
}

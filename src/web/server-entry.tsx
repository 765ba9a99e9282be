import type { InitialData, PageData } from './lib/initial-data';
import { SERVER_INITIAL_DATA } from './lib/initial-data-key';

/** Draws one page of the shop as HTML, with the data the page's queries would have fetched. */
export type PageRenderer = (url: string, page: PageData) => Promise<string>;

/**
 * The server's way in (decision 0032). The shop's details are a process's constants, read by the
 * app as its modules load, so they are left where initial-data.ts looks before the app is loaded
 * (nothing here may load it sooner).
 */
export async function createPageRenderer(shopData: Omit<InitialData, keyof PageData>): Promise<PageRenderer> {
  (globalThis as { [SERVER_INITIAL_DATA]?: InitialData })[SERVER_INITIAL_DATA] = { ...shopData, queries: [] };
  const { renderShopPage } = await import('./render-page');
  return renderShopPage;
}

/**
 * axe-core on every page the browser tests visit: each page is checked in the state a test leaves
 * it, just before the test moves it to another address and when the test ends, at whatever width
 * the test uses. Checking the settled state (after the test's own assertions) rather than the
 * moment a page starts loading keeps the check from judging half-rendered screens, and covers the
 * dialogs and panels a test leaves open.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The shop's own pages; a page on another origin (Google's fake) is not ours to judge, nor is
 * the dev mailbox (/dev/…), a developer's tool whose dozens of framed emails took axe past a test's time.
 */
function isShopPage(page: Page, shopOrigin: string): boolean {
  return !page.isClosed() && page.url().startsWith(shopOrigin) && !page.url().startsWith(`${shopOrigin}/dev/`);
}

/** axe's violations on the page as it is now, one line each with the elements they concern. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Legacy mode checks the page where it is, without the blank page axe would otherwise open
  // beside it (which tests counting their pages or popups would see).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const width = page.viewportSize()?.width ?? 0;
  return results.violations.map((violation) => {
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(', ');
    return `${page.url()} at ${width} px: ${violation.id} (${violation.impact ?? 'unrated'}) ${violation.help} — ${where}`;
  });
}

/**
 * Checks a page before each navigation of page.goto, and gives a check of every page still open,
 * for the end of the test. A page closing or navigating by itself while it is checked is skipped:
 * that state was never a settled one.
 */
/**
 * Marks a screen (address path, width, open dialogs) as checked in this run, by any worker, and
 * says whether it was new: each is checked the first time a test leaves it, not again by every
 * later test that passes it on its way (most start at / and a product), since the same screen
 * rendered again costs seconds and finds nothing new. The marks are files in a folder of the run
 * (playwright.config.ts); creating one is atomic, so two workers never both check a screen.
 */
function firstCheckOf(screen: string): boolean {
  const folder = process.env.E2E_CHECKED_SCREENS;
  if (!folder) return true;
  try {
    fs.writeFileSync(path.join(folder, createHash('sha1').update(screen).digest('hex')), screen, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function checkAccessibilityOf(page: Page, shopOrigin: string, violations: string[]): () => Promise<void> {
  const check = async () => {
    if (!isShopPage(page, shopOrigin)) return;
    try {
      const screen = `${new URL(page.url()).pathname} ${page.viewportSize()?.width ?? 0} ${await page.getByRole('dialog').count()}`;
      if (!firstCheckOf(screen)) return;
      // A test may leave a page the moment its address changed, before the screen's code arrived:
      // its own heading says it has been rendered (a loading page's heading does not). A page that
      // never shows one is reported by axe.
      await page
        .locator('h1:not([data-loading])')
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      violations.push(...(await accessibilityViolations(page)));
    } catch (error) {
      if (!/closed|navigat|Execution context was destroyed/i.test(String(error))) throw error;
    }
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    await check();
    return goto(url, options);
  };
  return check;
}

/** Lighthouse 12 with its default config (mobile emulation, simulated throttling) on a few pages of the shop. */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { deferCleanup } from './cleanup';
import { chromePath, chromiumArgs } from '../e2e/chromium';

export const LIGHTHOUSE_PAGES = ['/', '/shop', '/product/south-africa'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', ...chromiumArgs];
/** Scored audits below this are listed, so engineers know what to fix. */
const FAILING_BELOW = 0.9;
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

export type PageReport = { path: string } & (
  | { scores: Record<Category, number | null>; failingAudits: FailingAudit[]; warnings: string[] }
  | { error: string }
);

/** Why Lighthouse cannot run here, if it cannot. */
export function lighthouseUnavailable(): string | undefined {
  const chrome = chromePath;
  return fs.existsSync(chrome) ? undefined : `no Chromium at ${chrome} (set CHROME_PATH to a Chrome or Chromium binary)`;
}

/** One Chromium for all pages; each page gets its own Lighthouse navigation (storage is reset between them). */
export async function runLighthouse(baseUrl: string, progress: (line: string) => void): Promise<PageReport[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false, // bench/run.ts stops everything on Ctrl-C
    logLevel: 'silent',
  });
  const stopChrome = deferCleanup(() => chrome.kill());
  try {
    const reports: PageReport[] = [];
    for (const path of LIGHTHOUSE_PAGES) {
      progress(`lighthouse: ${path}`);
      reports.push(await auditPage(`${baseUrl}${path}`, path, chrome.port));
    }
    return reports;
  } finally {
    await stopChrome();
  }
}

async function auditPage(url: string, path: string, port: number): Promise<PageReport> {
  const run = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
  if (!run) return { path, error: 'Lighthouse returned no result' };
  const { lhr } = run;
  if (lhr.runtimeError) return { path, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };

  const scores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return [category, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const failingAudits = CATEGORIES.flatMap((category) => failingAuditsOf(lhr, category));
  return { path, scores, failingAudits, warnings: lhr.runWarnings };
}

function failingAuditsOf(lhr: Result, category: Category): FailingAudit[] {
  return (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
    // Hidden audits (e.g. the insight twins of the diagnostics) are not in Lighthouse's own report either.
    if (ref.group === 'hidden') return [];
    const audit = lhr.audits[ref.id];
    if (!audit || !SCORED_MODES.has(audit.scoreDisplayMode) || audit.score === null || audit.score >= FAILING_BELOW) {
      return [];
    }
    return [{ category, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }];
  });
}

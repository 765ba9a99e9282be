/**
 * Lighthouse 12 with its default config (mobile emulation, simulated throttling) on a few pages of
 * the shop: three runs a page, the median reported with the machine's load average beside it, since
 * a busy machine lowers the performance score.
 */
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { deferCleanup } from './cleanup';
import { chromePath, chromiumArgs } from '../e2e/chromium';

export const LIGHTHOUSE_PAGES = ['/', '/shop', '/product/south-africa'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', ...chromiumArgs];
/** Scored audits below this are listed, so engineers know what to fix. */
const FAILING_BELOW = 0.9;
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);
/** Runs a page: the median of three steps over one unlucky run. */
export const LIGHTHOUSE_RUNS = 3;

interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

type Scores = Record<Category, number | null>;

/** Every script the page fetched until the network went quiet, as sent (the bytes on the wire). */
interface ScriptsSent {
  count: number;
  sentBytes: number;
}

export type PageReport = { path: string } & (
  | {
      /** The median of the runs, each category on its own. */
      scores: Scores;
      runs: Scores[];
      /** The one-minute load average when the page's runs began (2 cores: above 1 the machine was busy). */
      loadAverage: number;
      scriptsSent: ScriptsSent;
      /** From the run whose performance score is the median. */
      failingAudits: FailingAudit[];
      warnings: string[];
    }
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
  const loadAverage = os.loadavg()[0]!;
  const results: Result[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const answer = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] });
    if (!answer) return { path, error: 'Lighthouse returned no result' };
    const { lhr } = answer;
    if (lhr.runtimeError) return { path, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    results.push(lhr);
  }
  const runs = results.map(scoresOf);
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs.map((run) => run[category]))])) as Scores;
  const middle = results[runs.findIndex((run) => run.performance === scores.performance)] ?? results[0]!;
  const failingAudits = CATEGORIES.flatMap((category) => failingAuditsOf(middle, category));
  return { path, scores, runs, loadAverage, scriptsSent: scriptsSentBy(middle), failingAudits, warnings: middle.runWarnings };
}

function scoresOf(lhr: Result): Scores {
  return Object.fromEntries(
    CATEGORIES.map((category) => {
      const score = lhr.categories[category]?.score;
      return [category, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Scores;
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length === 0 ? null : known[Math.floor((known.length - 1) / 2)]!;
}

/** The scripts in Lighthouse's record of the page's requests, with the bytes each took on the wire. */
function scriptsSentBy(lhr: Result): ScriptsSent {
  const details = lhr.audits['network-requests']?.details;
  const items = details && 'items' in details ? (details.items as { resourceType?: string; transferSize?: number }[]) : [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return { count: scripts.length, sentBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) };
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

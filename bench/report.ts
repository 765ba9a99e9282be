/** The goals, and the results as printed tables and as the figures written to .bench/results.json. */
import type { BundleResult } from './bundle';
import type { CheckoutResult, CheckoutRun } from './checkout';
import { CATEGORIES, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS, type PageReport } from './lighthouse';
import type { Outcome } from './outcome';
import type { PeerResult, PeerSide } from './peer';
import type { MemoryResult, PostgresMemoryResult, ThroughputResult } from './throughput';
import { INITIAL_JS_BUDGET_KB } from '../scripts/js-budget-limit';

export type Goal = { atLeast: number } | { atMost: number } | { exactly: number };

export const GOALS = {
  reqPerSecRatio: { atLeast: 0.8 },
  /** The same goal in processor time: a read costing at most 1.25 times the bare server's leaves 0.8 of its rate. */
  cpuPerRequestRatio: { atMost: 1.25 },
  addToCartP99ToP50: { atMost: 5 },
  /**
   * One shop on the embedded database: its WebAssembly PostgreSQL alone holds about 147 MB that it
   * never returns (decision 0007), so this is a line to be warned at, decided in issue 28.
   */
  shopPeakRssMB: { atMost: 330 },
  /** One shop process on a PostgreSQL server, which holds the data in its own processes. */
  shopOnPostgresPeakRssMB: { atMost: 150 },
  /** As sent: the Brotli bytes the shop serves (decided in issue 28); npm test fails past it (scripts/js-budget.ts). */
  initialJsSentKB: { atMost: INITIAL_JS_BUDGET_KB },
  /** Orders: exactly one per shopper of the run. */
  checkout: {
    duplicates: { exactly: 0 },
    lostPayments: { exactly: 0 },
    errors: { exactly: 0 },
  },
  lighthouse: {
    performance: { exactly: 100 },
    accessibility: { exactly: 100 },
    'best-practices': { exactly: 100 },
    seo: { exactly: 100 },
  },
} satisfies Record<string, Goal | Record<string, Goal>>;

/** Sections not asked for with --only are absent. */
export interface Results {
  startedAt: string;
  finishedAt: string;
  machine: { node: string; cpus: number; loadAverage: number[] };
  throughput?: Outcome<ThroughputResult>;
  memory?: Outcome<MemoryResult>;
  memoryOnPostgres?: Outcome<PostgresMemoryResult>;
  checkout?: Outcome<CheckoutResult>;
  flashSale?: Outcome<CheckoutResult>;
  peer?: Outcome<PeerResult>;
  bundle?: Outcome<BundleResult>;
  lighthouse?: Outcome<PageReport[]>;
}

/** A headline number: printed in the summary and written to the JSON file. */
export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  goal?: Goal;
}

const KB = 1024;
const MB = 1024 * 1024;

export function figures(results: Results): Figure[] {
  const list: Figure[] = [];
  if (results.throughput?.status === 'ok') {
    const { mean, ratio } = results.throughput.result;
    list.push(
      { name: 'shop req/s', value: round(mean.shop.reqPerSec, 0), unit: 'req/s' },
      { name: 'baseline req/s', value: round(mean.baseline.reqPerSec, 0), unit: 'req/s' },
      { name: 'req/s shop/baseline', value: round(ratio.reqPerSec, 2), unit: 'ratio', goal: GOALS.reqPerSecRatio },
      { name: 'shop p99 latency', value: round(mean.shop.p99Ms, 1), unit: 'ms' },
      { name: 'baseline p99 latency', value: round(mean.baseline.p99Ms, 1), unit: 'ms' },
      { name: 'p99 latency shop/baseline', value: round(ratio.p99, 2), unit: 'ratio' },
      { name: 'CPU per request shop/baseline', value: round(ratio.cpu, 2), unit: 'ratio', goal: GOALS.cpuPerRequestRatio },
      { name: 'one product req/s', value: round(results.throughput.result.product.reqPerSec, 0), unit: 'req/s' },
      { name: 'one product req/s / list req/s', value: round(results.throughput.result.product.reqPerSecToList, 2), unit: 'ratio' },
      { name: 'add to cart req/s', value: round(results.throughput.result.addToCart.reqPerSec, 0), unit: 'req/s' },
      { name: 'add to cart p99 / p50', value: round(results.throughput.result.addToCart.p99ToP50, 1), unit: 'ratio', goal: GOALS.addToCartP99ToP50 },
    );
  }
  if (results.memory?.status === 'ok') {
    const { shop, baseline } = results.memory.result;
    list.push(
      { name: 'shop peak RSS', value: round(shop.peakRssBytes / MB, 1), unit: 'MB', goal: GOALS.shopPeakRssMB },
      { name: 'baseline peak RSS', value: round(baseline.peakRssBytes / MB, 1), unit: 'MB' },
    );
  }
  if (results.memoryOnPostgres?.status === 'ok') {
    const { shop } = results.memoryOnPostgres.result;
    list.push({ name: 'shop on PostgreSQL peak RSS', value: round(shop.peakRssBytes / MB, 1), unit: 'MB', goal: GOALS.shopOnPostgresPeakRssMB });
  }
  for (const [label, measured] of [['checkout', results.checkout], ['flash sale', results.flashSale]] as const) {
    if (measured?.status !== 'ok') continue;
    for (const { name, outcome } of measured.result.targets) {
      if (outcome.status !== 'ok') continue;
      const run = outcome.result;
      const goals = GOALS.checkout;
      const prefix = `${label} ${name}`;
      list.push(
        { name: `${prefix} orders/s`, value: round(run.ordersPerSec, 1), unit: 'orders/s' },
        { name: `${prefix} phase`, value: round(run.phaseMs, 0), unit: 'ms' },
        { name: `${prefix} read phase (median)`, value: round(run.readPhaseMedianMs, 0), unit: 'ms' },
        { name: `${prefix} checkout/read phase time`, value: round(run.ratio, 1), unit: 'ratio' },
        { name: `${prefix} shopper p50`, value: round(run.shopperMs.p50, 0), unit: 'ms' },
        { name: `${prefix} shopper p99`, value: round(run.shopperMs.p99, 0), unit: 'ms' },
        { name: `${prefix} orders`, value: run.orders, unit: 'orders', goal: { exactly: run.shoppers } },
        { name: `${prefix} duplicates`, value: run.duplicates, unit: 'orders', goal: goals.duplicates },
        { name: `${prefix} lost payments`, value: run.lostPayments, unit: 'payments', goal: goals.lostPayments },
        { name: `${prefix} errors`, value: errorCount(run), unit: 'answers', goal: goals.errors },
      );
    }
  }
  if (results.peer?.status === 'ok') {
    const { ahead } = results.peer.result;
    list.push(
      { name: 'peer list req/s, shop / Vendure', value: roundOrNull(ahead.list), unit: 'ratio' },
      { name: 'peer one product req/s, shop / Vendure', value: roundOrNull(ahead['one product']), unit: 'ratio' },
      { name: 'peer add to cart req/s, shop / Vendure', value: roundOrNull(ahead['add to cart']), unit: 'ratio' },
      { name: 'peer peak RSS, Vendure / shop', value: roundOrNull(ahead.peakRss), unit: 'ratio' },
    );
  }
  if (results.bundle?.status === 'ok') {
    const { initialJs, css } = results.bundle.result;
    list.push(
      { name: 'home page initial JS, as sent (Brotli)', value: round(initialJs.sentBytes / KB, 1), unit: 'KB', goal: GOALS.initialJsSentKB },
      { name: 'home page initial JS, gzip', value: round(initialJs.gzipBytes / KB, 1), unit: 'KB' },
      { name: 'all CSS, gzip', value: round(css.gzipBytes / KB, 1), unit: 'KB' },
    );
  }
  if (results.lighthouse?.status === 'ok') {
    for (const page of results.lighthouse.result) {
      if (!('scores' in page)) continue;
      for (const category of CATEGORIES) {
        const name = `lighthouse ${page.path} ${category}`;
        list.push({ name, value: page.scores[category], unit: 'score', goal: GOALS.lighthouse[category] });
      }
      list.push({ name: `lighthouse ${page.path} load average`, value: round(page.loadAverage, 2), unit: 'load' });
      if (page.path === '/') list.push({ name: 'home page every script until network idle, as sent', value: round(page.scriptsSent.sentBytes / KB, 1), unit: 'KB' });
    }
  }
  return list;
}

export function renderReport(results: Results): string {
  const sections = [
    results.throughput && section('Throughput', results.throughput, renderThroughput),
    results.memory && section('Memory', results.memory, renderMemory),
    results.memoryOnPostgres && section('Memory on PostgreSQL', results.memoryOnPostgres, renderMemoryOnPostgres),
    results.checkout && section('Checkout', results.checkout, renderCheckout),
    results.flashSale && section('Flash sale', results.flashSale, renderCheckout),
    results.peer && section('Peer', results.peer, renderPeer),
    results.bundle && section('Home page initial JavaScript', results.bundle, renderBundle),
    results.lighthouse && section('Lighthouse', results.lighthouse, renderLighthouse),
    renderSummary(figures(results)),
  ];
  return sections.filter((text) => text !== undefined).join('\n\n') + '\n';
}

function section<T>(title: string, outcome: Outcome<T>, render: (result: T) => string): string {
  switch (outcome.status) {
    case 'ok':
      return render(outcome.result);
    case 'skipped':
      return `!!! ${title} was SKIPPED: ${outcome.reason}`;
    case 'error':
      return `!!! ${title} could NOT be measured: ${outcome.error}`;
  }
}

function renderThroughput(t: ThroughputResult): string {
  const { settings } = t;
  const runs = table([
    ['run', 'server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx'],
    ...t.runs.map((run) => [
      String(run.round),
      run.target,
      integer(run.reqPerSec),
      run.p50Ms.toFixed(1),
      run.p99Ms.toFixed(1),
      integer(run.requests),
      integer(run.errors + run.timeouts),
      integer(run.non2xx),
    ]),
  ]);
  const means = table([
    ['mean', 'req/s', 'p99 ms'],
    ['baseline', integer(t.mean.baseline.reqPerSec), t.mean.baseline.p99Ms.toFixed(1)],
    ['shop', integer(t.mean.shop.reqPerSec), t.mean.shop.p99Ms.toFixed(1)],
    ['shop/baseline', t.ratio.reqPerSec.toFixed(2), t.ratio.p99.toFixed(2)],
    ['goal', goalText(GOALS.reqPerSecRatio), '—'],
  ]);
  const cpu = table([
    [`processor time per request (${integer(t.cpuRequests)} requests each)`, 'µs'],
    ['baseline', t.cpuMicrosPerRequest.baseline.toFixed(0)],
    ['shop', t.cpuMicrosPerRequest.shop.toFixed(0)],
    ['shop/baseline', t.ratio.cpu.toFixed(2)],
    ['goal', goalText(GOALS.cpuPerRequestRatio)],
  ]);
  const product = table([
    ['one product', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', '/ list req/s'],
    [
      t.product.path,
      integer(t.product.reqPerSec),
      t.product.p50Ms.toFixed(1),
      t.product.p99Ms.toFixed(1),
      integer(t.product.errors + t.product.timeouts),
      integer(t.product.non2xx),
      t.product.reqPerSecToList.toFixed(2),
    ],
  ]);
  const cart = t.addToCart;
  const addToCart = table([
    [`add to cart (one flag, one of ${integer(cart.carts)} carts)`, 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'p99 / p50', 'goal'],
    [
      `POST ${cart.path}`,
      integer(cart.reqPerSec),
      cart.p50Ms.toFixed(1),
      cart.p99Ms.toFixed(1),
      integer(cart.errors + cart.timeouts),
      integer(cart.non2xx),
      cart.p99ToP50.toFixed(1),
      goalText(GOALS.addToCartP99ToP50),
    ],
  ]);
  return [
    `Throughput: GET ${t.path} (${(t.bodyBytes / KB).toFixed(1)} KB JSON), ${settings.connections} connections, ` +
      `${settings.durationSeconds} s per run after ${settings.warmupSeconds} s warm-up; baseline = bare node:http with the same bytes`,
    runs,
    means,
    cpu,
    product,
    addToCart,
  ].join('\n');
}

function renderMemory(m: MemoryResult): string {
  return [
    'Memory: resident set of each server process during the throughput run (1 MB = 1024 KB)',
    table([
      ['server', 'peak RSS (VmHWM) MB', 'max sampled VmRSS MB', 'goal'],
      ['shop', mb(m.shop.peakRssBytes), mb(m.shop.maxSampledRssBytes), goalText(GOALS.shopPeakRssMB)],
      ['baseline', mb(m.baseline.peakRssBytes), mb(m.baseline.maxSampledRssBytes), '—'],
    ]),
  ].join('\n');
}

function renderMemoryOnPostgres(m: PostgresMemoryResult): string {
  return [
    `Memory on PostgreSQL ${m.postgres}: one shop process under one run of the list load (${integer(m.reqPerSec)} req/s), the data in the database server's own processes`,
    table([
      ['server', 'peak RSS (VmHWM) MB', 'max sampled VmRSS MB', 'goal'],
      ['shop', mb(m.shop.peakRssBytes), mb(m.shop.maxSampledRssBytes), goalText(GOALS.shopOnPostgresPeakRssMB)],
    ]),
  ].join('\n');
}

function renderCheckout(c: CheckoutResult): string {
  const lines = [
    'Signed-in, verified shoppers with 1-3 flags in their carts, all at once: create the checkout, ' +
      "press Pay on the provider's page (the sandbox's, or PayFast's and Ozow's stand-ins through the shop's hand-over; a bank transfer has none), " +
      'return (complete and verify together, racing the notification).' +
      (c.stock ? ` Stock: ${c.stock}.` : ''),
    'Read phase (the yardstick): the same shoppers on the same servers in the same run, each 4 x GET /api/profile in the same shape.',
  ];
  for (const { name, outcome } of c.targets) {
    lines.push('');
    if (outcome.status === 'skipped') lines.push(`!!! ${name} was SKIPPED: ${outcome.reason}`);
    else if (outcome.status === 'error') lines.push(`!!! ${name} could NOT be measured: ${outcome.error}`);
    else lines.push(...checkoutTable(name, outcome.result));
  }
  return lines.join('\n');
}

function checkoutTable(name: string, r: CheckoutRun): string[] {
  const goals = GOALS.checkout;
  const reads = r.readPhaseMs.map((ms) => integer(ms)).join(', ');
  const lines = [
    `${name}: ${r.database}; ${r.shoppers} shoppers${r.processes > 1 ? ` spread evenly over ${r.processes} processes` : ''}, ${r.cartLines} cart lines; paying ${Object.entries(r.waysToPay)
      .map(([way, count]) => `${count} ${way}`)
      .join(', ')}`,
    table([
      ['figure', 'value', 'goal'],
      ['checkout phase', `${integer(r.phaseMs)} ms`, '—'],
      ['orders per second', r.ordersPerSec.toFixed(1), '—'],
      [`read phase, median of ${r.readPhaseMs.length} (${reads} ms)`, `${integer(r.readPhaseMedianMs)} ms`, '—'],
      ['checkout phase / read phase', r.ratio.toFixed(1), '—'],
      ["one shopper's checkout-to-order p50", `${integer(r.shopperMs.p50)} ms`, '—'],
      ["one shopper's checkout-to-order p99", `${integer(r.shopperMs.p99)} ms`, '—'],
      [
        '  of which p50: create-checkout / Pay / return',
        `${integer(r.stepP50Ms.createCheckout)} / ${integer(r.stepP50Ms.pay)} / ${integer(r.stepP50Ms.return)} ms`,
        '—',
      ],
      ["paid on the provider's page (or ordered by bank transfer)", String(r.paid), '—'],
      ['order named by the return within the phase', String(r.orderedInPhase), '—'],
      [`order named only by the settle poll (${integer(r.settleMs)} ms)`, String(r.orderedWhileSettling), '—'],
      ['orders (the shoppers\' order lists)', String(r.orders), goalText({ exactly: r.shoppers })],
      ['  of which by courier (every other shopper; the rest at PAXI points)', String(r.courierOrders), goalText({ exactly: Math.floor(r.shoppers / 2) })],
      ['shoppers with 0 / 1 / 2+ orders', `${r.shoppersByOrders.none} / ${r.shoppersByOrders.one} / ${r.shoppersByOrders.more}`, '—'],
      ['duplicates (beyond one per paid checkout)', String(r.duplicates), goalText(goals.duplicates)],
      ['lost payments (paid, no order)', String(r.lostPayments), goalText(goals.lostPayments)],
      ['orders with a wrong total', String(r.wrongTotals), '—'],
      ['errors (non-2xx; Pay: not its 303)', String(errorCount(r)), goalText(goals.errors)],
    ]),
  ];
  const byStep = Object.entries(r.errors).map(([step, count]) => `${step} ${count}`);
  if (byStep.length > 0) lines.push(`  errors by step: ${byStep.join(', ')}`, ...r.errorSamples.map((sample) => `    ${sample}`));
  const logged = r.serverLog.map((entry) => `    ${entry.level} x${entry.count}: ${entry.message}`);
  lines.push(logged.length > 0 ? '  server log, warnings and errors:' : '  server log: no warnings or errors', ...logged);
  return lines;
}

function errorCount(run: CheckoutRun): number {
  return Object.values(run.errors).reduce((sum, count) => sum + count, 0);
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : round(value, 1);
}

function renderPeer(p: PeerResult): string {
  const peak = (side: PeerSide) => (side.memory.status === 'ok' ? mb(side.memory.result.peakRssBytes) : 'not read');
  const row = (measure: keyof PeerSide['loads']) => {
    const [shop, peer] = [p.shop.loads[measure], p.vendure.loads[measure]];
    const failed = (load: typeof shop) => integer(load.errors + load.timeouts + load.non2xx);
    const ahead = p.ahead[measure];
    const aheadText = ahead === null ? 'no Vendure answer within the run' : `${ahead.toFixed(1)} x`;
    return [measure, integer(shop.reqPerSec), integer(peer.reqPerSec), aheadText, `${shop.p99Ms.toFixed(1)} / ${peer.p99Ms.toFixed(1)}`, `${failed(shop)} / ${failed(peer)}`];
  };
  return [
    `Peer: the shop beside ${p.peer} (its shop API, as a storefront asks it), ${p.database}; the same 64 flags; ` +
      `${p.settings.connections} connections, ${p.settings.durationSeconds} s per run; add to cart: one flag to one of the same number of carts`,
    table([
      ['measure', 'shop req/s', 'Vendure req/s', 'shop ahead', 'p99 ms shop / Vendure', 'failed shop / Vendure'],
      row('list'),
      row('one product'),
      row('add to cart'),
      ['peak RSS MB', peak(p.shop), peak(p.vendure), p.ahead.peakRss === null ? '—' : `${p.ahead.peakRss.toFixed(1)} x`, '—', '—'],
    ]),
  ].join('\n');
}

function renderBundle(b: BundleResult): string {
  const { initialJs, css } = b;
  const lines = [
    `Home page initial JavaScript: scripts and modulepreloads of dist/web/index.html (${b.build}); as sent = the Brotli file the shop serves; gzip level 9; 1 KB = 1024 bytes`,
    table([
      ['file', 'KB', 'gzip KB', 'as sent KB', 'goal'],
      ...initialJs.files.map((f) => [f.file, kb(f.bytes), kb(f.gzipBytes), kb(f.sentBytes), '']),
      ['total', kb(initialJs.bytes), kb(initialJs.gzipBytes), kb(initialJs.sentBytes), goalText(GOALS.initialJsSentKB)],
      [`all CSS (${css.files} file${css.files === 1 ? '' : 's'}, for information)`, '', kb(css.gzipBytes), '', '—'],
    ]),
  ];
  if (initialJs.external.length > 0) lines.push(`  not counted (other origins): ${initialJs.external.join(', ')}`);
  return lines.join('\n');
}

function renderLighthouse(pages: PageReport[]): string {
  const lines = [`Lighthouse 12, mobile with simulated throttling (pages: ${LIGHTHOUSE_PAGES.join(', ')}): the median of ${LIGHTHOUSE_RUNS} runs a page`];
  const measured = pages.flatMap((page) => ('scores' in page ? [page] : []));
  lines.push(
    table([
      ['page', ...CATEGORIES, 'performance of each run', 'load average'],
      ...measured.map((page) => [
        page.path,
        ...CATEGORIES.map((c) => String(page.scores[c] ?? '—')),
        page.runs.map((run) => run.performance ?? '—').join(' / '),
        page.loadAverage.toFixed(2),
      ]),
      ['goal', ...CATEGORIES.map((c) => goalText(GOALS.lighthouse[c])), '', '—'],
    ]),
  );
  for (const page of measured) {
    lines.push(`  ${page.path}: every script until the network went quiet, as sent: ${kb(page.scriptsSent.sentBytes)} KB in ${page.scriptsSent.count} script${page.scriptsSent.count === 1 ? '' : 's'}`);
  }
  for (const page of pages) {
    if ('error' in page) lines.push(`!!! ${page.path} could NOT be measured: ${page.error}`);
  }
  lines.push('Audits scoring below 0.9:');
  for (const page of measured) {
    lines.push(`  ${page.path}`);
    if (page.failingAudits.length === 0) lines.push('    none');
    for (const a of page.failingAudits) {
      lines.push(`    [${a.category}] ${a.title}${a.displayValue ? `: ${a.displayValue}` : ''} (score ${a.score.toFixed(2)})`);
    }
    for (const warning of page.warnings) lines.push(`    warning: ${warning}`);
  }
  return lines.join('\n');
}

function renderSummary(list: Figure[]): string {
  if (list.length === 0) return 'Summary: nothing was measured';
  const missed = list.filter((f) => f.goal !== undefined && f.value !== null && !meets(f.value, f.goal));
  return [
    'Summary (also in .bench/results.json)',
    table([
      ['figure', 'value', 'unit', 'goal'],
      ...list.map((f) => [f.name, f.value === null ? '—' : String(f.value), f.unit, f.goal ? goalText(f.goal) : '—']),
    ]),
    ...missed.map((f) => `WARNING: ${f.name} is ${f.value} ${f.unit}, past its goal of ${goalText(f.goal!)}`),
  ].join('\n');
}

function meets(value: number, goal: Goal): boolean {
  if ('atLeast' in goal) return value >= goal.atLeast;
  if ('atMost' in goal) return value <= goal.atMost;
  return value === goal.exactly;
}

/** Columns padded to their widest cell; the first left-aligned, the others right-aligned. */
function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => '  ' + row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '))
    .map((line) => line.trimEnd())
    .join('\n');
}

function goalText(goal: Goal): string {
  if ('atLeast' in goal) return `≥ ${goal.atLeast}`;
  if ('atMost' in goal) return `≤ ${goal.atMost}`;
  return `= ${goal.exactly}`;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

function integer(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

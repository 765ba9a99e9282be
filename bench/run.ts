/**
 * npm run bench [-- --only=throughput,checkout,flash-sale,peer,bundle,lighthouse] [--build]
 *
 * Measures, in order: GET /api/products throughput against a bare node:http baseline (and the servers' peak
 * memory meanwhile, then one shop process's on PostgreSQL), 50 shoppers checking out and paying at once on PGlite and on PostgreSQL (against the
 * same shoppers' plain reads), a flash sale (500 shoppers, two processes, one PostgreSQL, counted stock),
 * the same reads and adding to carts beside a Vendure 3 server on the same PostgreSQL,
 * the home page's initial JavaScript, and Lighthouse scores. Prints tables with the goals
 * and writes the figures to .bench/results.json. Goals are not enforced: the exit code is 1 only when
 * something could not be measured. See docs/decisions/0003-benchmarks.md.
 *
 * Env: BENCH_DURATION (seconds per throughput run, default 10), CHROME_PATH (default /usr/bin/chromium),
 * BENCH_DATABASE_URL (a PostgreSQL server for the memory on PostgreSQL and the checkout and flash-sale sections; default postgres://postgres@127.0.0.1:5432/postgres,
 * skipped when that does not answer).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild, measureBundle, type BuildState } from './bundle';
import { FLASH_SALE, measureCheckout, measureFlashSale, type CheckoutSettings } from './checkout';
import { measurePeer } from './peer';
import { cleanupAll } from './cleanup';
import { lighthouseUnavailable, runLighthouse } from './lighthouse';
import { attempt, errorMessage, type Outcome } from './outcome';
import { resultsFile } from './paths';
import { figures, GOALS, renderReport, type Results } from './report';
import { startShop, type ChildServer } from './servers';
import { measureMemoryOnPostgres, measureThroughput, type ThroughputSettings } from './throughput';

const SECTIONS = ['throughput', 'checkout', 'flash-sale', 'peer', 'bundle', 'lighthouse'] as const;
type Section = (typeof SECTIONS)[number];
const USAGE = `usage: npm run bench -- [--only=${SECTIONS.join(',')}] [--build] [--help]`;
const HELP = `${USAGE}

Measures the shop beside a baseline taken in the same run and prints ratios (the machine's own
speed cancels out); the figures are also written to .bench/results.json.

  --only=LIST  the sections to run, comma-separated (default: all of ${SECTIONS.join(', ')})
  --build      build the app first even when dist/ is there
  --help, -h   this text

  BENCH_DURATION=SECONDS     how long each load phase lasts (default 10)
  BENCH_DATABASE_URL=URL     a PostgreSQL server for the throughput section's memory of one shop
                             process on it, the checkout section's second target, the
                             flash sale (${FLASH_SALE.shoppers} shoppers on ${FLASH_SALE.processes} processes) and the peer (Vendure,
                             installed from npm into .bench/peer-vendure the first time)`;

interface Options {
  sections: Set<Section>;
  /** Run `npm run build` even when dist/web/index.html exists. */
  forceBuild: boolean;
  throughput: ThroughputSettings;
  checkout: CheckoutSettings;
}

class UsageError extends Error {}

/** The options, or 'help' when the usage was asked for. */
function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options | 'help' {
  let values: { only?: string; build?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { only: { type: 'string' }, build: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  if (values.help) return 'help';
  const names = values.only?.split(',').map((name) => name.trim()) ?? [...SECTIONS];
  const sections = new Set<Section>();
  for (const name of names) {
    const section = SECTIONS.find((s) => s === name);
    if (!section) throw new UsageError(`unknown section "${name}"`);
    sections.add(section);
  }
  const durationSeconds = Number(env.BENCH_DURATION ?? 10);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new UsageError(`BENCH_DURATION must be a positive number of seconds, not "${env.BENCH_DURATION}"`);
  }
  return {
    sections,
    forceBuild: values.build ?? false,
    throughput: { connections: 50, durationSeconds, warmupSeconds: 2, rounds: 2 },
    checkout: { databaseUrl: env.BENCH_DATABASE_URL || undefined },
  };
}

function progress(line: string): void {
  console.error(`· ${line}`);
}

/** A fresh shop server for one measurement, stopped afterwards. */
async function withShop<T>(measure: (shop: ChildServer) => Promise<T>): Promise<T> {
  progress('starting the shop server');
  const shop = await startShop();
  try {
    return await measure(shop);
  } finally {
    await shop.stop();
  }
}

async function measure(options: Options): Promise<Results> {
  const results: Results = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: { node: process.version, cpus: os.availableParallelism(), loadAverage: os.loadavg() },
  };
  let build: Promise<BuildState> | undefined;
  const built = () => (build ??= ensureBuild(options.forceBuild));

  if (options.sections.has('throughput')) {
    const measured = await attempt(async () => {
      await built(); // the shop runs as `npm start` runs it: the built server
      return withShop((shop) => measureThroughput(shop, options.throughput, progress));
    });
    results.throughput = measured.status === 'ok' ? { status: 'ok', result: measured.result.throughput } : measured;
    results.memory = measured.status === 'ok' ? measured.result.memory : measured;
    results.memoryOnPostgres = await measureMemoryOnPostgres(options.checkout.databaseUrl, options.throughput, progress);
  }
  if (options.sections.has('checkout')) {
    results.checkout = await attempt(async () => {
      await built();
      return measureCheckout(options.checkout, progress);
    });
  }
  if (options.sections.has('flash-sale')) {
    results.flashSale = await attempt(async () => {
      await built();
      return measureFlashSale(options.checkout, progress);
    });
  }
  if (options.sections.has('peer')) {
    await built();
    results.peer = await measurePeer(options.throughput, options.checkout.databaseUrl, progress);
  }
  if (options.sections.has('bundle')) {
    progress('bundle');
    results.bundle = await attempt(async () => measureBundle(await built()));
  }
  if (options.sections.has('lighthouse')) {
    const unavailable = lighthouseUnavailable();
    results.lighthouse = unavailable
      ? { status: 'skipped', reason: unavailable }
      : await attempt(async () => {
          await built(); // the server reads dist/web when it starts
          return withShop((shop) => runLighthouse(shop.baseUrl, progress));
        });
  }
  results.finishedAt = new Date().toISOString();
  return results;
}

function somethingUnmeasured(results: Results): boolean {
  const outcomes: (Outcome<unknown> | undefined)[] = [results.throughput, results.memory, results.memoryOnPostgres, results.checkout, results.flashSale, results.peer, results.bundle, results.lighthouse];
  const pageFailed = results.lighthouse?.status === 'ok' && results.lighthouse.result.some((page) => 'error' in page);
  const databaseFailed = [results.checkout, results.flashSale].some((c) => c?.status === 'ok' && c.result.targets.some((t) => t.outcome.status === 'error'));
  return pageFailed || databaseFailed || outcomes.some((outcome) => outcome?.status === 'error');
}

async function main(): Promise<number> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers and the browser`);
      void cleanupAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  try {
    const options = parseOptions(process.argv.slice(2), process.env);
    if (options === 'help') {
      console.log(HELP);
      return 0;
    }
    const results = await measure(options);
    fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
    fs.writeFileSync(resultsFile, JSON.stringify({ ...results, goals: GOALS, figures: figures(results) }, null, 2) + '\n');
    console.log(`\n${renderReport(results)}`);
    return somethingUnmeasured(results) ? 1 : 0;
  } catch (err) {
    console.error(err instanceof UsageError ? `${err.message}\n${USAGE}` : err);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await cleanupAll();
  }
}

process.exit(await main());

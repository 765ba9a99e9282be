/**
 * GET /api/products on the shop against a bare node:http server sending the same bytes, alternated;
 * then one product and adding to carts beside it.
 */
import { randomBytes } from 'node:crypto';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { cpuTimeMs } from './cpu';
import { sampleMemory, type MemoryPeak } from './memory';
import { attempt, type Outcome } from './outcome';
import { findPostgres, withFreshDatabase } from './postgres';
import { httpGet, startBaseline, startShop, type ChildServer } from './servers';

const PRODUCTS_PATH = '/api/products';
/** One product, answered from the same prepared catalogue as the list: measured beside it. */
const PRODUCT_PATH = '/api/products/south-africa';
/** Shoppers adding flags at once: each request adds one flag to one of this many carts. */
const CARTS = 1_000;
const CART_PATH = '/api/cart';
/**
 * Requests per server for the processor time a read costs: a count, not a duration, so that a
 * machine busy with other work changes how long it takes, not the figure.
 */
const CPU_REQUESTS = 20_000;
const TARGETS = ['baseline', 'shop'] as const;
type Target = (typeof TARGETS)[number];

export interface ThroughputSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Each round runs the baseline, then the shop. */
  rounds: number;
}

export interface LoadRun {
  target: Target;
  round: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface ThroughputResult {
  path: string;
  bodyBytes: number;
  settings: ThroughputSettings;
  runs: LoadRun[];
  mean: Record<Target, { reqPerSec: number; p99Ms: number }>;
  /** Processor time of the server process per request, in microseconds, over `cpuRequests` requests. */
  cpuMicrosPerRequest: Record<Target, number>;
  cpuRequests: number;
  /** shop / baseline; cpu is the processor time per request, where lower is better. */
  ratio: { reqPerSec: number; p99: number; cpu: number };
  /** GET one product on the shop after the rounds, and its req/s against the shop's list in the same run. */
  product: Omit<LoadRun, 'target' | 'round'> & { path: string; reqPerSecToList: number };
  /** POST /api/cart, one flag to one of many carts per request: a write beside the reads. */
  addToCart: Omit<LoadRun, 'target' | 'round'> & { path: string; carts: number; p99ToP50: number };
}

export interface MemoryResult {
  shop: MemoryPeak;
  baseline: MemoryPeak;
}

/** One shop process on a PostgreSQL server under the list load: the process alone, the database living in its own. */
export interface PostgresMemoryResult {
  postgres: string;
  shop: MemoryPeak;
  reqPerSec: number;
}

/**
 * The shop on PostgreSQL under one run of the same list load as the embedded database's, with its
 * memory sampled meanwhile; skipped with the reason when no server answers.
 */
export async function measureMemoryOnPostgres(
  databaseUrl: string | undefined,
  settings: ThroughputSettings,
  progress: (line: string) => void,
): Promise<Outcome<PostgresMemoryResult>> {
  const server = await findPostgres(databaseUrl);
  if ('skipped' in server) return { status: 'skipped', reason: server.skipped };
  return attempt(() =>
    withFreshDatabase(server, 'bench_memory', async (shopDatabaseUrl) => {
      progress('memory: the shop on PostgreSQL under the list load');
      const shop = await startShop({ env: { DATABASE_URL: shopDatabaseUrl, SESSION_SECRET: randomBytes(32).toString('base64') } });
      try {
        const sampler = sampleMemory(shop.pid);
        let reqPerSec = 0;
        let peak: Outcome<MemoryPeak>;
        try {
          reqPerSec = (await measureLoad(`${shop.baseUrl}${PRODUCTS_PATH}`, settings)).reqPerSec;
        } finally {
          peak = sampler.stop();
        }
        if (peak.status !== 'ok') throw new Error(peak.status === 'error' ? peak.error : 'memory not read');
        return { postgres: server.version, shop: peak.result, reqPerSec };
      } finally {
        await shop.stop();
      }
    }),
  );
}

export async function measureThroughput(
  shop: ChildServer,
  settings: ThroughputSettings,
  progress: (line: string) => void,
): Promise<{ throughput: ThroughputResult; memory: Outcome<MemoryResult> }> {
  const sample = await httpGet(`${shop.baseUrl}${PRODUCTS_PATH}`);
  if (sample.status !== 200) throw new Error(`GET ${PRODUCTS_PATH} answered ${sample.status}`);

  const baseline = await startBaseline(sample);
  try {
    const copy = await httpGet(`${baseline.baseUrl}${PRODUCTS_PATH}`);
    if (!copy.body.equals(sample.body)) throw new Error('the baseline server does not send the same bytes');

    const servers: Record<Target, ChildServer> = { baseline, shop };
    const samplers = { shop: sampleMemory(shop.pid), baseline: sampleMemory(baseline.pid) };
    const runs: LoadRun[] = [];
    let memory: Outcome<MemoryResult>;
    try {
      for (let round = 1; round <= settings.rounds; round++) {
        for (const target of TARGETS) {
          progress(`throughput: ${target} run ${round}/${settings.rounds}`);
          runs.push({ target, round, ...(await measureLoad(`${servers[target].baseUrl}${PRODUCTS_PATH}`, settings)) });
        }
      }
    } finally {
      memory = bothPeaks(samplers.shop.stop(), samplers.baseline.stop());
    }

    const meanOf = (target: Target) => {
      const mine = runs.filter((run) => run.target === target);
      return { reqPerSec: average(mine.map((r) => r.reqPerSec)), p99Ms: average(mine.map((r) => r.p99Ms)) };
    };
    const mean = { baseline: meanOf('baseline'), shop: meanOf('shop') };
    progress('throughput: processor time per request');
    const cpuMicrosPerRequest = {
      baseline: await cpuPerRequest(baseline, settings),
      shop: await cpuPerRequest(shop, settings),
    };
    progress('throughput: one product on the shop');
    const product = await measureLoad(`${shop.baseUrl}${PRODUCT_PATH}`, settings);
    progress('throughput: adding to carts on the shop');
    const addToCart = await measureLoad(`${shop.baseUrl}${CART_PATH}`, settings, addToCartRequest(JSON.parse(sample.body.toString('utf8')) as { id: string }[]));

    return {
      throughput: {
        path: PRODUCTS_PATH,
        bodyBytes: sample.body.length,
        settings,
        runs,
        mean,
        ratio: {
          reqPerSec: mean.shop.reqPerSec / mean.baseline.reqPerSec,
          p99: mean.shop.p99Ms / mean.baseline.p99Ms,
          cpu: cpuMicrosPerRequest.shop / cpuMicrosPerRequest.baseline,
        },
        cpuMicrosPerRequest,
        cpuRequests: CPU_REQUESTS,
        product: { path: PRODUCT_PATH, ...product, reqPerSecToList: product.reqPerSec / mean.shop.reqPerSec },
        addToCart: { path: CART_PATH, carts: CARTS, ...addToCart, p99ToP50: addToCart.p99Ms / addToCart.p50Ms },
      },
      memory,
    };
  } finally {
    await baseline.stop();
  }
}

/** Each request adds one of the listed flags to one of `cartCount` anonymous carts, both picked at random. */
export function addToCartRequest(products: { id: string }[], cartCount = CARTS): LoadRequest {
  const carts = Array.from({ length: cartCount }, () => randomBytes(12).toString('base64url'));
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ sessionId: pick(carts), productId: pick(products).id, quantity: 1 }) }),
  };
}

export async function measureLoad(url: string, settings: ThroughputSettings, request?: LoadRequest): Promise<Omit<LoadRun, 'target' | 'round'>> {
  const result = await autocannon({
    url,
    ...(request ? { requests: [request] } : {}),
    connections: settings.connections,
    duration: settings.durationSeconds,
    warmup: { connections: settings.connections, duration: settings.warmupSeconds },
  });
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function cpuPerRequest(server: ChildServer, settings: ThroughputSettings): Promise<number> {
  const before = cpuTimeMs(server.pid);
  const result = await autocannon({ url: `${server.baseUrl}${PRODUCTS_PATH}`, connections: settings.connections, amount: CPU_REQUESTS });
  if (result.errors + result.timeouts + result.non2xx > 0) throw new Error(`${PRODUCTS_PATH} failed while measuring processor time`);
  return ((cpuTimeMs(server.pid) - before) * 1000) / CPU_REQUESTS;
}

function bothPeaks(shop: Outcome<MemoryPeak>, baseline: Outcome<MemoryPeak>): Outcome<MemoryResult> {
  if (shop.status !== 'ok') return shop;
  if (baseline.status !== 'ok') return baseline;
  return { status: 'ok', result: { shop: shop.result, baseline: baseline.result } };
}

function average(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

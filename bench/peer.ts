/**
 * The shop beside a peer: the same reads and adding to carts against a Vendure 3 server installed
 * from npm on the same PostgreSQL server, with the same 64 flags. Vendure is installed into
 * .bench/peer-vendure (not among the shop's dependencies); when that cannot be done, or no
 * PostgreSQL answers, the section is skipped with the reason.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Request as LoadRequest } from 'autocannon';
import { catalogueSeed } from '../src/server/catalog/seed-data';
import { centsToDecimal } from '../src/shared/money';
import { sampleMemory, type MemoryPeak } from './memory';
import { attempt, errorMessage, type Outcome } from './outcome';
import { repoRoot } from './paths';
import { findPostgres, withFreshDatabase } from './postgres';
import { startShop, startVendure, type ChildServer } from './servers';
import { addToCartRequest, measureLoad, type LoadRun, type ThroughputSettings } from './throughput';

/** The peer as its own small npm project, pinned: the comparison is with this release. */
const VENDURE_VERSION = '3.7.3';
const INSTALL_DIR = path.join(repoRoot, '.bench', 'peer-vendure');
const INSTALL_TIMEOUT_MS = 600_000;
/** Vendure makes an order for each cart on its first add: the carts are made before the timed run. */
const PEER_CARTS = 200;
/**
 * Fewer connections than the shop's own load runs: Vendure answers its product list in about a
 * quarter of a second, so with 50 connections no answer would come back within a run.
 */
const PEER_CONNECTIONS = 10;
const MEASURES = ['list', 'one product', 'add to cart'] as const;
type Measure = (typeof MEASURES)[number];

/** What a shop grid shows of each flag, asked of Vendure's shop API as a storefront would. */
const LIST_QUERY = '{ products(options: { take: 100 }) { items { id name slug description featuredAsset { preview } variants { id priceWithTax stockLevel } } } }';
const PRODUCT_QUERY = '{ product(slug: "south-africa") { id name slug description featuredAsset { preview } assets { preview } variants { id priceWithTax stockLevel } } }';
const ADD_TO_CART = 'mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ... on Order { code totalQuantity } ... on ErrorResult { errorCode message } } }';

type Load = Omit<LoadRun, 'target' | 'round'>;

export interface PeerSide {
  loads: Record<Measure, Load>;
  memory: Outcome<MemoryPeak>;
}

export interface PeerResult {
  peer: string;
  database: string;
  settings: ThroughputSettings;
  shop: PeerSide;
  vendure: PeerSide;
  /** shop / Vendure for req/s (null when Vendure answered nothing within the run); Vendure / shop for memory: above 1, the shop is ahead. */
  ahead: Record<Measure, number | null> & { peakRss: number | null };
}

export async function measurePeer(settings: ThroughputSettings, databaseUrl: string | undefined, progress: (line: string) => void): Promise<Outcome<PeerResult>> {
  const server = await findPostgres(databaseUrl);
  if ('skipped' in server) return { status: 'skipped', reason: server.skipped };
  progress(`peer: installing Vendure ${VENDURE_VERSION} into ${path.relative(repoRoot, INSTALL_DIR)} (once)`);
  const installed = await installVendure();
  if (installed !== true) return { status: 'skipped', reason: installed };

  settings = { ...settings, connections: PEER_CONNECTIONS };
  return attempt(async () => {
    const productsCsv = path.join(INSTALL_DIR, 'products.csv');
    fs.writeFileSync(productsCsv, vendureProductsCsv());
    const shop = await withFreshDatabase(server, 'bench_peer_shop', async (url) => {
      const child = await startShop({ env: { DATABASE_URL: url, SESSION_SECRET: randomBytes(32).toString('base64') } });
      try {
        return await measureShop(child, settings, progress);
      } finally {
        await child.stop();
      }
    });
    const vendure = await withFreshDatabase(server, 'bench_peer_vendure', async (url) => {
      progress('peer: Vendure fills its database with the flags and starts');
      const child = await startVendure(INSTALL_DIR, url, productsCsv);
      try {
        return await measureVendure(child, settings, progress);
      } finally {
        await child.stop();
      }
    });
    const ratio = (measure: Measure) => (vendure.loads[measure].reqPerSec > 0 ? shop.loads[measure].reqPerSec / vendure.loads[measure].reqPerSec : null);
    const peakRss = shop.memory.status === 'ok' && vendure.memory.status === 'ok' ? vendure.memory.result.peakRssBytes / shop.memory.result.peakRssBytes : null;
    return {
      peer: `Vendure ${VENDURE_VERSION}`,
      database: `PostgreSQL ${server.version}, a fresh database for each`,
      settings,
      shop,
      vendure,
      ahead: { list: ratio('list'), 'one product': ratio('one product'), 'add to cart': ratio('add to cart'), peakRss },
    };
  });
}

/** true, or why Vendure could not be installed. */
async function installVendure(): Promise<true | string> {
  const manifest = { name: 'flag-shop-bench-peer', private: true, dependencies: { '@vendure/core': VENDURE_VERSION, pg: '^8.13.0' } };
  fs.mkdirSync(INSTALL_DIR, { recursive: true });
  const manifestFile = path.join(INSTALL_DIR, 'package.json');
  const wanted = JSON.stringify(manifest, null, 2);
  const ready = fs.existsSync(path.join(INSTALL_DIR, 'node_modules', '@vendure', 'core', 'package.json')) && fs.existsSync(manifestFile) && fs.readFileSync(manifestFile, 'utf8') === wanted;
  if (ready) return true;
  fs.writeFileSync(manifestFile, wanted);
  try {
    await promisify(execFile)('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: INSTALL_DIR, timeout: INSTALL_TIMEOUT_MS });
    return true;
  } catch (err) {
    return `Vendure ${VENDURE_VERSION} could not be installed from npm (${errorMessage(err).split('\n').slice(0, 3).join(' ')})`;
  }
}

/** The shop's 64 flags in Vendure's product import format, at the same prices (VAT added on top by Vendure's default channel). */
function vendureProductsCsv(): string {
  const header = ['name', 'slug', 'description', 'assets', 'facets', 'optionGroups', 'optionValues', 'sku', 'price', 'taxCategory', 'stockOnHand', 'trackInventory', 'variantAssets', 'variantFacets'];
  const rows = catalogueSeed.map((flag) => [flag.name, flag.slug, flag.description, '', '', '', '', flag.slug.toUpperCase(), centsToDecimal(flag.priceCents), 'standard', '1000', 'false', '', '']);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

async function measureShop(shop: ChildServer, settings: ThroughputSettings, progress: (line: string) => void): Promise<PeerSide> {
  const products = (await (await fetch(`${shop.baseUrl}/api/products`)).json()) as { id: string }[];
  return measureSide(shop, progress, 'shop', {
    list: () => measureLoad(`${shop.baseUrl}/api/products`, settings),
    'one product': () => measureLoad(`${shop.baseUrl}/api/products/south-africa`, settings),
    'add to cart': () => measureLoad(`${shop.baseUrl}/api/cart`, settings, addToCartRequest(products, PEER_CARTS)),
  });
}

async function measureVendure(vendure: ChildServer, settings: ThroughputSettings, progress: (line: string) => void): Promise<PeerSide> {
  const api = `${vendure.baseUrl}/shop-api`;
  const listed = (await graphql(api, LIST_QUERY)) as { data?: { products?: { items: { variants: { id: string }[] }[] } } };
  const variants = listed.data?.products?.items.flatMap((item) => item.variants.map((variant) => variant.id)) ?? [];
  if (variants.length !== catalogueSeed.length) throw new Error(`Vendure lists ${variants.length} variants, not ${catalogueSeed.length}`);
  progress(`peer: making ${PEER_CARTS} Vendure carts (not timed)`);
  const tokens: string[] = [];
  for (let i = 0; i < PEER_CARTS; i++) tokens.push(await newVendureCart(api, variants[i % variants.length]!));
  return measureSide(vendure, progress, 'Vendure', {
    list: () => measureLoad(api, settings, graphqlRequest(() => ({ query: LIST_QUERY }))),
    'one product': () => measureLoad(api, settings, graphqlRequest(() => ({ query: PRODUCT_QUERY }))),
    'add to cart': () =>
      measureLoad(
        api,
        settings,
        graphqlRequest(() => ({ query: ADD_TO_CART, variables: { id: pick(variants) } }), () => ({ authorization: `Bearer ${pick(tokens)}` })),
      ),
  });
}

async function measureSide(server: ChildServer, progress: (line: string) => void, name: string, runs: Record<Measure, () => Promise<Load>>): Promise<PeerSide> {
  const sampler = sampleMemory(server.pid);
  const loads = {} as Record<Measure, Load>;
  try {
    for (const measure of MEASURES) {
      progress(`peer: ${name}, ${measure}`);
      loads[measure] = await runs[measure]();
    }
  } catch (err) {
    sampler.stop();
    throw err;
  }
  return { loads, memory: sampler.stop() };
}

function graphqlRequest(body: () => object, headers: () => Record<string, string> = () => ({})): LoadRequest {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headers() }, body: JSON.stringify(body()) }),
  };
}

async function graphql(api: string, query: string, variables?: object, token?: string): Promise<unknown> {
  const response = await fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  if (!response.ok) throw new Error(`Vendure's shop API answered ${response.status}`);
  return response.json();
}

/** A new anonymous Vendure session with one flag in its order; its bearer token. */
async function newVendureCart(api: string, variantId: string): Promise<string> {
  const response = await fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: ADD_TO_CART, variables: { id: variantId } }),
  });
  const token = response.headers.get('vendure-auth-token');
  if (!response.ok || !token) throw new Error(`Vendure made no cart (${response.status})`);
  return token;
}

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

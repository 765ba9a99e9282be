import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths';

interface ShopProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the base URL once the server listens, or with the exit code if it stops first. */
  started: Promise<{ url: string } | { exitCode: number | null }>;
}

function startShop(dataDir: string): ShopProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const started = new Promise<{ url: string } | { exitCode: number | null }>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match) resolve({ url: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (exitCode) => resolve({ exitCode }));
  });
  return { child, output: () => text, started };
}

async function stop(shop: ShopProcess): Promise<number | null> {
  if (shop.child.exitCode !== null) return shop.child.exitCode;
  const exited = once(shop.child, 'exit');
  shop.child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

describe('the shop process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-process-'));
  let first: ShopProcess;
  let url: string;

  beforeAll(async () => {
    first = startShop(dataDir);
    const started = await first.started;
    if (!('url' in started)) throw new Error(`the shop did not start:\n${first.output()}`);
    url = started.url;
  }, 90_000);

  afterAll(async () => {
    if (first) await stop(first);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const second = startShop(dataDir);
    const started = await second.started;
    expect(started).toEqual({ exitCode: 1 });
    expect(second.output()).toContain(`Another shop process is already using the embedded database in ${dataDir}`);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  }, 60_000);

  it('on SIGTERM finishes the request in flight, exits cleanly and frees the folder', async () => {
    const inFlight = fetch(`${url}/api/products`);
    await new Promise((resolve) => setImmediate(resolve));
    const code = await stop(first);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(60);
    expect(code).toBe(0);
    expect(first.output()).toContain('shutting down');

    const next = startShop(dataDir);
    try {
      const started = await next.started;
      expect(started).toHaveProperty('url');
      const products = (await (await fetch(`${(started as { url: string }).url}/api/products`)).json()) as unknown[];
      expect(products.length).toBe(64);
    } finally {
      await stop(next);
    }
  }, 90_000);
});

describe('restarts of the shop process on the embedded database', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-restart-'));

  afterAll(() => {
    fs.rmSync(parent, { recursive: true, force: true });
  });

  async function expectServing(shop: ShopProcess): Promise<void> {
    const started = await shop.started;
    if (!('url' in started)) throw new Error(`the shop did not start:\n${shop.output()}`);
    expect(await (await fetch(`${started.url}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
    expect(((await (await fetch(`${started.url}/api/products`)).json()) as unknown[]).length).toBe(64);
  }

  it('after kill -9 starts again at once, taking over the killed process\'s lock by its pid', async () => {
    const dataDir = path.join(parent, 'killed');
    const killed = startShop(dataDir);
    await expectServing(killed);
    const exited = once(killed.child, 'exit');
    killed.child.kill('SIGKILL');
    await exited;
    // kill -9 leaves the lock behind.
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);

    const restarted = startShop(dataDir);
    try {
      await expectServing(restarted);
      expect(restarted.output()).toContain(`took over the DATA_DIR lock of shop process ${killed.child.pid}`);
    } finally {
      await stop(restarted);
    }
  }, 120_000);

  it('runs on a DATA_DIR that is a symlink and refuses a second process reaching the folder through another one', async () => {
    const folder = path.join(parent, 'real-data');
    fs.mkdirSync(folder);
    const viaA = path.join(parent, 'data-a');
    const viaB = path.join(parent, 'data-b');
    fs.symlinkSync(folder, viaA);
    fs.symlinkSync(folder, viaB);

    const first = startShop(viaA);
    try {
      await expectServing(first);
      const second = startShop(viaB);
      expect(await second.started).toEqual({ exitCode: 1 });
      expect(second.output()).toContain(`Another shop process is already using the embedded database in ${viaB}`);
      expect(second.output()).toContain(`Stop that process (pid ${first.child.pid})`);
    } finally {
      await stop(first);
    }
  }, 120_000);
});

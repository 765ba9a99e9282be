import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyStartedDataDir, openToEveryone, openToOthers } from './testing/data-dirs';
import { shopNodeArgs, startShop, stopShop, type ShopProcess } from './testing/shop-process';
import { freePort } from './testing/free-port';
import { projectRoot } from './paths';

/** A shop process on the embedded database in `dataDir`, on a port of its choosing. */
function startShopOn(dataDir: string): ShopProcess {
  return startShop({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
}

/** The one process test that starts on an empty DATA_DIR, as a new shop does; the others start on a copy of one. */
describe('the shop process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-process-'));
  let first: ShopProcess;
  let url: string;

  beforeAll(async () => {
    first = startShopOn(dataDir);
    const started = await first.started;
    if (!('url' in started)) throw new Error(`the shop did not start:\n${first.output()}`);
    url = started.url;
  }, 90_000);

  afterAll(async () => {
    if (first) await stopShop(first.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('keeps to its JSON log lines when its output is not a terminal (a service manager, a pipe)', () => {
    expect(first.output()).toContain('"msg":"Shop open at http://localhost:0"');
    expect(first.output()).not.toContain('is open at');
  });

  it("keeps the new DATA_DIR to the shop's own user: every folder 0700, every file 0600, the session secret too", () => {
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const second = startShopOn(dataDir);
    const started = await second.started;
    expect(started).toEqual({ exitCode: 1 });
    expect(second.output()).toContain(`Another shop process is already using the embedded database in ${dataDir}`);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  }, 60_000);

  it('on SIGTERM finishes the request in flight, exits cleanly and frees the folder', async () => {
    const inFlight = fetch(`${url}/api/products`);
    await new Promise((resolve) => setImmediate(resolve));
    const code = await stopShop(first.child);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(60);
    expect(code).toBe(0);
    expect(first.output()).toContain('shutting down');

    const next = startShopOn(dataDir);
    try {
      const started = await next.started;
      expect(started).toHaveProperty('url');
      const products = (await (await fetch(`${(started as { url: string }).url}/api/products`)).json()) as unknown[];
      expect(products.length).toBe(64);
    } finally {
      await stopShop(next.child);
    }
  }, 90_000);
});

/**
 * One shop serves both tests, on a DATA_DIR that is a symlink: the first finds it running, the
 * second kills it with -9 and starts it again.
 */
describe('restarts of the shop process on the embedded database', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-restart-'));
  const folder = path.join(parent, 'real-data');
  const viaA = path.join(parent, 'data-a');
  const viaB = path.join(parent, 'data-b');
  let shop: ShopProcess;

  beforeAll(() => {
    copyStartedDataDir(folder);
    // As a shop of an earlier version left it: open to every local user, its session secret too.
    fs.writeFileSync(path.join(folder, 'session-secret'), 'a-secret-an-earlier-shop-made\n');
    openToEveryone(folder);
    fs.symlinkSync(folder, viaA);
    fs.symlinkSync(folder, viaB);
    shop = startShopOn(viaA);
  });

  afterAll(async () => {
    if (shop) await stopShop(shop.child);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  async function expectServing(running: ShopProcess): Promise<void> {
    const started = await running.started;
    if (!('url' in started)) throw new Error(`the shop did not start:\n${running.output()}`);
    expect(await (await fetch(`${started.url}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
    expect(((await (await fetch(`${started.url}/api/products`)).json()) as unknown[]).length).toBe(64);
  }

  it('runs on a DATA_DIR that is a symlink and refuses a second process reaching the folder through another one', async () => {
    await expectServing(shop);
    // The start closed the folder it found open to every local user.
    expect(openToOthers(folder)).toEqual([]);
    const second = startShopOn(viaB);
    expect(await second.started).toEqual({ exitCode: 1 });
    expect(second.output()).toContain(`Another shop process is already using the embedded database in ${viaB}`);
    expect(second.output()).toContain(`Stop that process (pid ${shop.child.pid})`);
  }, 120_000);

  it('after kill -9 starts again at once, taking over the killed process\'s lock by its pid', async () => {
    const killed = shop;
    await expectServing(killed);
    const exited = once(killed.child, 'exit');
    killed.child.kill('SIGKILL');
    await exited;
    // kill -9 leaves the lock behind.
    expect(fs.existsSync(`${folder}.lock`)).toBe(true);

    shop = startShopOn(viaA);
    await expectServing(shop);
    expect(shop.output()).toContain(`took over the DATA_DIR lock of shop process ${killed.child.pid}`);
  }, 120_000);
});

describe('the shop started in a terminal', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-terminal-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says after its log lines, in words, where it is open, where its mail goes and who the admins are', async () => {
    copyStartedDataDir(dataDir);
    const port = await freePort();
    // `script` gives the shop a terminal of its own, as `npm start` in a terminal does.
    const terminal = spawn('script', ['-qefc', [process.execPath, ...shopNodeArgs()].join(' '), '/dev/null'], {
      cwd: projectRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAILS: 'owner@capeflag.co.za', LOG_LEVEL: 'info' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    const exited = once(terminal, 'exit');
    const noticed = new Promise<void>((resolve) => {
      terminal.stdout.on('data', (chunk: Buffer) => {
        screen += chunk.toString().replaceAll('\r', '');
        if (screen.includes('Stop it with Ctrl-C')) resolve();
      });
      void exited.then(() => resolve());
    });
    try {
      await noticed;
      const notice = screen.slice(screen.lastIndexOf('\n\n  Cape Flag Co. is open at'));
      expect(notice).toContain(`  Cape Flag Co. is open at http://localhost:${port}\n`);
      expect(notice).toContain(`  Emails     the dev mailbox, http://localhost:${port}/dev/mailbox (nothing leaves this machine)\n`);
      expect(notice).toContain('  Admins     owner@capeflag.co.za (ADMIN_EMAILS), each once its email is verified\n');
      // The JSON lines of the start come first.
      expect(screen.indexOf('"msg":"Shop open at')).toBeLessThan(screen.indexOf('Cape Flag Co. is open at'));
    } finally {
      const shopPid = /"pid":(\d+)/.exec(screen)?.[1];
      if (shopPid) process.kill(Number(shopPid), 'SIGTERM');
      else terminal.kill('SIGKILL');
      await exited;
    }
  }, 90_000);
});

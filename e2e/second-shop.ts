/** A second shop process beside the one playwright.config.ts starts, with settings of its own. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort } from '../src/server/testing/free-port';
import { SHOP_NODE_ARGS } from '../src/server/start-command';
import { expect } from './fixtures';

export interface SecondShop {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built shop on a free port and a copy of the seeded database (e2e/global-setup.ts), and
 * waits until it is ready.
 */
export async function startSecondShop(env: Record<string, string>): Promise<SecondShop> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-second-e2e-'));
  fs.cpSync(process.env.E2E_SEEDED_DATA_DIR!, dataDir, { recursive: true });
  const shop = spawn(process.execPath, SHOP_NODE_ARGS, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (shop.exitCode === null && shop.signalCode === null) {
      const exited = new Promise((resolve) => shop.once('exit', resolve));
      shop.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.status, { timeout: 30_000 })
      .toBe(200);
  } catch (err) {
    // A shop that never became ready must not outlive the test run.
    await stop();
    throw err;
  }
  return { url, stop };
}

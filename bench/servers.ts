/** The servers under test, each in its own child process so its memory can be read from /proc. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/server/testing/free-port';
import { SHOP_NODE_ARGS } from '../src/server/start-command';
import { deferCleanup } from './cleanup';
import { errorMessage } from './outcome';
import { repoRoot } from './paths';

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Headers of GET /api/products that the baseline sends too; x-request-id is per-request work of the shop. */
const COPIED_HEADERS = ['content-type', 'etag', 'cache-control', 'vary'];

export interface ChildServer {
  readonly name: string;
  readonly pid: number;
  readonly baseUrl: string;
  /** Its stdout and stderr; gone once stop() has removed the temporary directory. */
  readonly logFile: string;
  /** Stops the process (SIGTERM, then SIGKILL after a grace period) and removes its temporary directory. */
  stop(): Promise<void>;
}

export interface CapturedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain GET with no accept-encoding, so the answer is the uncompressed body. */
export function httpGet(url: string): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 5_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

export interface ShopOptions {
  /** Added to (and overriding) the defaults, e.g. DATABASE_URL and SESSION_SECRET for a PostgreSQL server. */
  env?: NodeJS.ProcessEnv;
}

/**
 * The real shop as `npm start` runs it (the built server), logging at info; on a fresh PGlite data
 * directory unless `env` names a DATABASE_URL.
 */
export async function startShop(options: ShopOptions = {}): Promise<ChildServer> {
  const tmpDir = makeTempDir('bench-shop-');
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  return startChild({
    name: options.env?.DATABASE_URL ? 'shop server (PostgreSQL)' : 'shop server',
    tmpDir,
    nodeArgs: [...SHOP_NODE_ARGS],
    env: {
      PORT: String(port),
      HOST,
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tmpDir.path, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    baseUrl,
    readyPath: '/readyz',
  });
}

/** bench/baseline-server.ts answering every request with the captured body and its static headers. */
export async function startBaseline(response: CapturedResponse): Promise<ChildServer> {
  const tmpDir = makeTempDir('bench-baseline-');
  const bodyFile = path.join(tmpDir.path, 'body');
  fs.writeFileSync(bodyFile, response.body);
  const headers = Object.fromEntries(
    COPIED_HEADERS.flatMap((name) => {
      const value = response.headers[name];
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  );
  const port = await freePort();
  return startChild({
    name: 'baseline server',
    tmpDir,
    nodeArgs: ['--import', 'tsx', 'bench/baseline-server.ts', String(port), HOST, bodyFile, JSON.stringify(headers)],
    env: {},
    baseUrl: `http://${HOST}:${port}`,
    readyPath: '/',
  });
}

/** Vendure fills its database with the products first: it may take a few minutes on a busy machine. */
const PEER_READY_TIMEOUT_MS = 300_000;

/**
 * bench/peer-vendure-server.ts: a Vendure server from its own install in `installDir`, on a fresh
 * database, with the products of `productsCsv`; ready when its shop API answers.
 */
export async function startVendure(installDir: string, databaseUrl: string, productsCsv: string): Promise<ChildServer> {
  const tmpDir = makeTempDir('bench-vendure-');
  const port = await freePort();
  return startChild({
    name: 'Vendure server',
    tmpDir,
    // In its install folder, where Vendure keeps its own files (.vendure/).
    nodeArgs: ['--import', import.meta.resolve('tsx'), path.join(repoRoot, 'bench', 'peer-vendure-server.ts'), installDir, databaseUrl, String(port), productsCsv],
    cwd: installDir,
    // Vendure reports its installation to its makers unless told not to: the bench calls nothing outside.
    env: { VENDURE_DISABLE_TELEMETRY: 'true' },
    baseUrl: `http://${HOST}:${port}`,
    readyPath: `/shop-api?query=${encodeURIComponent('{ activeChannel { code } }')}`,
    readyTimeoutMs: PEER_READY_TIMEOUT_MS,
  });
}

interface TempDir {
  path: string;
  remove(): Promise<void>;
}

function makeTempDir(prefix: string): TempDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { path: dir, remove: deferCleanup(() => fs.rmSync(dir, { recursive: true, force: true })) };
}

interface ChildSpec {
  name: string;
  tmpDir: TempDir;
  /** Arguments of `node`, relative to the repository root. */
  nodeArgs: string[];
  env: NodeJS.ProcessEnv;
  baseUrl: string;
  readyPath: string;
  /** Where it runs; the repository root unless told. */
  cwd?: string;
  /** How long it may take to answer readyPath with 200; READY_TIMEOUT_MS unless told. */
  readyTimeoutMs?: number;
}

async function startChild(spec: ChildSpec): Promise<ChildServer> {
  // The output goes to a file, not through the bench process: reading it would cost the load generator CPU.
  const logFile = path.join(spec.tmpDir.path, 'output.log');
  const logFd = fs.openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, spec.nodeArgs, {
      cwd: spec.cwd ?? repoRoot,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', logFd, logFd],
    });
  } finally {
    fs.closeSync(logFd);
  }
  let spawnError: Error | undefined;
  child.on('error', (err) => (spawnError = err));

  const stop = deferCleanup(async () => {
    await stopProcess(child);
    await spec.tmpDir.remove();
  });

  try {
    await waitUntilReady(child, `${spec.baseUrl}${spec.readyPath}`, () => spawnError, spec.readyTimeoutMs ?? READY_TIMEOUT_MS);
  } catch (err) {
    const output = logTail(logFile);
    await stop();
    throw new Error(`${spec.name}: ${errorMessage(err)}\n--- its output ---\n${output}`);
  }
  if (child.pid === undefined) throw new Error(`${spec.name} has no process id`);
  return { name: spec.name, pid: child.pid, baseUrl: spec.baseUrl, logFile, stop };
}

async function waitUntilReady(child: ChildProcess, url: string, spawnError: () => Error | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const error = spawnError();
    if (error) throw error;
    if (hasExited(child)) throw new Error(`exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      if ((await httpGet(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`not ready at ${url} after ${timeoutMs / 1000} s`);
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || hasExited(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

function logTail(file: string, bytes = 4_000): string {
  const text = fs.readFileSync(file, 'utf8');
  return text.length > bytes ? `…${text.slice(-bytes)}` : text;
}

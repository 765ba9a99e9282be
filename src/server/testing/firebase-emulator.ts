/**
 * The Firebase Auth emulator (firebase-tools), for the tests of AUTH_PROVIDER=firebase: the real
 * Firebase Authentication, offline, on this machine's loopback only, for a `demo-` project (which
 * Firebase never connects to a real one). npm test starts one for all its runs (scripts/test.ts);
 * a run started on its own (vitest, playwright) starts its own and stops it at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from './free-port';

export const EMULATOR_PROJECT_ID = 'demo-flag-shop';

export interface FirebaseEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  stop(): Promise<void>;
}

/** The settings that start a shop on the emulator. */
export function firebaseShopEnv(host: string): Record<string, string> {
  return { AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: host };
}

function firebaseCli(): string {
  return createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
}

const answers = async (host: string) => {
  try {
    return (await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/config`)).ok;
  } catch {
    return false; // not listening yet
  }
};

/**
 * Resolves once the emulator at `host` answers; rejects when `exited` says it stopped or after
 * `timeoutMs`. Test files in other processes than the one that started it wait with this too.
 */
export async function emulatorAnswers(host: string, timeoutMs = 120_000, exited: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const stopped = exited();
    if (stopped) throw new Error(stopped);
    if (await answers(host)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Firebase Auth emulator at ${host} did not answer within ${timeoutMs / 1000} s`);
}

export interface LaunchedEmulator extends FirebaseEmulator {
  /** Resolves once it answers (12-25 s on two cores); the test run goes on meanwhile. */
  ready: Promise<void>;
}

export async function launchFirebaseEmulator(timeoutMs = 120_000): Promise<LaunchedEmulator> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-firebase-'));
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const local = { host: '127.0.0.1' };
  fs.writeFileSync(
    path.join(folder, 'firebase.json'),
    JSON.stringify({
      emulators: { auth: { port: authPort, ...local }, hub: { port: hubPort, ...local }, logging: { port: loggingPort, ...local }, ui: { enabled: false } },
    }),
  );
  const child = spawn(process.execPath, [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: folder,
    // No update check, no usage reporting, no prompts, nothing kept in the real home folder.
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_TELEMETRY: '1', HOME: folder },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const host = `127.0.0.1:${authPort}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  // Stopped by a signal (stop() at the end of a short run), a child has no exit code, only the signal.
  const exited = () =>
    child.exitCode === null && child.signalCode === null ? undefined : `The Firebase Auth emulator stopped (${child.signalCode ?? `exit ${child.exitCode}`}):\n${log}`;
  const ready = emulatorAnswers(host, timeoutMs, exited).catch(async (err: Error) => {
    await stop();
    throw new Error(`${err.message}\n${log}`);
  });
  // Waited for by whoever needs it; a failure is theirs to report.
  ready.catch(() => undefined);
  return { host, ready, stop };
}

/** Where npm test tells the runs it starts which emulator they share (host:port). */
export const SHARED_EMULATOR = 'FLAG_SHOP_TEST_FIREBASE_EMULATOR';

/** The emulator npm test shares, which its owner stops; else one of this run's own. */
export async function launchOrShareFirebaseEmulator(timeoutMs = 120_000): Promise<LaunchedEmulator> {
  const shared = process.env[SHARED_EMULATOR];
  if (!shared) return launchFirebaseEmulator(timeoutMs);
  const ready = emulatorAnswers(shared, timeoutMs);
  ready.catch(() => undefined);
  return { host: shared, ready, stop: async () => undefined };
}

/** The emulator, started (or shared) and answering. */
export async function startFirebaseEmulator(timeoutMs?: number): Promise<FirebaseEmulator> {
  const emulator = await launchOrShareFirebaseEmulator(timeoutMs);
  await emulator.ready;
  return emulator;
}

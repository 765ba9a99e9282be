import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { projectRoot } from '../paths';
import { SHOP_NODE_ARGS } from '../start-command';
import { reasonToBuild } from '../../../scripts/commands/build-stamp';

export interface ShopProcess {
  child: ChildProcess;
  /**
   * Resolves with the base URL once the shop has logged that it is open (its last start line, after
   * it listens), or with the exit code if it stops first.
   */
  started: Promise<{ url: string } | { exitCode: number | null }>;
  /** Resolves with whether the shop came to be open (see `started`). */
  listening: Promise<boolean>;
  output: () => string;
}

let nodeArgs: readonly string[] | undefined;

/**
 * How a test starts the shop: as `npm start` does, from dist/ when it is the build of the sources
 * as they are (npm test builds before the tests), else from the sources through tsx, which
 * compiles them again at every start.
 */
export function shopNodeArgs(): readonly string[] {
  nodeArgs ??= reasonToBuild(projectRoot) === undefined ? SHOP_NODE_ARGS : ['--import', 'tsx', 'src/server/main.ts'];
  return nodeArgs;
}

/** The shop as its own process, as `npm start` runs it: the process tests can kill it like a crash would. */
export function startShop(env: Record<string, string>): ShopProcess {
  const child = spawn(process.execPath, [...shopNodeArgs()], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const started = new Promise<{ url: string } | { exitCode: number | null }>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const listening = /Server listening at (http:\/\/[^\s"]+)/.exec(text);
      if (listening && text.includes('"msg":"Shop open at ')) resolve({ url: listening[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (exitCode) => resolve({ exitCode }));
  });
  return { child, started, listening: started.then((outcome) => 'url' in outcome), output: () => text };
}

/** Stops a shop process as an operator would (SIGTERM) and waits for it: its exit code (also when it had already ended). */
export async function stopShop(shop: ChildProcess): Promise<number | null> {
  if (shop.exitCode !== null || shop.signalCode !== null) return shop.exitCode;
  const exited = once(shop, 'exit');
  shop.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

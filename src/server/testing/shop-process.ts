import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { projectRoot } from '../paths';

/** The shop as its own process, as `npm start` runs it: the process tests can kill it like a crash would. */
export function startShop(env: Record<string, string>): { child: ChildProcess; listening: Promise<boolean>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listening = new Promise<boolean>((resolve) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('Server listening at')) resolve(true);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => resolve(false));
  });
  return { child, listening, output: () => text };
}

/** Stops a shop process as an operator would (SIGTERM) and waits for it; nothing to do if it already ended. */
export async function stopShop(shop: ChildProcess): Promise<void> {
  if (shop.exitCode !== null || shop.signalCode !== null) return;
  const exited = once(shop, 'exit');
  shop.kill('SIGTERM');
  await exited;
}

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** `npm <args>` with the npm that runs this script (npm says where it is: npm_execpath), else the one on PATH. */
export function spawnNpm(args: string[], options: SpawnOptions): ChildProcess {
  const npm = process.env.npm_execpath;
  return npm ? spawn(process.execPath, [npm, ...args], options) : spawn('npm', args, options);
}

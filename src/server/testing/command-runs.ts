import { execFile } from 'node:child_process';
import type { ShopCommand } from '../../../scripts/commands/shop-database';
import { projectRoot } from '../paths';

/** What a command-line tool printed and how it ended. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command run in this process, with just these settings; its output as the terminal would show it. */
export async function runInProcess(command: ShopCommand, args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, env, {
    out: (text) => {
      stdout += `${text}\n`;
    },
    err: (text) => {
      stderr += `${text}\n`;
    },
  });
  return { code, stdout, stderr };
}

/** `node --import tsx <script> …` as `npm run …` runs it: the entry point itself, in a process of its own. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: projectRoot, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Runs the browser tests in real Chromium. Without Chromium they are skipped with a loud notice,
 * except under CI=true, where a missing browser is a failure.
 */
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromePath as chrome } from './chromium';

if (!fs.existsSync(chrome)) {
  const banner = [
    '',
    '='.repeat(72),
    `  BROWSER TESTS NOT RUN: no Chromium at ${chrome}.`,
    '  Install it (apt-get install -y chromium) or set CHROME_PATH.',
    '='.repeat(72),
    '',
  ].join('\n');
  if (process.env.CI === 'true') {
    console.error(`${banner}\n  CI=true: a missing browser fails the run.\n`);
    process.exit(1);
  }
  console.warn(banner);
  process.exit(0);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `--built`: npm test has just built the app, beside the typecheck and the lint.
const args = process.argv.slice(2);
const built = args.includes('--built');
if (!built) run('npm', ['run', '--silent', 'build']);
run('npx', ['playwright', 'test', ...args.filter((arg) => arg !== '--built')]);

/**
 * npm test: the typecheck, lint and build side by side, the size budget of the home page's
 * JavaScript, the unit and API tests, then the browser tests. One Firebase Auth emulator serves
 * the unit and the browser runs: it starts first (12-25 s on two cores, beside the build) and
 * stops at the end, whatever happened.
 */
import { spawnNpm } from './spawn-npm';
import { launchFirebaseEmulator, SHARED_EMULATOR } from '../src/server/testing/firebase-emulator';

/** `npm run <script>` with its output shown as it comes; answers its exit code. */
function npmRun(script: string, ...args: string[]): Promise<number> {
  const child = spawnNpm(['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const emulator = await launchFirebaseEmulator();
process.env[SHARED_EMULATOR] = emulator.host;
// Ctrl-C reaches the steps too; the emulator is stopped before this process goes.
process.once('SIGINT', () => void emulator.stop().finally(() => process.exit(130)));
process.once('SIGTERM', () => void emulator.stop().finally(() => process.exit(143)));

let failed = 0;
try {
  for (const [script, ...args] of [['test:checks'], ['check:js-budget'], ['test:unit'], ['test:browser', '--built']] as const) {
    failed = await npmRun(script, ...args);
    if (failed !== 0) break;
  }
} finally {
  await emulator.stop();
}
process.exit(failed);

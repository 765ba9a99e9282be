/**
 * Builds only what needs building (scripts/commands/build-stamp.ts), for package.json:
 *
 *   node --import tsx scripts/build-stamp.ts begin              npm's prebuild
 *   node --import tsx scripts/build-stamp.ts end                npm's postbuild
 *   node --import tsx scripts/build-stamp.ts build-when-changed npm's prestart: npm run build, unless dist/ is current
 *
 * Exit codes: 0 done, 1 the build failed, 2 bad usage.
 */
import { spawnNpm } from './spawn-npm';
import { beginBuild, buildWhenChanged, endBuild, type BuildOutcome } from './commands/build-stamp';
import { projectRoot } from '../src/server/paths';

/** `npm run build` with its output kept back. */
function runBuild(): Promise<BuildOutcome> {
  const child = spawnNpm(['run', 'build'], { cwd: projectRoot });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('error', (err) => resolve({ ok: false, output: `${output}${err.message}` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

const [step, ...rest] = process.argv.slice(2);
if (rest.length > 0 || !['begin', 'end', 'build-when-changed'].includes(step ?? '')) {
  console.error('Usage: node --import tsx scripts/build-stamp.ts begin | end | build-when-changed');
  process.exit(2);
}
if (step === 'begin') beginBuild(projectRoot);
else if (step === 'end') endBuild(projectRoot);
else {
  const ready = await buildWhenChanged(projectRoot, runBuild, { out: (text) => console.log(text), err: (text) => console.error(text) });
  process.exit(ready ? 0 : 1);
}

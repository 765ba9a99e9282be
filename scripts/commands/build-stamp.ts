/**
 * `npm start` builds only when dist/ is not the build of the sources as they are now
 * (scripts/build-stamp.ts runs these). A build records a stamp of the sources it read: a hash of
 * the content of every file under src/ but the tests, and of the files beside it that shape the
 * build (the packages, the TypeScript and Vite settings). Content, not times: a checkout, a copy
 * or an editor that keeps old times cannot make a stale build look current.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the build reads besides src/. */
const BUILD_SETTINGS = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts'];
/** What the shop needs of a build: the server, the pages it renders, the browser app. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/ssr/server-entry.js', 'dist/web/index.html'];
/** Vite empties dist/web and dist/ssr, not dist/ itself. */
const STAMP = 'dist/build-stamp';
/** The stamp of the sources as a build began to read them, made the stamp only once it succeeded. */
const PENDING_STAMP = 'dist/build-stamp.pending';

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** A hash of every build input's name and content. */
function sourcesStamp(root: string): string {
  const sources = fs
    .readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !isTest(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const settings = BUILD_SETTINGS.filter((file) => fs.existsSync(path.join(root, file)));
  const hash = createHash('sha256');
  for (const file of [...settings, ...sources].sort()) {
    const content = fs.readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** Before a build (npm's prebuild): no stamp while dist/ is being rewritten, so a failed build is never taken for current. */
export function beginBuild(root: string): void {
  fs.rmSync(path.join(root, STAMP), { force: true });
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, PENDING_STAMP), sourcesStamp(root));
}

/** After a build succeeded (npm's postbuild): a source changed while it ran leaves a stamp that no longer matches. */
export function endBuild(root: string): void {
  if (fs.existsSync(path.join(root, PENDING_STAMP))) fs.renameSync(path.join(root, PENDING_STAMP), path.join(root, STAMP));
}

/** Why dist/ must be built before the shop starts, or undefined when it is the build of the sources as they are. */
export function reasonToBuild(root: string): string | undefined {
  if (BUILD_OUTPUTS.some((file) => !fs.existsSync(path.join(root, file)))) return 'the shop has not been built yet';
  const stamp = fs.existsSync(path.join(root, STAMP)) ? fs.readFileSync(path.join(root, STAMP), 'utf8') : '';
  return stamp === sourcesStamp(root) ? undefined : 'the sources changed since the last build';
}

export interface BuildOutcome {
  ok: boolean;
  /** Everything the build printed, shown only when it failed. */
  output: string;
}

/**
 * `npm start`'s first step: builds when dist/ is not current, quietly (a hundred lines of Vite's
 * progress and Rollup's warnings would bury the shop's own start), showing the build's output
 * only when it failed. True when the shop may start.
 */
export async function buildWhenChanged(
  root: string,
  runBuild: () => Promise<BuildOutcome>,
  output: { out: (text: string) => void; err: (text: string) => void },
): Promise<boolean> {
  const reason = reasonToBuild(root);
  if (!reason) {
    output.out('The build in dist/ is current: starting the shop.');
    return true;
  }
  output.out(`Building the shop, as ${reason} (about half a minute)…`);
  const startedAt = Date.now();
  const built = await runBuild();
  if (!built.ok) {
    output.err(`${built.output.trimEnd()}\n\nThe build failed (above), so the shop was not started.`);
    return false;
  }
  output.out(`Built in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  return true;
}

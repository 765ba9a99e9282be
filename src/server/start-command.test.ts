import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beginBuild, buildWhenChanged, endBuild, type BuildOutcome } from '../../scripts/commands/build-stamp';
import { projectRoot } from './paths';
import { SHOP_NODE_ARGS } from './start-command';

describe('the one way the shop is started', () => {
  it('is what npm start runs', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`node ${SHOP_NODE_ARGS.join(' ')}`);
  });

  it('is what the systemd unit runs', () => {
    const unit = fs.readFileSync(path.join(projectRoot, 'deploy', 'flag-shop@.service'), 'utf8');
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${SHOP_NODE_ARGS.join(' ')}$`, 'm'));
  });
});

/**
 * `npm start` builds only when dist/ is not the build of the sources as they are, on a project of
 * a few files whose "build" writes the three outputs the shop needs, with npm's prebuild and
 * postbuild around it as `npm run build` runs them.
 */
describe('npm start building only when the sources changed', () => {
  let root: string;
  let builds: number;
  let printed: string[];
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const build = async (): Promise<BuildOutcome> => {
    beginBuild(root);
    builds++;
    for (const output of ['dist/server/main.js', 'dist/ssr/server-entry.js', 'dist/web/index.html']) write(output, `built ${builds}`);
    endBuild(root);
    return { ok: true, output: 'vite v7 building for production...\n(!) Some chunks are larger than 500 kB' };
  };
  const start = (runBuild = build) =>
    buildWhenChanged(root, runBuild, { out: (text) => printed.push(text), err: (text) => printed.push(text) });

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-build-'));
    builds = 0;
    printed = [];
    write('package.json', '{"name":"flag-shop"}');
    write('vite.config.ts', 'export default {};');
    write('src/server/main.ts', 'console.log("open");');
    write('src/web/index.html', '<div id="root"></div>');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('builds on a fresh clone, then starts without building while nothing changed, saying so in one line', async () => {
    expect(await start()).toBe(true);
    expect(builds).toBe(1);
    expect(printed).toEqual(['Building the shop, as the shop has not been built yet (about half a minute)…', expect.stringMatching(/^Built in \d+ s\.$/)]);
    printed = [];
    expect(await start()).toBe(true);
    expect(await start()).toBe(true);
    expect(builds).toBe(1);
    expect(printed).toEqual(['The build in dist/ is current: starting the shop.', 'The build in dist/ is current: starting the shop.']);
  });

  it('builds again after any change to a source, a new source or a build setting, whatever the file times say', async () => {
    await start();
    const before = fs.statSync(path.join(root, 'src/server/main.ts'));
    write('src/server/main.ts', 'console.log("open!");');
    // An editor or a copy that keeps the old time.
    fs.utimesSync(path.join(root, 'src/server/main.ts'), before.atime, before.mtime);
    await start();
    expect(builds).toBe(2);
    expect(printed).toContain('Building the shop, as the sources changed since the last build (about half a minute)…');
    write('src/shared/new-rule.ts', 'export const rule = 1;');
    await start();
    write('package.json', '{"name":"flag-shop","dependencies":{"zod":"^4"}}');
    await start();
    expect(builds).toBe(4);
    write('src/server/main.test.ts', 'it("runs", () => undefined);');
    await start();
    expect(builds).toBe(4);
  });

  it('builds again when an output is missing', async () => {
    await start();
    fs.rmSync(path.join(root, 'dist/web'), { recursive: true });
    await start();
    expect(builds).toBe(2);
  });

  it('after a failed build shows its output, does not start, and builds again next time', async () => {
    await start();
    write('src/server/main.ts', 'console.log(');
    const failing = async (): Promise<BuildOutcome> => {
      beginBuild(root);
      return { ok: false, output: 'src/server/main.ts:1:12: ERROR: Unexpected end of file\n' };
    };
    expect(await start(failing)).toBe(false);
    expect(printed.at(-1)).toBe('src/server/main.ts:1:12: ERROR: Unexpected end of file\n\nThe build failed (above), so the shop was not started.');
    // The sources as they were before the failed build: its leftovers are not taken for a build of them.
    write('src/server/main.ts', 'console.log("open");');
    await start();
    expect(builds).toBe(2);
  });

  it('builds again when a source changed while the last build was reading the sources', async () => {
    const editedMeanwhile = async (): Promise<BuildOutcome> => {
      beginBuild(root);
      write('src/server/main.ts', 'console.log("edited during the build");');
      endBuild(root);
      return { ok: true, output: '' };
    };
    write('dist/server/main.js', '');
    write('dist/ssr/server-entry.js', '');
    write('dist/web/index.html', '');
    await start(editedMeanwhile);
    await start();
    expect(builds).toBe(1);
  });
});

/** What the home page makes the browser download before it runs: the JS named by dist/web/index.html, gzipped. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot, webRoot } from './paths';

export type BuildState = 'existing build' | 'built now';

interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** What the shop sends a browser that takes Brotli: the .br the build wrote beside the file. */
  sentBytes: number;
}

export interface BundleResult {
  build: BuildState;
  initialJs: {
    files: FileSize[];
    bytes: number;
    gzipBytes: number;
    sentBytes: number;
    /** Scripts from other origins, which cannot be measured here. */
    external: string[];
  };
  css: { files: number; gzipBytes: number };
}

const indexHtml = path.join(webRoot, 'index.html');
const serverBundle = path.join(repoRoot, 'dist', 'server', 'main.js');
const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const LOCAL_ORIGIN = 'http://bench.invalid';

/** Runs `npm run build` when forced or when there is no dist/web/index.html. */
export async function ensureBuild(force: boolean): Promise<BuildState> {
  if (!force && fs.existsSync(indexHtml) && fs.existsSync(serverBundle)) return 'existing build';
  // The build's own output goes to stderr, away from the results on stdout.
  const build = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', process.stderr, process.stderr] });
  const [code] = (await once(build, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}); its output is above`);
  if (!fs.existsSync(indexHtml)) throw new Error(`npm run build did not write ${indexHtml}`);
  return 'built now';
}

export function measureBundle(build: BuildState): BundleResult {
  const html = fs.readFileSync(indexHtml, 'utf8');
  const files: FileSize[] = [];
  const external: string[] = [];
  for (const url of initialScriptUrls(html)) {
    const resolved = new URL(url, `${LOCAL_ORIGIN}/`);
    if (resolved.origin !== LOCAL_ORIGIN) external.push(url);
    else files.push(sizeOf(path.join(webRoot, decodeURIComponent(resolved.pathname))));
  }
  const cssFiles = fs
    .readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => sizeOf(path.join(webRoot, name)));
  return {
    build,
    initialJs: { files, bytes: sum(files.map((f) => f.bytes)), gzipBytes: sum(files.map((f) => f.gzipBytes)), sentBytes: sum(files.map((f) => f.sentBytes)), external },
    css: { files: cssFiles.length, gzipBytes: sum(cssFiles.map((f) => f.gzipBytes)) },
  };
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>`, in page order, without repeats. */
function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [, tagName = '', attributeText = ''] of html.matchAll(TAG)) {
    const attributes = parseAttributes(attributeText);
    const tag = tagName.toLowerCase();
    const src = attributes.get('src');
    const href = attributes.get('href');
    const rel = attributes.get('rel')?.toLowerCase().split(/\s+/) ?? [];
    if (tag === 'script' && attributes.get('type')?.toLowerCase() === 'module' && src) urls.add(src);
    if (tag === 'link' && rel.includes('modulepreload') && href) urls.add(href);
  }
  return [...urls];
}

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = '', doubleQuoted, singleQuoted, bare] of text.matchAll(ATTRIBUTE)) {
    attributes.set(name.toLowerCase(), doubleQuoted ?? singleQuoted ?? bare ?? '');
  }
  return attributes;
}

function sizeOf(file: string): FileSize {
  if (!file.startsWith(webRoot + path.sep)) throw new Error(`${file} is outside ${webRoot}`);
  const bytes = fs.readFileSync(file);
  // The build leaves small files (under 1 KB) uncompressed: those are sent as they are.
  const sentBytes = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : bytes.length;
  return { file: path.relative(webRoot, file), bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, sentBytes };
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

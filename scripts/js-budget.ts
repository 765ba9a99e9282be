/**
 * Fails when the home page's initial JavaScript, as the shop sends it (the Brotli files the build
 * wrote), passes its budget, naming the packages and files that take the most room in it. Run by
 * `npm test` after the build; `npm run check:js-budget` on its own reads the last build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { measureBundle } from '../bench/bundle';
import { repoRoot } from '../bench/paths';
import { INITIAL_JS_BUDGET_KB } from './js-budget-limit';

const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

interface BuiltScript {
  file: string;
  modules: { id: string; bytes: number }[];
}

/** 'node_modules/react-dom/cjs/…' → 'react-dom'; a file of the shop keeps its path. */
function packageOf(id: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replace(/\\/g, '/'));
  return inModules ? inModules[1]! : id.replace(/^.*?src\//, 'src/');
}

/** The modules of the initial scripts, by package, largest first (bytes before minifying). */
function largestParts(files: string[]): [string, number][] {
  const reportFile = path.join(repoRoot, 'dist', 'web-scripts.json');
  if (!fs.existsSync(reportFile)) return [];
  const scripts = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as BuiltScript[];
  const parts = new Map<string, number>();
  for (const script of scripts.filter((s) => files.includes(s.file))) {
    for (const module of script.modules) {
      const part = packageOf(module.id);
      parts.set(part, (parts.get(part) ?? 0) + module.bytes);
    }
  }
  return [...parts].sort((a, b) => b[1] - a[1]);
}

const { initialJs } = measureBundle('existing build');
const names = initialJs.files.map((f) => f.file).join(', ');
const summary = `Home page initial JavaScript as sent: ${kb(initialJs.sentBytes)} of ${INITIAL_JS_BUDGET_KB} KB (${initialJs.files.length} script${initialJs.files.length === 1 ? '' : 's'}: ${names})`;
if (initialJs.sentBytes <= INITIAL_JS_BUDGET_KB * KB) {
  console.log(summary);
} else {
  console.error(`${summary}\nOVER BUDGET by ${kb(initialJs.sentBytes - INITIAL_JS_BUDGET_KB * KB)}. Largest parts of those scripts (before minifying and compression):`);
  for (const [part, bytes] of largestParts(initialJs.files.map((f) => f.file)).slice(0, 12)) console.error(`  ${kb(bytes).padStart(9)}  ${part}`);
  console.error('Load what the first page does not need with import(), or keep it out of the modules the entry imports.');
  process.exit(1);
}

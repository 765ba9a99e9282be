import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Writes .br and .gz beside each built text file, so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // The server build (dist/ssr) is read from disk by the server, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|svg|json|html|txt)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Writes dist/web-scripts.json (beside the served folder, never sent): each script the build made and
 * the bytes each module takes in it, so that the size check (scripts/js-budget.ts) can name what grew.
 */
function scriptReport(): Plugin {
  let report = '';
  let scripts: { file: string; modules: { id: string; bytes: number }[] }[] = [];
  return {
    name: 'script-report',
    apply: 'build',
    configResolved(config) {
      report = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir, '..', 'web-scripts.json');
    },
    generateBundle(_options, bundle) {
      scripts = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk'
          ? [{ file: chunk.fileName, modules: Object.entries(chunk.modules).map(([id, module]) => ({ id: path.relative(process.cwd(), id), bytes: module.renderedLength })) }]
          : [],
      );
    },
    closeBundle() {
      if (report) fs.writeFileSync(report, `${JSON.stringify(scripts)}\n`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), precompress(), scriptReport()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
    // Pictures stay files (hashed, cached for a year): the browser build would inline one the page
    // also links to as a file where the server build does not, and the page the server drew would
    // then differ from the app taking it over.
    assetsInlineLimit: 0,
  },
  // The server build carries its own copies of the libraries, in their production form whatever
  // NODE_ENV the shop runs with (decision 0032).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));

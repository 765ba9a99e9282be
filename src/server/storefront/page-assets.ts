import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript files a lazily loaded screen needs, from Vite's build manifest, so the HTML can
 * ask for them at once instead of after the main script runs.
 */
export function createPageAssets(webRoot: string): (sourceFile: string) => string[] {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryFiles = new Set(
    Object.values(manifest)
      .filter((chunk) => (chunk as { isEntry?: boolean }).isEntry)
      .flatMap((chunk) => collect(manifest, chunk, new Set())),
  );
  const cache = new Map<string, string[]>();
  return (sourceFile) => {
    let files = cache.get(sourceFile);
    if (!files) {
      const chunk = manifest[sourceFile];
      files = chunk ? collect(manifest, chunk, new Set()).filter((f) => !entryFiles.has(f)) : [];
      cache.set(sourceFile, files);
    }
    return files;
  };
}

function collect(manifest: Record<string, ManifestChunk>, chunk: ManifestChunk, seen: Set<string>): string[] {
  if (seen.has(chunk.file)) return [];
  seen.add(chunk.file);
  const imported = (chunk.imports ?? []).flatMap((key) => {
    const dependency = manifest[key];
    return dependency ? collect(manifest, dependency, seen) : [];
  });
  return [`/${chunk.file}`, ...imported];
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webRoot = path.join(repoRoot, 'dist', 'web');
export const resultsFile = path.join(repoRoot, '.bench', 'results.json');

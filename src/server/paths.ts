import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder. This module sits two levels below it both as source (src/server/paths.ts)
 * and inside the built server (dist/server/main.js), so the same relative step works for both.
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const migrationsFolder = path.join(projectRoot, 'drizzle');
export const webRoot = path.join(projectRoot, 'dist', 'web');
/** The app's server build, which renders the public pages (decision 0032). */
export const pageRendererEntry = path.join(projectRoot, 'dist', 'ssr', 'server-entry.js');
/** The flag pictures the flag-icons package ships, served at /flags/. */
export const flagsRoot = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags');

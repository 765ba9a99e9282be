/**
 * Restores a backup made by `npm run backup` into DATA_DIR, with the shop stopped.
 *
 *   npm run restore -- <file> [--force]
 *
 * Exit codes: 0 done, 1 could not do it (settings, file, folder not empty, shop running), 2 bad usage.
 */
import { restoreCommand } from './commands/backup';

process.exit(await restoreCommand(process.argv.slice(2), process.env, { out: (text) => console.log(text), err: (text) => console.error(text) }));

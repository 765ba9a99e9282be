/**
 * Loads PAXI's pickup points into the shop's database (DATABASE_URL or the embedded database in
 * DATA_DIR), and shows what is there.
 *
 *   npm run pickup-points -- import <file> [--replace]
 *   npm run pickup-points -- list
 *
 * Exit codes: 0 done, 1 could not do it (file, settings, database, shop running), 2 bad usage.
 */
import { pickupPointsCommand } from './commands/pickup-points';

process.exit(await pickupPointsCommand(process.argv.slice(2), process.env, { out: (text) => console.log(text), err: (text) => console.error(text) }));

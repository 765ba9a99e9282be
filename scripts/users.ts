/**
 * Moves customers' accounts into the shop on the same database as the shop (DATABASE_URL or the
 * embedded database in DATA_DIR).
 *
 *   npm run users -- import-firebase <export.json> --signer-key … --salt-separator … --rounds … --mem-cost …
 *
 * Exit codes: 0 done, 1 could not do it (settings, file, database, shop running), 2 bad usage.
 */
import { usersCommand } from './commands/users';

process.exit(await usersCommand(process.argv.slice(2), process.env, { out: (text) => console.log(text), err: (text) => console.error(text) }));

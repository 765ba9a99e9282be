/**
 * A consistent copy of the embedded database (DATA_DIR) in one file, while the shop runs or not.
 *
 *   npm run backup -- <file>
 *
 * Exit codes: 0 done, 1 could not do it (settings, database, PostgreSQL), 2 bad usage.
 */
import { backupCommand } from './commands/backup';

process.exit(await backupCommand(process.argv.slice(2), process.env, { out: (text) => console.log(text), err: (text) => console.error(text) }));

/**
 * Grants, revokes and lists shop admins on the same database as the shop (DATABASE_URL or the
 * embedded database in DATA_DIR).
 *
 *   npm run admin -- grant <email>
 *   npm run admin -- revoke <email>
 *   npm run admin -- list
 *
 * Exit codes: 0 done, 1 could not do it (settings, database, shop running), 2 bad usage.
 */
import { adminCommand } from './commands/admin';

process.exit(await adminCommand(process.argv.slice(2), process.env, { out: (text) => console.log(text), err: (text) => console.error(text) }));

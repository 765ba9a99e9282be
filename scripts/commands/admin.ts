/** `npm run admin`: grants, revokes and lists shop admins (scripts/admin.ts runs it in the terminal). */
import { z } from 'zod';
import { CommandExit, endOnHelp, loadCommandConfig, runCommand, withShopDatabase, type CommandOutput, type ShopCommand } from './shop-database';
import { createAdminService, type AdminService } from '../../src/server/admin/service';

const USAGE = `Usage:
  npm run admin -- grant <email>    make the account with this email an admin (once its email is verified)
  npm run admin -- revoke <email>   take admin away again
  npm run admin -- list             show the admins

Uses DATABASE_URL, or the embedded database in DATA_DIR (default ./data); with the embedded
database, stop the shop first.`;

const email = z.string().trim().toLowerCase().pipe(z.email({ error: (issue) => `not an email address: ${String(issue.input)}` }));
const argsSchema = z.union([
  z.tuple([z.literal('grant'), email]),
  z.tuple([z.literal('revoke'), email]),
  z.tuple([z.literal('list')]),
]);
type Command = z.infer<typeof argsSchema>;

function parseArgs(argv: readonly string[], output: CommandOutput): Command {
  endOnHelp(argv, USAGE, output);
  const parsed = argsSchema.safeParse(argv);
  if (parsed.success) return parsed.data;
  // The email's own problem when the command was right; otherwise just the usage.
  const [command, address] = argv;
  const emailProblem =
    (command === 'grant' || command === 'revoke') && argv.length === 2 ? email.safeParse(address).error?.issues[0]?.message : undefined;
  output.err(`${emailProblem ? `Error: ${emailProblem}\n\n` : ''}${USAGE}`);
  throw new CommandExit(2);
}

async function run(command: Command, admins: AdminService, output: CommandOutput): Promise<void> {
  switch (command[0]) {
    case 'grant': {
      const result = await admins.grantAdmin(command[1]);
      const done = {
        granted: `Granted admin to ${result.email}.`,
        reactivated: `Restored admin for ${result.email} (it had been revoked).`,
        unchanged: `${result.email} is already an admin; nothing changed.`,
      }[result.outcome];
      output.out(done);
      if (result.account === 'none') {
        output.out(`No account uses ${result.email} yet: it becomes an admin once someone signs up with it and verifies the email.`);
      } else if (result.account === 'unverified') {
        output.out(`The account's email is not verified yet: it becomes an admin once it is.`);
      }
      return;
    }
    case 'revoke': {
      const result = await admins.revokeAdmin(command[1]);
      const done = {
        revoked: `Revoked admin from ${result.email}.`,
        unchanged: `${result.email} was already revoked; nothing changed.`,
        'not-found': `${result.email} was never granted admin with this command; nothing changed.`,
      }[result.outcome];
      output.out(done);
      if (result.stillAdminThroughAdminEmails) {
        output.out(
          `Note: ${result.email} is still an admin through ADMIN_EMAILS. Remove it from that setting and restart the shop to take admin away.`,
        );
      }
      return;
    }
    case 'list': {
      const { granted, fromAdminEmails } = await admins.listAdmins();
      output.out('Granted with this command:');
      if (granted.length === 0) output.out('  (none)');
      for (const row of granted) {
        const state = row.isActive ? 'active' : `revoked ${row.updatedAt.toISOString()}`;
        output.out(`  ${row.email}  ${row.role}  ${state}  (granted ${row.createdAt.toISOString()})`);
      }
      output.out('From ADMIN_EMAILS:');
      if (fromAdminEmails.length === 0) output.out('  (none)');
      for (const address of fromAdminEmails) output.out(`  ${address}`);
      output.out('Either way, an account is an admin only once its email is verified.');
      return;
    }
  }
}

export const adminCommand: ShopCommand = (argv, env, output) =>
  runCommand(output, async () => {
    const command = parseArgs(argv, output);
    const config = loadCommandConfig(env, output);
    await withShopDatabase(config, 'admin', output, (db) => run(command, createAdminService(db, config.adminEmails), output));
  });

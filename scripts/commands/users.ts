/** `npm run users`: moves customers' accounts in from elsewhere (scripts/users.ts runs it in the terminal). */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CommandExit, endOnHelp, loadCommandConfig, runCommand, withShopDatabase, type CommandOutput, type ShopCommand } from './shop-database';
import { hashParametersSchema, importFirebaseUsers, readFirebaseExport } from '../../src/server/auth/firebase-import';
import type { FirebaseHashParameters } from '../../src/server/auth/firebase-passwords';

const USAGE = `Usage:
  npm run users -- import-firebase <export.json> --signer-key <key> --salt-separator <separator> --rounds <n> --mem-cost <n>

Imports the users of a Firebase project into the shop's own accounts, with their verified emails,
their passwords and their Google sign-in. Export them first with
  firebase auth:export export.json --format=json --project <project>
and copy the password hash parameters from the Firebase console (Authentication, Users, the menu
beside Add user, "Password hash parameters": base64_signer_key, base64_salt_separator, rounds,
mem_cost). Customers keep their passwords: the first sign-in checks it with Firebase's scheme and
stores it again in the shop's. Running the import again is safe; each row that cannot be imported
is listed with its reason.

Uses DATABASE_URL, or the embedded database in DATA_DIR (default ./data); with the embedded
database, stop the shop first.`;

interface ImportCommand {
  file: string;
  params: FirebaseHashParameters;
}

function parse(argv: readonly string[], output: CommandOutput): ImportCommand {
  endOnHelp(argv, USAGE, output);
  const usage = (problem: string): never => {
    output.err(`Error: ${problem}\n\n${USAGE}`);
    throw new CommandExit(2);
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { 'signer-key': { type: 'string' }, 'salt-separator': { type: 'string' }, rounds: { type: 'string' }, 'mem-cost': { type: 'string' } },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
  const [command, file, ...rest] = parsed.positionals;
  if (command !== 'import-firebase') return usage(command ? `unknown command "${command}"` : 'name the command: import-firebase');
  if (!file || rest.length > 0) return usage('name one export file');
  const { values } = parsed;
  const params = hashParametersSchema.safeParse({
    signerKey: values['signer-key'],
    saltSeparator: values['salt-separator'],
    rounds: values.rounds,
    memCost: values['mem-cost'],
  });
  if (!params.success) {
    const issue = params.error.issues[0]!;
    const option = { signerKey: '--signer-key', saltSeparator: '--salt-separator', rounds: '--rounds', memCost: '--mem-cost' }[String(issue.path[0])];
    return usage(`${option} ${issue.code === 'invalid_type' ? 'is missing' : issue.message}`);
  }
  return { file, params: params.data };
}

export const usersCommand: ShopCommand = (argv, env, output) =>
  runCommand(output, async () => {
    const { file, params } = parse(argv, output);
    const config = loadCommandConfig(env, output);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      output.err(`Cannot read ${file}: ${(err as Error).message}`);
      throw new CommandExit(1);
    }
    const rows = readFirebaseExport(text);
    if (typeof rows === 'string') {
      output.err(rows);
      throw new CommandExit(1);
    }
    await withShopDatabase(config, 'users', output, async (db) => {
      const report = await importFirebaseUsers(db, rows, params);
      output.out(`Read ${rows.length} users from ${file}: ${report.created} new accounts, ${report.updated} updated, ${rows.length - report.created - report.updated - report.skipped.length} already up to date.`);
      if (report.skipped.length > 0) {
        output.out(`Not imported (${report.skipped.length}):`);
        for (const skip of report.skipped) output.out(`  row ${skip.row}${skip.email ? ` (${skip.email})` : ''}: ${skip.reason}`);
      }
    });
  });

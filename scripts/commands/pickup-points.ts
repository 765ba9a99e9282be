/** `npm run pickup-points`: loads PAXI's pickup points and shows what is there (scripts/pickup-points.ts runs it in the terminal). */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../src/server/db/client';
import { CommandExit, endOnHelp, loadCommandConfig, runCommand, withShopDatabase, type CommandOutput, type ShopCommand } from './shop-database';
import { PointListError, csvColumns, parsePointList, type ParsedPointList } from '../../src/server/pickup/point-list';
import { importPickupPoints, pickupPointSummary } from '../../src/server/pickup/service';

const USAGE = `Usage:
  npm run pickup-points -- import <file>            add and update points from PAXI's list (by point code)
  npm run pickup-points -- import <file> --replace  the same, and remove points that are not in the file
  npm run pickup-points -- list                     count the points per province

<file> is PAXI's point list as JSON (records with nc, sn, nd, a1, a2, a4, a6, pc, pn, ns and
lat/lng) or a CSV whose header names the columns
  ${csvColumns.join(',')}
Any import removes the sample points the shop ships with.

Uses DATABASE_URL, or the embedded database in DATA_DIR (default ./data); with the embedded
database, stop the shop first.`;

const argsSchema = z.union([
  z.tuple([z.literal('import'), z.string().min(1)]).transform(([, file]) => ({ command: 'import' as const, file, replace: false })),
  z
    .union([z.tuple([z.literal('import'), z.string().min(1), z.literal('--replace')]), z.tuple([z.literal('import'), z.literal('--replace'), z.string().min(1)])])
    .transform(([, a, b]) => ({ command: 'import' as const, file: a === '--replace' ? b : a, replace: true })),
  z.tuple([z.literal('list')]).transform(() => ({ command: 'list' as const })),
]);
type Command = z.infer<typeof argsSchema>;

function parseArgs(argv: readonly string[], output: CommandOutput): Command {
  endOnHelp(argv, USAGE, output);
  const parsed = argsSchema.safeParse(argv);
  if (parsed.success && !(parsed.data.command === 'import' && parsed.data.file.startsWith('--'))) return parsed.data;
  output.err(USAGE);
  throw new CommandExit(2);
}

const number = (n: number) => n.toLocaleString('en-ZA');

function readList(file: string): ParsedPointList {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new PointListError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  return parsePointList(file, content);
}

async function runImport(db: Database, file: string, list: ParsedPointList, replace: boolean, output: CommandOutput): Promise<void> {
  const kind = list.format === 'csv' ? 'CSV' : "PAXI's JSON point list";
  output.out(`Read ${number(list.rows)} rows from ${path.basename(file)} (${kind}): ${number(list.points.length)} valid, ${number(list.skipped.length)} skipped.`);
  const outcome = await importPickupPoints(db, list.points, { replace });
  output.out(`Added ${number(outcome.added)}, updated ${number(outcome.updated)}, unchanged ${number(outcome.unchanged)}, removed ${number(outcome.removed)}, skipped ${number(list.skipped.length)}.`);
  if (outcome.sampleRemoved > 0) output.out(`Removed the ${number(outcome.sampleRemoved)} sample points: the shop now offers PAXI's points only.`);
  if (!replace) output.out('Points that are not in the file were kept (use --replace to remove them).');
  if (list.skipped.length > 0) {
    output.out('Skipped rows:');
    for (const row of list.skipped) output.out(`  ${row.where}${row.code ? ` (${row.code})` : ''}: ${row.reason}`);
  }
}

async function runList(db: Database, output: CommandOutput): Promise<void> {
  const summary = await pickupPointSummary(db);
  output.out(`Pickup points: ${number(summary.open)} open, ${number(summary.closed)} closed.`);
  const width = Math.max(...summary.byProvince.map((p) => p.province.length));
  for (const p of summary.byProvince) {
    output.out(`  ${p.province.padEnd(width)}  ${String(p.open).padStart(5)} open${p.closed > 0 ? `, ${p.closed} closed` : ''}`);
  }
  if (summary.samplePoints > 0) {
    output.out(
      `The sample points are in use (${number(summary.samplePoints)}): they are not real PAXI points. ` +
        "Import PAXI's list before going live: npm run pickup-points -- import <file>",
    );
  } else if (summary.open + summary.closed > 0) {
    output.out("No sample points: these are the points imported from PAXI's list.");
  } else {
    output.out("No points yet: the shop adds its sample at the next start, or import PAXI's list now.");
  }
}

export const pickupPointsCommand: ShopCommand = (argv, env, output) =>
  runCommand(output, async () => {
    const command = parseArgs(argv, output);
    const config = loadCommandConfig(env, output);

    // The file is read and checked before the database is opened: a bad file changes nothing.
    let list: ParsedPointList | undefined;
    if (command.command === 'import') {
      try {
        list = readList(command.file);
      } catch (err) {
        if (!(err instanceof PointListError)) throw err;
        output.err(err.message);
        throw new CommandExit(1);
      }
      if (list.points.length === 0) {
        output.err(`No valid points in ${command.file} (${number(list.rows)} rows read); nothing was changed.`);
        for (const row of list.skipped.slice(0, 20)) output.err(`  ${row.where}${row.code ? ` (${row.code})` : ''}: ${row.reason}`);
        throw new CommandExit(1);
      }
    }

    await withShopDatabase(config, 'pickup-points', output, (db) =>
      command.command === 'import' ? runImport(db, command.file, list!, command.replace, output) : runList(db, output),
    );
  });

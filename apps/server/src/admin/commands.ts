import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PROVISION_FIELDS } from '@tractorlink/domain/operator-api';
import { systemClock } from '../clock';
import type { Clock } from '../clock';
import { type Config, ConfigError, loadConfig } from '../config';
import { createDb } from '../db/database';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DeviceModels } from '../modules/tractors/device-models';
import { TractorRegistry } from '../modules/tractors/registry';
import { BOUNDARIES_USAGE, runBoundaries } from './boundaries';
import { BOOKINGS_USAGE, runBookings } from './bookings';
import { DealerDesk } from '../modules/service-bookings/dealer-desk';
import { LiveService } from '../modules/vehicles/live-service';
import { ServiceBook } from '../modules/vehicles/service-book';
import { parseCsv } from './csv';
import { callerPath, readProblem } from './input-file';
import { headerProblems, recordFromText } from './provision-record';
import { describeDetails } from './reasons';

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** An open database (tests); by default one is opened from the environment's config and closed after. */
  db?: Db;
  clock?: Clock;
}

/** Largest CSV read: far above any fleet's provisioning file, far below trouble. */
const CSV_MAX_BYTES = 10 * 1024 * 1024;

const PROVISION_USAGE = `  npm run admin -- provision --imei <15 digits; a phone's own id with --deviceModel OsmAnd> --vin <VIN> --engineNo <no> --regNo <reg> --model <model>
                   --deviceModel <FMB130…> --implementWidthM <m> --tankCapacityL <L> --serviceIntervalH <h>
                   --firstName <name> --lastName <name> --mobileNo <10 digits> --address <text> --city <city>
                   --pincode <6 digits> --state <state> --expiresOn <YYYY-MM-DD | epoch s>
                   [--vehName <name>] [--isNewTractor true|false] [--deviceKey <secret the HTTP protocols must send>]`;
const IMPORT_USAGE = `  npm run admin -- import <file.csv>     header row with the same names; one tractor per line
                   (a file's path is taken from the folder the command is typed in)`;

export const USAGE = `Usage:
${PROVISION_USAGE}
${IMPORT_USAGE}
${BOUNDARIES_USAGE}
${BOOKINGS_USAGE}
The database is the server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).`;

/** Runs one admin command; resolves with the process exit code (0 ok, 1 something refused, 2 usage). */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return 0;
  }
  // `npm run admin -- bookings --help`: that command's usage, before any database is opened.
  const commandUsage: Record<string, string> = { provision: PROVISION_USAGE, import: IMPORT_USAGE, boundaries: BOUNDARIES_USAGE, bookings: BOOKINGS_USAGE };
  if (command !== undefined && commandUsage[command] && rest.some((a) => a === '--help' || a === '-h')) {
    io.out(`Usage:
${commandUsage[command]}`);
    return 0;
  }
  if (command !== 'provision' && command !== 'import' && command !== 'boundaries' && command !== 'bookings') {
    io.err(command === undefined ? USAGE : `Unknown command ${command}.\n${USAGE}`);
    return 2;
  }
  let db = io.db;
  let models: DeviceModels;
  let config: Config;
  try {
    config = loadConfig(io.env);
    models = DeviceModels.load(config.devices.modelsFile);
    if (!db) {
      db = createDb(config);
      await migrateToLatest(db);
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 2;
    }
    throw err;
  }
  const registry = new TractorRegistry({ db: db.kysely, clock: io.clock ?? systemClock, models });
  try {
    if (command === 'boundaries') return await runBoundaries(rest, db.kysely, { ...io, path: (file) => callerPath(file, io.env) });
    if (command === 'bookings') return await runBookings(rest, dealerDesk(db, config, models, io.clock ?? systemClock), io);
    return command === 'provision' ? await provision(rest, registry, models, io) : await importCsv(rest, registry, models, io);
  } finally {
    if (!io.db) await db.close();
  }
}

async function provision(args: readonly string[], registry: TractorRegistry, models: DeviceModels, io: AdminIo): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    const options = Object.fromEntries(PROVISION_FIELDS.map((f) => [f, { type: 'string' as const }]));
    values = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const outcome = await registry.provision(recordFromText(values));
  if (!outcome.ok) {
    io.out(`refused: ${describeDetails(outcome.details, models.names())}`);
    return 1;
  }
  io.out(`imported: VIN ${outcome.tractor.vin}, IMEI ${outcome.tractor.imei}`);
  return 0;
}

/** Imports line by line: each line goes in whole or is refused with its reasons; the rest carry on. */
async function importCsv(args: readonly string[], registry: TractorRegistry, models: DeviceModels, io: AdminIo): Promise<number> {
  const [file, ...extra] = args;
  if (file === undefined || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  let rows;
  const full = callerPath(file, io.env);
  try {
    if ((await stat(full)).size > CSV_MAX_BYTES) throw new Error(`larger than ${CSV_MAX_BYTES / 1024 / 1024} MB`);
    rows = parseCsv(await readFile(full, 'utf8'));
  } catch (err) {
    io.err(`${file}: ${readProblem(err, full)}. Nothing was imported.`);
    return 2;
  }
  const [header, ...lines] = rows;
  const problems = header ? headerProblems(header.cells) : ['the file is empty'];
  if (!header || problems.length > 0) {
    io.err(`${file}: ${problems.join('; ')}. Nothing was imported.`);
    return 2;
  }
  const columns = header.cells.map((c) => c.trim());
  let imported = 0;
  for (const row of lines) {
    if (row.cells.length !== columns.length) {
      io.out(`line ${row.line}: refused: ${describeDetails([{ path: '', code: 'COLUMN_COUNT' }], [])}`);
      continue;
    }
    const outcome = await registry.provision(recordFromText(Object.fromEntries(columns.map((c, i) => [c, row.cells[i]]))));
    if (outcome.ok) {
      imported++;
      io.out(`line ${row.line}: imported VIN ${outcome.tractor.vin}, IMEI ${outcome.tractor.imei}`);
    } else {
      io.out(`line ${row.line}: refused: ${describeDetails(outcome.details, models.names())}`);
    }
  }
  const refused = lines.length - imported;
  io.out(`${imported} imported, ${refused} refused.`);
  return refused === 0 ? 0 : 1;
}

/** The dealer's desk as the server builds it, for the bookings commands (no addresses are looked up here). */
function dealerDesk(db: Db, config: Config, models: DeviceModels, clock: Clock): DealerDesk {
  const live = new LiveService({ db: db.kysely, clock, geocoding: { reverse: async () => undefined }, models, offlineAfterMs: config.devices.offlineAfterMs });
  const engineHours = (id: string) => live.engineHoursOf(id);
  return new DealerDesk({ db: db.kysely, clock, engineHours, serviceBook: new ServiceBook({ db: db.kysely, clock, engineHours }) });
}

import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { importBoundaries } from '../modules/geofences/boundaries/import';
import { BOUNDARY_REASONS, DEFAULT_TOLERANCE_M } from '../modules/geofences/boundaries/parse';
import { listBoundaries } from '../modules/geofences/boundaries/repo';
import { readProblem } from './input-file';

/** Largest GeoJSON read: India's districts from DataMeet converted with ogr2ogr are far below. */
const GEOJSON_MAX_BYTES = 256 * 1024 * 1024;

export const BOUNDARIES_USAGE = `  npm run admin -- boundaries import <file.geojson> [--state-property ST_NM] [--district-property DISTRICT]
                   [--tolerance-m ${DEFAULT_TOLERANCE_M}]
                   A FeatureCollection of (Multi)Polygons: a feature with a district name is that district,
                   one without is the state's outline. Each feature is imported or refused on its own.
                   Its name in the app's other languages, if the file has them: name:hi, name:mr, name:pa,
                   name:gu, name:ta, name:te (OpenStreetMap's properties); shown to owners in their language.
  npm run admin -- boundaries list`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** A file's full path from its name on the command line (admin/input-file.ts); as given by default. */
  path?: (file: string) => string;
}

const km2 = (m2: number) => `${Math.round(m2 / 1e6).toLocaleString('en-IN')} km²`;

/** `boundaries import|list`; resolves with the exit code (0 ok, 1 something refused, 2 usage or unreadable file). */
export async function runBoundaries(args: readonly string[], db: Kysely<Database>, io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list' && rest.length === 0) {
    const rows = await listBoundaries(db);
    for (const b of rows)
      io.out(`${b.district === '' ? `${b.state} (state outline)` : `${b.state} / ${b.district}`}: ${b.vertices} points, ${km2(b.area_m2)}, from ${b.source}`);
    io.out(`${rows.length} boundaries loaded.`);
    return 0;
  }
  if (sub !== 'import') {
    io.err(`Usage:\n${BOUNDARIES_USAGE}`);
    return 2;
  }
  let file: string;
  let options: { stateProperty: string; districtProperty: string; toleranceM: number };
  try {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: {
        'state-property': { type: 'string', default: 'ST_NM' },
        'district-property': { type: 'string', default: 'DISTRICT' },
        'tolerance-m': { type: 'string', default: String(DEFAULT_TOLERANCE_M) },
      },
      strict: true,
      allowPositionals: true,
    });
    const toleranceM = Number(values['tolerance-m']);
    if (positionals.length !== 1 || !Number.isFinite(toleranceM) || toleranceM < 0 || toleranceM > 1000)
      throw new Error('one file, and --tolerance-m between 0 and 1000');
    file = positionals[0] as string;
    options = { stateProperty: values['state-property'], districtProperty: values['district-property'], toleranceM };
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\nUsage:\n${BOUNDARIES_USAGE}`);
    return 2;
  }
  let doc: unknown;
  const full = io.path ? io.path(file) : file;
  try {
    if ((await stat(full)).size > GEOJSON_MAX_BYTES) throw new Error(`larger than ${GEOJSON_MAX_BYTES / 1024 / 1024} MB`);
    doc = JSON.parse(await readFile(full, 'utf8'));
  } catch (err) {
    io.err(`${file}: ${readProblem(err, full)}. Nothing was imported.`);
    return 2;
  }
  let report;
  try {
    report = await importBoundaries(db, doc, options, file.split(/[\\/]/).pop() ?? file);
  } catch (err) {
    io.err(`${file}: ${err instanceof Error ? err.message : String(err)}. Nothing was imported.`);
    return 2;
  }
  for (const r of report.refused) {
    const reasons = r.reasons.map((d) => `${d.path}: ${d.code}${BOUNDARY_REASONS[d.code] ? ` (${BOUNDARY_REASONS[d.code]})` : ''}`).join('; ');
    io.out(`feature ${r.feature} (${r.label}): refused: ${reasons}`);
  }
  for (const b of report.imported) {
    const label = b.district === '' ? `${b.state} (state outline)` : `${b.state} / ${b.district}`;
    io.out(`${label}: imported, ${b.vertices} points, ${km2(b.areaM2)}${b.parts > 1 ? `, ${b.parts} features joined` : ''}`);
  }
  if (report.demoRemoved > 0) io.out(`${report.demoRemoved} demo boundaries removed (real ones are loaded now).`);
  io.out(`${report.imported.length} boundaries imported, ${report.refused.length} features refused.`);
  return report.refused.length === 0 ? 0 : 1;
}

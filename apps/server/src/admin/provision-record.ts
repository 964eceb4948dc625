import { PROVISION_FIELDS } from '@tractorlink/domain/operator-api';

/** Columns (and CLI flags) that may be left empty. */
export const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['vehName', 'isNewTractor', 'deviceKey']);
export const REQUIRED_FIELDS = PROVISION_FIELDS.filter((f) => !OPTIONAL_FIELDS.has(f));
const NUMBER_FIELDS: ReadonlySet<string> = new Set(['implementWidthM', 'tankCapacityL', 'serviceIntervalH']);
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Text cells (CSV or command-line flags) as the JSON the API takes: numbers as numbers, expiresOn
 * as a date or epoch seconds, isNewTractor as a boolean. A cell that does not convert is passed
 * on as text, so the validator names the field instead of a guess being stored.
 */
export function recordFromText(values: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(values)) {
    if (raw === undefined) continue;
    const v = raw.trim();
    if (v === '' && OPTIONAL_FIELDS.has(field)) continue;
    if (NUMBER_FIELDS.has(field)) out[field] = NUMBER.test(v) ? Number(v) : v;
    else if (field === 'expiresOn') out[field] = /^\d+$/.test(v) ? Number(v) : v;
    else if (field === 'isNewTractor') out[field] = v === 'true' ? true : v === 'false' ? false : v;
    else out[field] = v;
  }
  return out;
}

/** Why a header cannot be imported: unknown or missing columns. */
export function headerProblems(header: readonly string[]): string[] {
  const known = new Set<string>(PROVISION_FIELDS);
  const names = header.map((h) => h.trim());
  const problems: string[] = [];
  const unknown = names.filter((h) => !known.has(h));
  const missing = REQUIRED_FIELDS.filter((f) => !names.includes(f));
  const repeated = names.filter((h, i) => names.indexOf(h) !== i);
  if (unknown.length > 0) problems.push(`unknown column(s): ${unknown.join(', ')}`);
  if (missing.length > 0) problems.push(`missing column(s): ${missing.join(', ')}`);
  if (repeated.length > 0) problems.push(`repeated column(s): ${[...new Set(repeated)].join(', ')}`);
  return problems;
}

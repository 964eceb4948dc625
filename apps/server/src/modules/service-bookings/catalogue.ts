import { readFileSync } from 'node:fs';
import { SERVICE_TYPES, type ServiceType } from '@tractorlink/domain/service-booking';
import { z } from 'zod';

/**
 * What the provider's workshops offer (issue 15 item 1): configuration, not code. The built-in
 * catalogue works out of the box (a demo dealer for Nashik district and a fallback serving every
 * district); SERVICE_CATALOGUE_FILE replaces any of its three parts.
 */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const slotTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'expected a time HH:MM' });

const serviceTypeConfig = z.strictObject({
  id: z.enum(SERVICE_TYPES),
  durationMin: z
    .number()
    .int()
    .min(15)
    .max(24 * 60),
  /** Basic charge before GST, paise. */
  pricePaise: z.number().int().min(0).max(10_000_000),
});

const dealerConfig = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'expected 1-40 lower-case letters, digits or hyphens' }),
  name: z.string().trim().min(1).max(80),
  phone: z.string().regex(/^\d{10}$/, { error: 'expected 10 digits' }),
  /** District names (any case); '*' serves every district. */
  districts: z.array(z.string().trim().min(1).max(60)).min(1).max(500),
  slots: z
    .array(slotTime)
    .min(1)
    .max(24)
    .refine((s) => s.every((v, i) => i === 0 || (s[i - 1] ?? '') < v), { error: 'expected slot times in day order, each once' }),
  capacity: z.number().int().min(1).max(100),
  closedWeekdays: z.array(z.enum(WEEKDAYS)).max(6).default([]),
});

const catalogueFile = z.strictObject({
  freeAllowance: z.number().int().min(0).max(100).optional(),
  types: z
    .array(serviceTypeConfig)
    .min(1)
    .refine((t) => new Set(t.map((x) => x.id)).size === t.length, { error: 'each service type once' })
    .optional(),
  dealers: z
    .array(dealerConfig)
    .min(1)
    .max(1000)
    .refine((d) => new Set(d.map((x) => x.id)).size === d.length, { error: 'dealer ids must differ' })
    .optional(),
});

export type ServiceTypeConfig = z.infer<typeof serviceTypeConfig>;
export type Dealer = z.infer<typeof dealerConfig>;

export interface Catalogue {
  /** Free periodic services per tractor. */
  freeAllowance: number;
  types: ServiceTypeConfig[];
  dealers: Dealer[];
}

const DAY_SLOTS = ['09:00', '11:00', '14:00', '16:00'];

export const DEFAULT_CATALOGUE: Catalogue = {
  freeAllowance: 3,
  types: [
    { id: 'periodic', durationMin: 180, pricePaise: 120_000 },
    { id: 'repair', durationMin: 120, pricePaise: 80_000 },
    { id: 'washing', durationMin: 60, pricePaise: 30_000 },
    { id: 'tyre', durationMin: 60, pricePaise: 40_000 },
    { id: 'electrical', durationMin: 90, pricePaise: 60_000 },
    { id: 'hydraulic', durationMin: 120, pricePaise: 90_000 },
  ],
  dealers: [
    { id: 'niphad-tractor-care', name: 'Niphad Tractor Care', phone: '9822098220', districts: ['Nashik'], slots: DAY_SLOTS, capacity: 2, closedWeekdays: [] },
    {
      id: 'tractorlink-service',
      name: 'TractorLink Service Network',
      phone: '1800200300',
      districts: ['*'],
      slots: DAY_SLOTS,
      capacity: 2,
      closedWeekdays: [],
    },
  ],
};

/** The built-in catalogue, or the file's parts over it; throws with readable problems. */
export function loadCatalogue(file: string | undefined): Catalogue {
  if (!file) return DEFAULT_CATALOGUE;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CatalogueError([`${file} cannot be read as JSON (${err instanceof Error ? err.message : String(err)})`]);
  }
  const parsed = catalogueFile.safeParse(doc);
  if (!parsed.success) throw new CatalogueError(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  return {
    freeAllowance: parsed.data.freeAllowance ?? DEFAULT_CATALOGUE.freeAllowance,
    types: parsed.data.types ?? DEFAULT_CATALOGUE.types,
    dealers: parsed.data.dealers ?? DEFAULT_CATALOGUE.dealers,
  };
}

export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'CatalogueError';
  }
}

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The first dealer naming the district, else the first serving every district, else none. */
export function dealerFor(catalogue: Catalogue, district: string | null): Dealer | null {
  const wanted = district === null ? null : key(district);
  return (
    (wanted === null ? undefined : catalogue.dealers.find((d) => d.districts.some((n) => n !== '*' && key(n) === wanted))) ??
    catalogue.dealers.find((d) => d.districts.includes('*')) ??
    null
  );
}

export const typeConfig = (catalogue: Catalogue, type: ServiceType) => catalogue.types.find((t) => t.id === type);

/** Whether the dealer works on a date 'YYYY-MM-DD' (weekday of the calendar date itself). */
export function isOpenOn(dealer: Dealer, date: string): boolean {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return weekday !== undefined && !dealer.closedWeekdays.includes(weekday);
}

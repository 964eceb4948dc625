/**
 * The hire ledger's words and bounds (issue 17), shared by the forms and the server so both refuse
 * the same input. Money is integer paise, areas acres, times Unix seconds at the API.
 */
export const IMPLEMENTS = ['plough', 'rotavator', 'cultivator', 'harrow', 'seed_drill', 'sprayer', 'thresher', 'trailer', 'other'] as const;
export type Implement = (typeof IMPLEMENTS)[number];

/** What a job is billed by: per acre, per hour or per trip. */
export const RATE_KINDS = ['acre', 'hour', 'trip'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** Per-acre jobs: the acres the implement covered (overlaps once), or the drawn field's acres. */
export const ACRE_BASES = ['covered', 'field'] as const;
export type AcreBasis = (typeof ACRE_BASES)[number];

/** Per-hour jobs: PTO-engaged time (field work) or engine time (haulage). */
export const HOUR_BASES = ['pto', 'engine'] as const;
export type HourBasis = (typeof HOUR_BASES)[number];

/** Where a job's billed quantity came from. */
export const QUANTITY_SOURCES = ['covered', 'field', 'pto', 'engine', 'trips', 'agreed'] as const;
export type QuantitySource = (typeof QUANTITY_SOURCES)[number];

export const PAYMENT_METHODS = ['cash', 'upi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const JOB_ORIGINS = ['owner', 'proposal'] as const;

/** Live-location links last one of these; bill links may also never expire. */
export const LIVE_LINK_DURATIONS = ['1h', '1d', '1w'] as const;
export type LiveLinkDuration = (typeof LIVE_LINK_DURATIONS)[number];
export const BILL_LINK_EXPIRIES = ['1d', '1w', '30d', 'never'] as const;
export type BillLinkExpiry = (typeof BILL_LINK_EXPIRIES)[number];
export const LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type LinkState = (typeof LINK_STATES)[number];

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
export const LINK_DURATION_S: Record<LiveLinkDuration | Exclude<BillLinkExpiry, 'never'>, number> = {
  '1h': HOUR_S,
  '1d': DAY_S,
  '1w': 7 * DAY_S,
  '30d': 30 * DAY_S,
};

export const CUSTOMERS_PER_OWNER_MAX = 2000;
/** Bill and live links not revoked or expired, per owner: what the owner's lists show whole. */
export const OPEN_LINKS_PER_OWNER_MAX = 200;
export const CUSTOMER_NAME_MAX = 60;
export const VILLAGE_MAX = 60;
export const HIRE_NOTE_MAX = 200;
export const IMPLEMENT_WIDTH_M = { min: 0.5, max: 15 } as const;
/** ₹1,00,000 per acre, hour or trip is far beyond any hire rate: a typo. */
export const RATE_PAISE = { min: 0, max: 10_000_000 } as const;
export const TRIPS = { min: 1, max: 200 } as const;
export const AGREED_QUANTITY = { min: 0, max: 10_000 } as const;
export const PAYMENT_PAISE = { min: 1, max: 100_000_000 } as const;
/** A job is one day's work at most. */
export const JOB_MAX_S = DAY_S;
/** Clocks of phones differ a little: a start or end this far ahead is still now. */
export const FUTURE_SLACK_S = 5 * 60;
export const FIELD_POINTS = { min: 3, max: 100 } as const;
export const FIELD_AREA_M2 = { min: 100, max: 1_000_000 } as const;
export const JOBS_PAGE = { default: 50, max: 200 } as const;
/** A customer's ledger lists this many jobs; the public bill this many (then `truncated`). */
export const LEDGER_JOBS_MAX = 500;
export const BILL_JOBS_MAX = 100;
/** Live link's track: today's, thinned to this many points. */
export const LIVE_TRACK_MAX_POINTS = 500;
export const LIVE_REFRESH_S = 15;

/** Village names: letters of the seven scripts, digits, spaces, '-' and '.'. */
const VILLAGE_CHAR = String.raw`(?:[\p{sc=Latin}\p{sc=Devanagari}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Tamil}\p{sc=Telugu}\p{Nd} .\-]|\u200C|\u200D)`;
export const VILLAGE_PATTERN = new RegExp(String.raw`^(?=\p{L})${VILLAGE_CHAR}*$`, 'u');

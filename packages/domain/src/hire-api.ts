import { z } from 'zod';
import { coordinate, INDIA_BOUNDS } from './geofences';
import { normalizeRing, ringAreaM2, ringSelfIntersects } from './geofence-geometry';
import {
  ACRE_BASES,
  AGREED_QUANTITY,
  BILL_LINK_EXPIRIES,
  CUSTOMER_NAME_MAX,
  FIELD_AREA_M2,
  FIELD_POINTS,
  HIRE_NOTE_MAX,
  HOUR_BASES,
  IMPLEMENT_WIDTH_M,
  IMPLEMENTS,
  JOB_ORIGINS,
  JOBS_PAGE,
  LINK_STATES,
  LIVE_LINK_DURATIONS,
  PAYMENT_METHODS,
  PAYMENT_PAISE,
  QUANTITY_SOURCES,
  RATE_KINDS,
  RATE_PAISE,
  TRIPS,
  VILLAGE_MAX,
  VILLAGE_PATTERN,
} from './hire/rules';
import { LANGUAGE_CODES } from './languages';
import { FULL_NAME_PATTERN, mobileNo, parseIsoDate, queryNumber } from './validation';

/**
 * Hire ledger API bodies (issue 17; contract in docs/hire-api.md): customers, jobs measured by the
 * tractor's own track, proposals, payments, bill links and live-location links, and the public
 * (no-login) bill and live pages. Times are Unix seconds, money integer paise, areas acres.
 */

/** Client-generated ids (crypto.randomUUID()): a create sent again is stored once. */
export const clientId = z.uuid('INVALID');
const language = z.enum(LANGUAGE_CODES, 'INVALID');
const seconds = z.number('INVALID').int('INVALID').min(0, 'INVALID');
const day = z.string().refine((v) => parseIsoDate(v) !== undefined, 'DATE_INVALID');
const note = z.string().trim().max(HIRE_NOTE_MAX, 'NOTE_TOO_LONG');
/** Ids in paths: anything malformed is as unknown as an id of someone else's (404, never 400). */
const pathId = z.string();

export const customerName = z.string().trim().min(1, 'NAME_REQUIRED').max(CUSTOMER_NAME_MAX, 'NAME_TOO_LONG').regex(FULL_NAME_PATTERN, 'NAME_INVALID');
export const village = z.string().trim().min(1, 'REQUIRED').max(VILLAGE_MAX, 'TOO_LONG').regex(VILLAGE_PATTERN, 'VILLAGE_INVALID');

const implementWidthM = z.number('INVALID').min(IMPLEMENT_WIDTH_M.min, 'WIDTH_OUT_OF_RANGE').max(IMPLEMENT_WIDTH_M.max, 'WIDTH_OUT_OF_RANGE');
const ratePaise = z.number('INVALID').int('INVALID').min(RATE_PAISE.min, 'RATE_OUT_OF_RANGE').max(RATE_PAISE.max, 'RATE_OUT_OF_RANGE');
const trips = z.number('INVALID').int('INVALID').min(TRIPS.min, 'TRIPS_OUT_OF_RANGE').max(TRIPS.max, 'TRIPS_OUT_OF_RANGE');
const agreedQuantity = z.number('INVALID').min(AGREED_QUANTITY.min, 'QUANTITY_OUT_OF_RANGE').max(AGREED_QUANTITY.max, 'QUANTITY_OUT_OF_RANGE');

const inIndia = (c: z.infer<typeof coordinate>) =>
  c.latitude >= INDIA_BOUNDS.south && c.latitude <= INDIA_BOUNDS.north && c.longitude >= INDIA_BOUNDS.west && c.longitude <= INDIA_BOUNDS.east;

/** A field's boundary as the geofence drawing tool gives it: its corners (a closing point is dropped). */
export const fieldBoundary = z
  .array(coordinate)
  .max(FIELD_POINTS.max + 1, 'POLYGON_TOO_MANY_POINTS')
  .superRefine((points, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!points.every(inIndia)) return issue('COORDINATES_OUTSIDE_INDIA');
    const ring = normalizeRing(points.map((p) => ({ lat: p.latitude, lon: p.longitude })));
    if (ring.length < FIELD_POINTS.min) return issue('POLYGON_TOO_FEW_POINTS');
    if (ring.length > FIELD_POINTS.max) return issue('POLYGON_TOO_MANY_POINTS');
    if (ringSelfIntersects(ring)) return issue('POLYGON_SELF_INTERSECTS');
    const area = ringAreaM2(ring);
    if (area < FIELD_AREA_M2.min) return issue('AREA_TOO_SMALL');
    if (area > FIELD_AREA_M2.max) return issue('AREA_TOO_LARGE');
  });

export const position = z.object({ lat: z.number(), lng: z.number() });

/** GeoJSON MultiPolygon geometry ([lon, lat]): the worked area on the map. */
export const multiPolygon = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
});
export type MultiPolygonGeometry = z.infer<typeof multiPolygon>;

export const totals = z.object({ amountPaise: z.number().int(), paidPaise: z.number().int(), balancePaise: z.number().int() });

// ─── Customers ───────────────────────────────────────────────────────────────

export const customerParams = z.strictObject({ customerId: pathId });

/** POST hire/customers: `id` made by the phone; language defaults to the owner's. */
export const createCustomerRequest = z.strictObject({
  id: clientId,
  name: customerName,
  phone: mobileNo.nullish(),
  village: village.nullish(),
  language: language.optional(),
});
export type CreateCustomerRequest = z.infer<typeof createCustomerRequest>;

/** PUT hire/customers/{id}: all of it. */
export const updateCustomerRequest = z.strictObject({
  name: customerName,
  phone: mobileNo.nullable(),
  village: village.nullable(),
  language,
});
export type UpdateCustomerRequest = z.infer<typeof updateCustomerRequest>;

export const customer = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  village: z.string().nullable(),
  language: z.enum(LANGUAGE_CODES),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  jobCount: z.number().int(),
  lastJobAt: z.number().int().nullable(),
  amountPaise: z.number().int(),
  paidPaise: z.number().int(),
  balancePaise: z.number().int(),
});
export type Customer = z.infer<typeof customer>;
export const customerListResponse = z.object({ data: z.array(customer) });

// ─── Jobs ────────────────────────────────────────────────────────────────────

export const jobParams = z.strictObject({ jobId: pathId });

const jobShape = {
  customerId: clientId,
  implement: z.enum(IMPLEMENTS, 'INVALID'),
  implementWidthM,
  rateKind: z.enum(RATE_KINDS, 'INVALID'),
  ratePaise,
  startAt: seconds,
  endAt: seconds.nullable(),
  trips,
  acreBasis: z.enum(ACRE_BASES, 'INVALID'),
  hourBasis: z.enum(HOUR_BASES, 'INVALID'),
  agreedQuantity: agreedQuantity.nullable(),
  boundary: fieldBoundary.nullable(),
  note: note.nullable(),
};

/** POST hire/jobs: started now and running unless startAt / endAt say otherwise. */
export const createJobRequest = z.strictObject({
  id: clientId,
  vin: z.string().min(1, 'REQUIRED').max(64, 'TOO_LONG'),
  customerId: jobShape.customerId,
  implement: jobShape.implement,
  implementWidthM: jobShape.implementWidthM,
  rateKind: jobShape.rateKind,
  ratePaise: jobShape.ratePaise,
  startAt: jobShape.startAt.optional(),
  endAt: jobShape.endAt.optional(),
  trips: jobShape.trips.optional(),
  acreBasis: jobShape.acreBasis.optional(),
  hourBasis: jobShape.hourBasis.optional(),
  agreedQuantity: jobShape.agreedQuantity.optional(),
  boundary: jobShape.boundary.optional(),
  note: jobShape.note.optional(),
});
export type CreateJobRequest = z.infer<typeof createJobRequest>;

/** PATCH hire/jobs/{id}: any of the editable fields (null clears agreedQuantity, boundary, note; endAt null: running again). */
export const updateJobRequest = z.strictObject({
  customerId: jobShape.customerId.optional(),
  implement: jobShape.implement.optional(),
  implementWidthM: jobShape.implementWidthM.optional(),
  rateKind: jobShape.rateKind.optional(),
  ratePaise: jobShape.ratePaise.optional(),
  startAt: jobShape.startAt.optional(),
  endAt: jobShape.endAt.optional(),
  trips: jobShape.trips.optional(),
  acreBasis: jobShape.acreBasis.optional(),
  hourBasis: jobShape.hourBasis.optional(),
  agreedQuantity: jobShape.agreedQuantity.optional(),
  boundary: jobShape.boundary.optional(),
  note: jobShape.note.optional(),
});
export type UpdateJobRequest = z.infer<typeof updateJobRequest>;

/** POST hire/jobs/{id}/end: now by default. */
export const endJobRequest = z.strictObject({ endAt: seconds.optional() }).nullish();

export const jobsQuery = z.strictObject({
  customerId: z.string().max(64).optional(),
  vin: z.string().max(64).optional(),
  from: queryNumber(z.number().int('INVALID').min(0, 'INVALID')).optional(),
  to: queryNumber(z.number().int('INVALID').min(0, 'INVALID')).optional(),
  limit: queryNumber(z.number().int('INVALID').min(1, 'INVALID').max(JOBS_PAGE.max, 'INVALID')).default(JOBS_PAGE.default),
});
export type JobsQuery = z.infer<typeof jobsQuery>;

/** What a job measured and what it comes to: the owner's job and the customer's bill show the same. */
const jobFigures = {
  coveredAcres: z.number(),
  fieldAcres: z.number().nullable(),
  /** Null when the tractor's device has no PTO input: not measured (never 0 for it). */
  ptoHours: z.number().nullable(),
  engineHours: z.number(),
  quantity: z.number(),
  quantitySource: z.enum(QUANTITY_SOURCES),
  amountPaise: z.number().int(),
  /** Payments that name this job. */
  paidPaise: z.number().int(),
};

export const jobSummary = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  vin: z.string(),
  regNo: z.string(),
  vehName: z.string(),
  implement: z.enum(IMPLEMENTS),
  implementWidthM: z.number(),
  rateKind: z.enum(RATE_KINDS),
  ratePaise: z.number().int(),
  trips: z.number().int(),
  acreBasis: z.enum(ACRE_BASES),
  hourBasis: z.enum(HOUR_BASES),
  agreedQuantity: z.number().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int().nullable(),
  running: z.boolean(),
  origin: z.enum(JOB_ORIGINS),
  /** Where the work started. */
  position: position.nullable(),
  /** The nearest place to it, in the owner's language. */
  place: z.string().nullable(),
  ...jobFigures,
  note: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  measuredAt: z.number().int().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobDetail = jobSummary.extend({
  boundary: z.array(z.object({ latitude: z.number(), longitude: z.number() })).nullable(),
  workedArea: multiPolygon.nullable(),
});
export type JobDetail = z.infer<typeof jobDetail>;
export const jobListResponse = z.object({ data: z.array(jobSummary) });

// ─── Proposals ───────────────────────────────────────────────────────────────

export const proposalParams = z.strictObject({ proposalId: pathId });

export const proposal = z.object({
  id: z.string(),
  vin: z.string(),
  regNo: z.string(),
  vehName: z.string(),
  startAt: z.number().int(),
  lastWorkAt: z.number().int(),
  /** Worked there within the last 10 minutes. */
  running: z.boolean(),
  position,
  /** The nearest place, in the owner's language ('Working near {name} since {time}'). */
  place: z.object({ name: z.string(), district: z.string().nullable() }).nullable(),
  coveredAcres: z.number(),
  /** Null on a device without a PTO input (not measured, not 0). */
  ptoHours: z.number().nullable(),
});
export type Proposal = z.infer<typeof proposal>;
export const proposalListResponse = z.object({ data: z.array(proposal) });

/** POST hire/proposals/{id}/accept: one tap picks the customer; the rest defaults from their last job. */
export const acceptProposalRequest = z.strictObject({
  jobId: clientId,
  customerId: clientId,
  implement: jobShape.implement.optional(),
  implementWidthM: jobShape.implementWidthM.optional(),
  rateKind: jobShape.rateKind.optional(),
  ratePaise: jobShape.ratePaise.optional(),
});
export type AcceptProposalRequest = z.infer<typeof acceptProposalRequest>;

// ─── Payments ────────────────────────────────────────────────────────────────

export const paymentParams = z.strictObject({ paymentId: pathId });

export const createPaymentRequest = z.strictObject({
  id: clientId,
  customerId: clientId,
  jobId: clientId.nullish(),
  amountPaise: z.number('INVALID').int('INVALID').min(PAYMENT_PAISE.min, 'AMOUNT_OUT_OF_RANGE').max(PAYMENT_PAISE.max, 'AMOUNT_OUT_OF_RANGE'),
  method: z.enum(PAYMENT_METHODS, 'INVALID'),
  paidOn: day,
  note: note.nullish(),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequest>;

export const payment = z.object({
  id: z.string(),
  customerId: z.string(),
  jobId: z.string().nullable(),
  amountPaise: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  paidOn: z.string(),
  note: z.string().nullable(),
  createdAt: z.number().int(),
});
export type Payment = z.infer<typeof payment>;
export const paymentListResponse = z.object({ data: z.array(payment) });
export const paymentsQuery = z.strictObject({ customerId: z.string().max(64).optional() });

/** GET hire/customers/{id}: the customer's ledger. */
export const customerLedger = z.object({
  customer,
  jobs: z.array(jobSummary),
  payments: z.array(payment),
  totals,
});
export type CustomerLedger = z.infer<typeof customerLedger>;

// ─── Bill links ──────────────────────────────────────────────────────────────

export const linkParams = z.strictObject({ linkId: pathId });

export const createBillLinkRequest = z.strictObject({
  customerId: clientId,
  jobId: clientId.optional(),
  expiresIn: z.enum(BILL_LINK_EXPIRIES, 'INVALID').default('never'),
});
export type CreateBillLinkRequest = z.infer<typeof createBillLinkRequest>;

export const billLink = z.object({
  id: z.string(),
  customerId: z.string(),
  jobId: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
  state: z.enum(LINK_STATES),
});
export type BillLink = z.infer<typeof billLink>;
/** Only the create answer carries the token (the server keeps its hash). */
export const createdBillLink = billLink.extend({ token: z.string(), path: z.string() });
export type CreatedBillLink = z.infer<typeof createdBillLink>;
export const billLinksQuery = z.strictObject({ customerId: z.string().max(64).optional() });
export const billLinkListResponse = z.object({ data: z.array(billLink) });

// ─── Live-location links ─────────────────────────────────────────────────────

export const createLiveLinkRequest = z.strictObject({
  vin: z.string().min(1, 'REQUIRED').max(64, 'TOO_LONG'),
  duration: z.enum(LIVE_LINK_DURATIONS, 'INVALID'),
  includeTrack: z.boolean('INVALID').default(false),
  language: language.optional(),
});
export type CreateLiveLinkRequest = z.infer<typeof createLiveLinkRequest>;

export const liveLink = z.object({
  id: z.string(),
  vin: z.string(),
  regNo: z.string(),
  includeTrack: z.boolean(),
  language: z.enum(LANGUAGE_CODES),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  revokedAt: z.number().int().nullable(),
  state: z.enum(LINK_STATES),
});
export type LiveLink = z.infer<typeof liveLink>;
export const createdLiveLink = liveLink.extend({ token: z.string(), path: z.string() });
export type CreatedLiveLink = z.infer<typeof createdLiveLink>;
export const liveLinksQuery = z.strictObject({ vin: z.string().max(64).optional() });
export const liveLinkListResponse = z.object({ data: z.array(liveLink) });

// ─── Public pages (no login) ─────────────────────────────────────────────────

/** Tokens are 32 random bytes in base64url (43 characters); anything else is an unknown token (404). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const tokenParams = z.strictObject({ token: z.string() });

export const publicBillJob = z.object({
  date: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int().nullable(),
  running: z.boolean(),
  implement: z.enum(IMPLEMENTS),
  rateKind: z.enum(RATE_KINDS),
  ratePaise: z.number().int(),
  ...jobFigures,
  /** The nearest place, in the customer's language. */
  place: z.string().nullable(),
  workedArea: multiPolygon.nullable(),
  /** The drawn field, [lon, lat] corners. */
  boundary: z.array(z.tuple([z.number(), z.number()])).nullable(),
});

export const publicBill = z.object({
  /** The customer's language: the page's texts come from the web's catalogue of it. */
  language: z.enum(LANGUAGE_CODES),
  issuedAt: z.number().int(),
  customer: z.object({ name: z.string(), village: z.string().nullable() }),
  jobs: z.array(publicBillJob),
  truncated: z.boolean(),
  payments: z.array(z.object({ paidOn: z.string(), amountPaise: z.number().int(), method: z.enum(PAYMENT_METHODS) })),
  /** Of the jobs and payments listed. */
  totals: z.object({ amountPaise: z.number().int(), paidPaise: z.number().int() }),
  /** The customer's whole balance. */
  balancePaise: z.number().int(),
});
export type PublicBill = z.infer<typeof publicBill>;

export const LIVE_STATUSES = ['moving', 'working', 'stopped', 'offline'] as const;
export const publicLive = z.object({
  language: z.enum(LANGUAGE_CODES),
  regNo: z.string(),
  expiresAt: z.number().int(),
  position: z.object({ lat: z.number(), lng: z.number(), at: z.number().int(), speedKmh: z.number().nullable(), heading: z.number().nullable() }).nullable(),
  status: z.enum(LIVE_STATUSES),
  /** Today's (IST) track, [seconds, lat, lng], when the owner chose to share it. */
  track: z.array(z.tuple([z.number().int(), z.number(), z.number()])).nullable(),
  refreshAfterSeconds: z.number().int(),
});
export type PublicLive = z.infer<typeof publicLive>;

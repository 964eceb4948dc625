import type { BillLink, Customer, JobDetail, JobSummary, LiveLink, MultiPolygonGeometry, Payment } from '@tractorlink/domain/hire-api';
import type { Implement, LinkState, PaymentMethod, QuantitySource } from '@tractorlink/domain/hire/rules';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { billOf } from './measure';
import type { CustomerRow, CustomerSums, JobWithNames, LinkRow, PaymentRow } from './repo';

/** Rows to the API's shapes (docs/hire-api.md): seconds, paise, acres. */
export const secs = (ms: number) => Math.floor(ms / 1000);
const secsOrNull = (ms: number | null) => (ms === null ? null : secs(Number(ms)));

export function customerView(row: CustomerRow, sums: CustomerSums | undefined): Customer {
  const amountPaise = sums?.amountPaise ?? 0;
  const paidPaise = sums?.paidPaise ?? 0;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    village: row.village,
    language: row.language as LanguageCode,
    createdAt: secs(Number(row.created_at)),
    updatedAt: secs(Number(row.updated_at)),
    jobCount: sums?.jobCount ?? 0,
    lastJobAt: sums?.lastJobMs == null ? null : secs(sums.lastJobMs),
    amountPaise,
    paidPaise,
    balancePaise: amountPaise - paidPaise,
  };
}

/** `place`: the job's place in the owner's language now (job-places.ts), not the stored one. */
export function jobSummaryView(job: JobWithNames, paidPaise: number, place: string | null): JobSummary {
  const bill = billOf(job);
  return {
    id: job.id,
    customerId: job.customer_id,
    customerName: job.customer_name,
    vin: job.vin,
    regNo: job.reg_no,
    vehName: job.veh_name,
    implement: job.implement as Implement,
    implementWidthM: job.implement_width_m,
    rateKind: job.rate_kind as JobSummary['rateKind'],
    ratePaise: Number(job.rate_paise),
    trips: job.trips,
    acreBasis: job.acre_basis as JobSummary['acreBasis'],
    hourBasis: job.hour_basis as JobSummary['hourBasis'],
    agreedQuantity: job.agreed_quantity,
    startAt: secs(Number(job.start_ms)),
    endAt: secsOrNull(job.end_ms),
    running: job.end_ms === null,
    origin: job.origin as JobSummary['origin'],
    position: job.lat === null || job.lon === null ? null : { lat: job.lat, lng: job.lon },
    place,
    coveredAcres: bill.coveredAcres,
    fieldAcres: bill.fieldAcres,
    ptoHours: bill.ptoHours,
    engineHours: bill.engineHours,
    quantity: bill.quantity,
    quantitySource: bill.source satisfies QuantitySource,
    amountPaise: bill.amountPaise,
    paidPaise,
    note: job.note,
    createdAt: secs(Number(job.created_at)),
    updatedAt: secs(Number(job.updated_at)),
    measuredAt: secsOrNull(job.measured_at),
  };
}

export const workedAreaOf = (worked: string | null): MultiPolygonGeometry | null =>
  worked === null ? null : { type: 'MultiPolygon', coordinates: JSON.parse(worked) as MultiPolygonGeometry['coordinates'] };

export const boundaryOf = (boundary: string | null): { latitude: number; longitude: number }[] | null =>
  boundary === null ? null : (JSON.parse(boundary) as { latitude: number; longitude: number }[]);

export function jobDetailView(job: JobWithNames, paidPaise: number, place: string | null): JobDetail {
  return { ...jobSummaryView(job, paidPaise, place), boundary: boundaryOf(job.boundary), workedArea: workedAreaOf(job.worked_area) };
}

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    customerId: row.customer_id,
    jobId: row.job_id,
    amountPaise: Number(row.amount_paise),
    method: row.method as PaymentMethod,
    paidOn: row.paid_on,
    note: row.note,
    createdAt: secs(Number(row.created_at)),
  };
}

export function linkState(row: LinkRow, now: number): LinkState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  return 'active';
}

export function billLinkView(row: LinkRow, now: number): BillLink {
  return {
    id: row.id,
    customerId: row.customer_id as string,
    jobId: row.job_id,
    createdAt: secs(Number(row.created_at)),
    expiresAt: secsOrNull(row.expires_at),
    revokedAt: secsOrNull(row.revoked_at),
    state: linkState(row, now),
  };
}

export function liveLinkView(row: LinkRow, tractor: { vin: string; reg_no: string }, now: number): LiveLink {
  return {
    id: row.id,
    vin: tractor.vin,
    regNo: tractor.reg_no,
    includeTrack: row.include_track === 1,
    language: row.language as LanguageCode,
    createdAt: secs(Number(row.created_at)),
    expiresAt: secs(Number(row.expires_at)),
    revokedAt: secsOrNull(row.revoked_at),
    state: linkState(row, now),
  };
}

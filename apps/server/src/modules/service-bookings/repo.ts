import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BookingStatus } from '@tractorlink/domain/service-booking';
import type { BookingEventsTable, Database, ServiceBookingsTable } from '../../db/types';

export type BookingRow = Selectable<ServiceBookingsTable>;
export type EventRow = Selectable<BookingEventsTable>;

/** A booking with the tractor's names and where its online payment stands, as every view shows it. */
export type BookingWithTractor = BookingRow & { vin: string; reg_no: string; veh_name: string; payment_status: string | null; paid_at: number | null };

/** Lists stop here: far beyond what one owner or one dealer's screen holds. */
const LIST_MAX = 200;

const withTractor = (db: Kysely<Database>) =>
  db
    .selectFrom('service_bookings as b')
    .innerJoin('tractors as t', 't.id', 'b.tractor_id')
    // At most one payment per booking (booking_id is unique there).
    .leftJoin('booking_payments as p', 'p.booking_id', 'b.id')
    .selectAll('b')
    .select(['t.vin', 't.reg_no', 't.veh_name', 'p.status as payment_status', 'p.paid_at']);

export function findBooking(db: Kysely<Database>, id: string): Promise<BookingWithTractor | undefined> {
  return withTractor(db).where('b.id', '=', id).executeTakeFirst();
}

/** The booking if `userId` made it; another owner's is undefined (a 404 to the caller). */
export function findBookingOfUser(db: Kysely<Database>, userId: string, id: string): Promise<BookingWithTractor | undefined> {
  return withTractor(db).where('b.id', '=', id).where('b.user_id', '=', userId).executeTakeFirst();
}

export function findBookingByReference(db: Kysely<Database>, referenceId: string): Promise<BookingWithTractor | undefined> {
  return withTractor(db).where('b.reference_id', '=', referenceId.toUpperCase()).executeTakeFirst();
}

export function findByRequest(db: Kysely<Database>, userId: string, requestId: string): Promise<BookingWithTractor | undefined> {
  return withTractor(db).where('b.user_id', '=', userId).where('b.request_id', '=', requestId).executeTakeFirst();
}

/** The owner's bookings (of one tractor when given), newest first. */
export function bookingsOfUser(db: Kysely<Database>, userId: string, tractorId?: string): Promise<BookingWithTractor[]> {
  let q = withTractor(db).where('b.user_id', '=', userId);
  if (tractorId) q = q.where('b.tractor_id', '=', tractorId);
  return q.orderBy('b.created_at', 'desc').orderBy('b.id').limit(LIST_MAX).execute();
}

/** The provider's view: every booking, newest first, optionally of one status or dealer. */
export function listBookings(db: Kysely<Database>, filter: { status?: BookingStatus; dealer?: string }): Promise<BookingWithTractor[]> {
  let q = withTractor(db);
  if (filter.status) q = q.where('b.status', '=', filter.status);
  if (filter.dealer) q = q.where('b.dealer_id', '=', filter.dealer);
  return q.orderBy('b.created_at', 'desc').orderBy('b.id').limit(LIST_MAX).execute();
}

/** Bookings in `status` not changed since `before` (the demo dealer's work list). */
export function bookingsWaiting(db: Kysely<Database>, status: BookingStatus, before: number): Promise<BookingRow[]> {
  return db
    .selectFrom('service_bookings')
    .selectAll()
    .where('status', '=', status)
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(100)
    .execute();
}

export async function eventsOf(db: Kysely<Database>, bookingIds: readonly string[]): Promise<Map<string, EventRow[]>> {
  const byBooking = new Map<string, EventRow[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db.selectFrom('booking_events').selectAll().where('booking_id', 'in', bookingIds).orderBy('booking_id').orderBy('seq').execute();
  for (const row of rows) byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);
  return byBooking;
}

/** Bookings holding a place in each of a dealer's slots between two dates (cancelled ones free theirs). */
export async function slotCounts(db: Kysely<Database>, dealerId: string, fromDate: string, toDate: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('service_bookings')
    .select(['date', 'slot', (eb) => eb.fn.countAll<number>().as('n')])
    .where('dealer_id', '=', dealerId)
    .where('date', '>=', fromDate)
    .where('date', '<=', toDate)
    .where('status', '!=', 'cancelled')
    .groupBy(['date', 'slot'])
    .execute();
  return new Map(rows.map((r) => [slotKey(r.date, r.slot), Number(r.n)]));
}

export const slotKey = (date: string, slot: string) => `${date} ${slot}`;

/** Free periodic services a tractor has used: free bookings not cancelled (a cancel gives one back). */
export async function freeUsed(db: Kysely<Database>, tractorId: string): Promise<number> {
  const row = await db
    .selectFrom('service_bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tractor_id', '=', tractorId)
    .where('free', '=', 1)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBooking(db: Kysely<Database>, row: Insertable<ServiceBookingsTable>, event: Insertable<BookingEventsTable>): Promise<void> {
  await db.insertInto('service_bookings').values(row).execute();
  await db.insertInto('booking_events').values(event).execute();
}

/**
 * Moves a booking on only if it is still `from` (two moves at once: one wins), with its event next
 * in the timeline. False when someone else moved it first.
 */
export async function moveBooking(
  db: Kysely<Database>,
  id: string,
  from: BookingStatus,
  changes: Updateable<ServiceBookingsTable> & { status: BookingStatus; updated_at: number },
  event: Omit<Insertable<BookingEventsTable>, 'booking_id' | 'seq' | 'status' | 'at'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx.updateTable('service_bookings').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    // The row update above holds the booking until commit, so the next seq is this transaction's.
    const last = await trx
      .selectFrom('booking_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('booking_id', '=', id)
      .executeTakeFirst();
    await trx
      .insertInto('booking_events')
      .values({ booking_id: id, seq: Number(last?.seq ?? 0) + 1, status: changes.status, at: changes.updated_at, ...event })
      .execute();
    return true;
  });
}

export async function insertPhoto(
  db: Kysely<Database>,
  row: { id: string; user_id: string; content_type: string; data: Buffer; created_at: number },
): Promise<void> {
  await db.insertInto('booking_photos').values(row).execute();
}

/** Only the uploader's photo is found. */
export function findPhotoOfUser(db: Kysely<Database>, userId: string, photoId: string) {
  return db.selectFrom('booking_photos').select(['id', 'content_type', 'data']).where('id', '=', photoId).where('user_id', '=', userId).executeTakeFirst();
}

/** Events whose owner has not been told yet, oldest first. */
export function unsentEvents(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('booking_events as e')
    .innerJoin('service_bookings as b', 'b.id', 'e.booking_id')
    .innerJoin('tractors as t', 't.id', 'b.tractor_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'e.booking_id',
      'e.seq',
      'e.status',
      'e.reason',
      'b.reference_id',
      'b.date',
      'b.slot',
      'b.dealer_name',
      'b.dealer_phone',
      'b.technician_name',
      'b.technician_phone',
      't.vin',
      't.reg_no',
      't.veh_name',
      'u.id as user_id',
      'u.mobile_no',
      'u.language',
    ])
    .where('e.notified_at', 'is', null)
    .orderBy('e.at')
    .orderBy('e.seq')
    .limit(limit)
    .execute();
}

/** Claims one event's notification: true for exactly one caller, on any number of instances. */
export async function claimEvent(db: Kysely<Database>, bookingId: string, seq: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('booking_events')
    .set({ notified_at: now })
    .where('booking_id', '=', bookingId)
    .where('seq', '=', seq)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owner's language, for the names their booking screens show. */
export async function ownerLanguage(db: Kysely<Database>, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? 'en';
}

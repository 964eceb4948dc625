import { randomBytes } from 'node:crypto';
import { BOOKING_PHOTO_MAX_BYTES, freeServicesLeft } from '@tractorlink/domain/service-booking';
import type { BookingOptions, BookingView, CreateBookingRequest, LatLng } from '@tractorlink/domain/service-booking-api';
import { serialise } from '../../db/serialise';
import type { Engine } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { ownedOrNotFound } from '../vehicles/service';
import { type Catalogue, dealerFor, typeConfig } from './catalogue';
import { chargeFor, isFree } from './charges';
import { districtOf, storedDistrictNames } from './district';
import { districtName } from './district-name';
import { moveAlong, type MoveDeps } from './moves';
import { checkPhoto } from './photo';
import {
  bookingsOfUser,
  type BookingWithTractor,
  eventsOf,
  findBookingOfUser,
  findByRequest,
  findPhotoOfUser,
  freeUsed,
  insertBooking,
  insertPhoto,
  ownerLanguage,
  slotCounts,
  slotKey,
} from './repo';
import { slotBoard } from './slots';
import { toView } from './view';

/** Unambiguous letters and digits for references read out on the phone (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const newReference = () => `SB${[...randomBytes(8)].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
/** Photos uploaded but not (yet) attached kept per owner; older ones go (an upload is not storage). */
const UNATTACHED_PHOTOS_KEPT = 5;

export interface ServiceBookingDeps extends MoveDeps {
  engine: Engine;
  catalogue: Catalogue;
  /** The supplier's state (payments config): GST is intra-state for farms there. */
  supplierState: string;
}

/** The owner's side of doorstep service bookings (issue 15): every booking and tractor is the caller's or a 404. */
export class ServiceBookingService {
  constructor(private readonly deps: ServiceBookingDeps) {}

  async options(userId: string, query: { vin: string; lat?: number | undefined; lng?: number | undefined }): Promise<BookingOptions> {
    const { db, catalogue, supplierState, clock } = this.deps;
    const t = await ownedOrNotFound(db, userId, query.vin);
    const fix = t.state?.lastFix ? (JSON.parse(t.state.lastFix) as { lat?: unknown; lon?: unknown }) : null;
    const position: LatLng | null =
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng }
        : typeof fix?.lat === 'number' && typeof fix.lon === 'number'
          ? { lat: fix.lat, lng: fix.lon }
          : null;
    const district = await districtOf(db, position, t.tractor.city);
    const dealer = dealerFor(catalogue, district?.key ?? null);
    const used = await freeUsed(db, t.tractor.id);
    return {
      vin: t.tractor.vin,
      regNo: t.tractor.reg_no,
      Veh_Name: t.tractor.veh_name,
      types: catalogue.types.map((type) => {
        const free = isFree(type.id, catalogue.freeAllowance, used);
        return { type: type.id, durationMin: type.durationMin, free, charge: chargeFor(type, free, supplierState, t.tractor.state) };
      }),
      freeAllowance: catalogue.freeAllowance,
      freeLeft: freeServicesLeft(catalogue.freeAllowance, used),
      address: { line: t.tractor.address, city: t.tractor.city, pincode: t.tractor.pincode, state: t.tractor.state },
      position,
      district: district?.key ?? null,
      districtName: district ? districtName(district.key, district.names, t.language) : null,
      dealer: dealer ? { id: dealer.id, name: dealer.name, phone: dealer.phone } : null,
      days: dealer ? (await slotBoard(db, dealer, clock.now())).offers : [],
    };
  }

  /** Keeps a JPEG or PNG checked by its bytes; the route bounds the size as it reads. */
  async uploadPhoto(userId: string, bytes: Buffer): Promise<{ photoId: string }> {
    const { db, clock } = this.deps;
    if (bytes.length > BOOKING_PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const type = checkPhoto(bytes);
    if (!type) throw new AppError('PHOTO_INVALID');
    const id = randomBytes(16).toString('hex');
    await insertPhoto(db, { id, user_id: userId, content_type: type.contentType, data: bytes, created_at: clock.now() });
    const unattached = await db
      .selectFrom('booking_photos as p')
      .select('p.id')
      .where('p.user_id', '=', userId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('service_bookings as b').select('b.id').whereRef('b.photo_id', '=', 'p.id'))))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .execute();
    const extra = unattached.slice(UNATTACHED_PHOTOS_KEPT).map((p) => p.id);
    if (extra.length > 0) await db.deleteFrom('booking_photos').where('id', 'in', extra).execute();
    return { photoId: id };
  }

  /**
   * Books a slot. The same request id again answers the booking it made (a double tap books once);
   * the slot's room, the tractor's free services and the request id are checked and taken in one
   * serialised step, so concurrent bookings never overfill a slot or spend a free service twice.
   */
  async create(userId: string, body: CreateBookingRequest): Promise<{ created: boolean; booking: BookingView }> {
    const { db, engine, clock, catalogue, supplierState } = this.deps;
    const earlier = await findByRequest(db, userId, body.requestId);
    if (earlier) return { created: false, booking: await this.view(userId, earlier) };
    const t = await ownedOrNotFound(db, userId, body.vin);
    if (body.photoId !== undefined && !(await findPhotoOfUser(db, userId, body.photoId))) throw new AppError('NOT_FOUND');
    const type = typeConfig(catalogue, body.type);
    if (!type) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'type', code: 'NOT_OFFERED' }] });
    const district = (await districtOf(db, body.position, t.tractor.city))?.key ?? null;
    const dealer = dealerFor(catalogue, district);
    if (!dealer) throw new AppError('NO_DEALER');
    const board = await slotBoard(db, dealer, clock.now());
    if (!board.isSlot(body.date, body.slot)) throw new AppError('SLOT_UNAVAILABLE');

    const id = `bk_${randomBytes(12).toString('hex')}`;
    const outcome = await db.transaction().execute(async (trx): Promise<'full' | string> => {
      await serialise(trx, engine, [
        `booking-request:${userId}:${body.requestId}`,
        `booking-slot:${dealer.id}:${body.date}:${body.slot}`,
        `booking-free:${t.tractor.id}`,
      ]);
      const raced = await findByRequest(trx, userId, body.requestId);
      if (raced) return raced.id;
      const taken = (await slotCounts(trx, dealer.id, body.date, body.date)).get(slotKey(body.date, body.slot)) ?? 0;
      if (taken >= dealer.capacity) return 'full';
      const free = isFree(type.id, catalogue.freeAllowance, await freeUsed(trx, t.tractor.id));
      const charge = chargeFor(type, free, supplierState, body.address.state);
      const now = clock.now();
      await insertBooking(
        trx,
        {
          id,
          reference_id: newReference(),
          user_id: userId,
          request_id: body.requestId,
          tractor_id: t.tractor.id,
          type: type.id,
          status: 'requested',
          date: body.date,
          slot: body.slot,
          duration_min: type.durationMin,
          address_line: body.address.line,
          city: body.address.city,
          pincode: body.address.pincode,
          state: body.address.state,
          lat: body.position.lat,
          lng: body.position.lng,
          district,
          dealer_id: dealer.id,
          dealer_name: dealer.name,
          dealer_phone: dealer.phone,
          technician_name: null,
          technician_phone: null,
          note: body.note?.trim() || null,
          photo_id: body.photoId ?? null,
          payment: free ? 'free' : body.payment === 'online' && charge.totalPaise > 0 ? 'online' : 'at_farm',
          free: free ? 1 : 0,
          basic_paise: charge.basicPaise,
          cgst_paise: charge.cgstPaise,
          sgst_paise: charge.sgstPaise,
          igst_paise: charge.igstPaise,
          total_paise: charge.totalPaise,
          done_at_engine_h: null,
          created_at: now,
          updated_at: now,
        },
        // The owner made this step: nothing to tell them.
        { booking_id: id, seq: 1, status: 'requested', at: now, actor: 'owner', reason: null, notified_at: now },
      );
      return id;
    });
    if (outcome === 'full') {
      const fresh = await slotBoard(db, dealer, clock.now());
      throw new AppError('SLOT_FULL', { nextSlot: fresh.nextFree({ date: body.date, slot: body.slot }) });
    }
    return { created: outcome === id, booking: await this.get(userId, outcome) };
  }

  async list(userId: string, vin: string | undefined): Promise<BookingView[]> {
    const tractorId = vin === undefined ? undefined : (await ownedOrNotFound(this.deps.db, userId, vin)).tractor.id;
    const rows = await bookingsOfUser(this.deps.db, userId, tractorId);
    const [events, districts] = await Promise.all([
      eventsOf(
        this.deps.db,
        rows.map((r) => r.id),
      ),
      this.districtNames(userId, rows),
    ]);
    return rows.map((r) => toView(r, events.get(r.id) ?? [], r.district === null ? null : (districts.get(r.district) ?? r.district)));
  }

  async get(userId: string, bookingId: string): Promise<BookingView> {
    return this.view(userId, await this.own(userId, bookingId));
  }

  /** The owner cancels while nobody is on the way (BOOKING_CANCEL_TOO_LATE after). */
  async cancel(userId: string, bookingId: string, reason: string): Promise<BookingView> {
    await moveAlong(this.deps, await this.own(userId, bookingId), 'cancelled', 'owner', { reason });
    return this.get(userId, bookingId);
  }

  async photo(userId: string, bookingId: string): Promise<{ contentType: string; data: Buffer }> {
    const booking = await this.own(userId, bookingId);
    const photo = booking.photo_id === null ? undefined : await findPhotoOfUser(this.deps.db, userId, booking.photo_id);
    if (!photo) throw new AppError('NOT_FOUND');
    return { contentType: photo.content_type, data: photo.data };
  }

  async freeServices(userId: string, vin: string): Promise<{ vin: string; allowance: number; used: number; left: number }> {
    const t = await ownedOrNotFound(this.deps.db, userId, vin);
    const allowance = this.deps.catalogue.freeAllowance;
    const used = await freeUsed(this.deps.db, t.tractor.id);
    return { vin: t.tractor.vin, allowance, used, left: freeServicesLeft(allowance, used) };
  }

  private async own(userId: string, bookingId: string): Promise<BookingWithTractor> {
    const booking = await findBookingOfUser(this.deps.db, userId, bookingId);
    if (!booking) throw new AppError('NOT_FOUND');
    return booking;
  }

  private async view(userId: string, booking: BookingWithTractor): Promise<BookingView> {
    const [events, districts] = await Promise.all([eventsOf(this.deps.db, [booking.id]), this.districtNames(userId, [booking])]);
    const district = booking.district === null ? null : (districts.get(booking.district) ?? booking.district);
    return toView(booking, events.get(booking.id) ?? [], district);
  }

  /** The bookings' districts in the owner's language now, by the stored (English) name. */
  private async districtNames(userId: string, bookings: readonly BookingWithTractor[]): Promise<Map<string, string>> {
    const districts = [...new Set(bookings.flatMap((b) => (b.district === null ? [] : [b.district])))];
    const [language, names] = await Promise.all([ownerLanguage(this.deps.db, userId), storedDistrictNames(this.deps.db, districts)]);
    return new Map(districts.map((d) => [d, districtName(d, names.get(d) ?? {}, language)]));
  }
}

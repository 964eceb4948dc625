import { type BookingPayment, type BookingPaymentStatus, type BookingStatus, ownerMayCancel, type ServiceType } from '@tractorlink/domain/service-booking';
import type { BookingView } from '@tractorlink/domain/service-booking-api';
import type { BookingWithTractor, EventRow } from './repo';

const seconds = (ms: number) => Math.floor(Number(ms) / 1000);

/**
 * Spec §1 "fees are in Indian Rupees and non-refundable": an owner who paid online and then cancels
 * the booking gets nothing back (the app says so before they cancel). The money is owed back only
 * when no service was bought with it: the workshop cancelled (the provider did not supply), or the
 * payment was taken after the booking was already cancelled (a checkout left open in another tab).
 */
function refundDue(status: BookingStatus, paymentStatus: BookingPaymentStatus, paidAt: number | null, events: readonly EventRow[]): boolean {
  if (status !== 'cancelled' || paymentStatus !== 'paid') return false;
  const cancelled = events.findLast((e) => e.status === 'cancelled');
  if (!cancelled) return true;
  return cancelled.actor !== 'owner' || (paidAt !== null && Number(paidAt) > Number(cancelled.at));
}

/**
 * A booking as the owner's screens and the operator see it, with its timeline oldest first.
 * `districtName`: the district as the reader reads it (district-name.ts).
 */
export function toView(b: BookingWithTractor, events: readonly EventRow[], districtName: string | null): BookingView {
  const status = b.status as BookingStatus;
  const paymentStatus = (b.payment === 'online' && b.payment_status !== null ? b.payment_status : 'none') as BookingPaymentStatus;
  return {
    bookingId: b.id,
    referenceId: b.reference_id,
    vin: b.vin,
    regNo: b.reg_no,
    Veh_Name: b.veh_name,
    type: b.type as ServiceType,
    status,
    date: b.date,
    slot: b.slot,
    durationMin: b.duration_min,
    address: { line: b.address_line, city: b.city, pincode: b.pincode, state: b.state },
    position: { lat: b.lat, lng: b.lng },
    district: b.district,
    districtName,
    dealer: { id: b.dealer_id, name: b.dealer_name, phone: b.dealer_phone },
    technician: b.technician_name !== null && b.technician_phone !== null ? { name: b.technician_name, phone: b.technician_phone } : null,
    note: b.note,
    hasPhoto: b.photo_id !== null,
    payment: b.payment as BookingPayment,
    paymentStatus,
    paidAt: paymentStatus === 'paid' && b.paid_at !== null ? seconds(b.paid_at) : null,
    refundDue: refundDue(status, paymentStatus, b.paid_at, events),
    charge: {
      basicPaise: Number(b.basic_paise),
      cgstPaise: Number(b.cgst_paise),
      sgstPaise: Number(b.sgst_paise),
      igstPaise: Number(b.igst_paise),
      totalPaise: Number(b.total_paise),
    },
    cancellable: ownerMayCancel(status),
    doneAtEngineHours: b.done_at_engine_h,
    createdAt: seconds(b.created_at),
    timeline: events.map((e) => ({ status: e.status as BookingStatus, at: seconds(e.at), by: e.actor === 'owner' ? 'owner' : 'dealer', reason: e.reason })),
  };
}

import type { ReactNode } from 'react';
import type { BookingOptions, BookingView } from '@tractorlink/domain/service-booking-api';
import { initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { loadServiceTexts } from '../../lib/signed-in/services-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { renderWithProviders } from '../../test/render';

export { fakeApi } from '../../test/api';
export type { ApiCall as Call } from '../../test/api';

/** What the booking screens' tests share: a tractor, the API's answers, and a screen rendered at a route. */
export const SHERU: TractorRef = { vin: 'MBNTL45SLN0000123', regNo: 'MH12AB1234', Veh_Name: 'Sheru' };

export const OPTIONS: BookingOptions = {
  vin: SHERU.vin,
  regNo: SHERU.regNo,
  Veh_Name: SHERU.Veh_Name,
  types: [
    { type: 'periodic', durationMin: 120, free: true, charge: { basicPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 } },
    { type: 'repair', durationMin: 90, free: false, charge: { basicPaise: 50_000, cgstPaise: 4_500, sgstPaise: 4_500, igstPaise: 0, totalPaise: 59_000 } },
  ],
  freeAllowance: 3,
  freeLeft: 2,
  address: { line: 'Gat 12, Malthan', city: 'Shirur', pincode: '412210', state: 'Maharashtra' },
  position: { lat: 18.82, lng: 74.37 },
  district: 'Pune',
  districtName: 'Pune',
  dealer: { id: 'd1', name: 'Shirur Tractors', phone: '9876543210' },
  days: [
    {
      date: '2026-11-27',
      slots: [
        { time: '09:00', left: 0 },
        { time: '13:00', left: 2 },
      ],
    },
    {
      date: '2026-11-28',
      slots: [
        { time: '09:00', left: 3 },
        { time: '13:00', left: 3 },
      ],
    },
  ],
};

export function booking(patch: Partial<BookingView> = {}): BookingView {
  return {
    bookingId: 'bk_0123456789abcdef01234567',
    referenceId: 'SB7K2Q9X',
    vin: SHERU.vin,
    regNo: SHERU.regNo,
    Veh_Name: SHERU.Veh_Name,
    type: 'repair',
    status: 'requested',
    date: '2026-11-28',
    slot: '09:00',
    durationMin: 90,
    address: OPTIONS.address,
    position: { lat: 18.82, lng: 74.37 },
    district: 'Pune',
    districtName: 'Pune',
    dealer: { name: 'Shirur Tractors', phone: '9876543210', id: 'd1' },
    technician: null,
    note: null,
    hasPhoto: false,
    payment: 'at_farm',
    paymentStatus: 'none',
    paidAt: null,
    refundDue: false,
    charge: OPTIONS.types[1]?.charge ?? { basicPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
    cancellable: true,
    doneAtEngineHours: null,
    createdAt: 1_795_000_000,
    timeline: [{ status: 'requested', at: 1_795_000_000, by: 'owner', reason: null }],
    ...patch,
  };
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export async function loadWords(): Promise<void> {
  await storage.load();
  await initI18n('en');
  await Promise.all([loadTractorTexts('en'), loadServiceTexts('en')]);
}

/** `screen` shown at `url`, with the owner's tractors and a fresh query cache; other routes render their path. */
export function renderAt(url: string, path: string, screen: ReactNode, tractors: TractorRef[] = [SHERU]) {
  return renderWithProviders(screen, { url, path, tractors });
}

import { describe, expect, it } from 'vitest';
import type { BookingOptions, BookingView } from '@tractorlink/domain/service-booking-api';
import { call, get } from './support/api';
import { booked, NASHIK_FARM, OPERATOR_KEY, operator } from './support/bookings';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { ownerWithTractor } from './support/vehicles';

/**
 * A farmer walkthrough in Tamil: the booking screen said "மாவட்டம்: Madurai". The district stays an
 * English key (dealers are matched by it); next to it comes its name in the owner's language.
 */
describe.each(dbTargets)("a booking's district in the owner's language, $name", (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  const options = async (vin: string, token: string, query = '') => {
    const res = await get(t.app, `service-bookings/options?vin=${vin}${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookingOptions>();
  };
  const language = async (token: string, code: string) =>
    expect((await call(t.app, 'PUT', 'profile', { language: code }, { token })).statusCode).toBeLessThan(300);

  it('a registered city outside the loaded boundaries: the bundled place names', async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210', { city: 'Madurai' });
    await language(owner.accessToken, 'ta');
    expect(await options(tractor.vin, owner.accessToken)).toMatchObject({ district: 'Madurai', districtName: 'மதுரை' });
    await language(owner.accessToken, 'te');
    expect(await options(tractor.vin, owner.accessToken)).toMatchObject({ district: 'Madurai', districtName: 'మధురై' });
  });

  it("the pin's district boundary: its file's own name first, the key kept for the dealer and the operator", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    await language(token, 'hi');
    const pin = `&lat=${NASHIK_FARM.lat}&lng=${NASHIK_FARM.lng}`;
    expect(await options(tractor.vin, token, pin)).toMatchObject({
      district: 'Nashik',
      districtName: 'नासिक',
      dealer: { id: 'niphad-tractor-care' },
    });
    const b = await booked(t.app, token, tractor);
    expect(b).toMatchObject({ district: 'Nashik', districtName: 'नासिक' });

    // A boundary file naming the district in Tamil (OpenStreetMap's name:ta): that name is shown.
    await t.database.db.kysely
      .updateTable('geofence_boundaries')
      .set({ names: JSON.stringify({ ta: 'நாசிக் மாவட்டம்' }) })
      .where('district_key', '=', 'nashik')
      .execute();
    await language(token, 'ta');
    expect(await options(tractor.vin, token, pin)).toMatchObject({ district: 'Nashik', districtName: 'நாசிக் மாவட்டம்' });
    // A booking made in Hindi reads in Tamil now, in the history and on its own screen.
    const history = await get(t.app, 'service-bookings', { token });
    expect(history.json<{ data: BookingView[] }>().data.map((x) => [x.district, x.districtName])).toEqual([['Nashik', 'நாசிக் மாவட்டம்']]);
    expect((await get(t.app, `service-bookings/${b.bookingId}`, { token })).json<BookingView>().districtName).toBe('நாசிக் மாவட்டம்');
    // The operator reads the dealers' own (catalogue) name.
    const desk = await get(t.app, `operator/service-bookings/${b.bookingId}`, operator);
    expect(desk.json<BookingView>()).toMatchObject({ district: 'Nashik', districtName: 'Nashik' });
  });
});

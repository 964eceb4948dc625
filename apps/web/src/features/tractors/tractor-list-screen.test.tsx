import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DAY_MS, istDayStart } from '@tractorlink/domain/time';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { formatDate } from '../../lib/format';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { TractorListScreen } from './tractor-list-screen';

/** The last second of the IST day `days` days from today: `days` IST days left (0 on the last day). */
const endIn = (days: number) => Math.floor((istDayStart(Date.now()) + (days + 1) * DAY_MS) / 1000) - 1;

function tractor(vin: string, days: number, pack: VehicleEntry['subscriptionPack']): VehicleEntry {
  return {
    vin,
    Veh_Name: `Tractor ${vin}`,
    expiresOn: endIn(days),
    regNo: `MH12${vin}`,
    firstName: 'Ramesh',
    lastName: 'Patil',
    mobileNoCC: '+91',
    mobileNo: '9876543210',
    address: 'Gat 12',
    city: 'Shirur',
    pincode: '412210',
    state: 'Maharashtra',
    country: 'India',
    isExpired: days < 0,
    isNewTractor: pack === 'free',
    numberOfDays: days,
    subscriptionPack: pack,
    engineNo: `E${vin}`,
    model: '575 DI',
  };
}

/** My tractor with GET vehicles answering `list` (anything else 404), once the cards are in. */
async function renderList(list: VehicleEntry[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const found = new URL(String(input), 'http://localhost').pathname.endsWith('/vehicles');
      return new Response(JSON.stringify(found ? { data: list } : {}), { status: found ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  renderWithProviders(<TractorListScreen />);
  await screen.findAllByRole('listitem');
}

/** The Subscription entry of a tractor's card. */
function subscriptionOf(vin: string): HTMLElement {
  const card = screen.getByRole('listitem', { name: new RegExp(`^Tractor ${vin} `) });
  return within(card).getByText('Subscription', { selector: 'dt' }).nextElementSibling as HTMLElement;
}

const dateIn = (days: number) => formatDate(endIn(days) * 1000, 'en');

englishBeforeAll(loadTractorTexts);

afterEach(() => vi.unstubAllGlobals());

describe('My tractor: the subscription of each tractor (spec §4, the shared pack states)', () => {
  it('a new tractor on its 30-day free pack reads "Free subscription till …" with Activate, not "Ends in 30 days"', async () => {
    await renderList([tractor('A1', 30, 'free')]);
    const entry = subscriptionOf('A1');
    expect(entry.textContent).toBe(`Free subscription till ${dateIn(30)}Activate`);
    expect(within(entry).getByRole('link', { name: 'Activate' }).getAttribute('href')).toBe('/custom-vehicle?vin=A1');
  });

  it('a paid pack with more than 7 days left reads "Expires on …" without a Renew button', async () => {
    await renderList([tractor('B1', 20, 'year')]);
    expect(subscriptionOf('B1').textContent).toBe(`Expires on ${dateIn(20)}`);
  });

  it('within 7 days it counts the days (today, tomorrow, N days) and offers Renew', async () => {
    await renderList([tractor('C0', 0, 'month'), tractor('C1', 1, 'month'), tractor('C3', 3, 'year'), tractor('F2', 2, 'free')]);
    expect(subscriptionOf('C0').textContent).toBe('Ends todayRenew');
    expect(subscriptionOf('C1').textContent).toBe(`Ends tomorrow (${dateIn(1)})Renew`);
    expect(subscriptionOf('C3').textContent).toBe(`Ends in 3 days (${dateIn(3)})Renew`);
    expect(subscriptionOf('F2').textContent).toBe(`Ends in 2 days (${dateIn(2)})Activate`);
  });

  it('an ended pack asks to renew and says when it ended', async () => {
    await renderList([tractor('D1', -5, 'year')]);
    expect(subscriptionOf('D1').textContent).toBe(`Pack expired, kindly renew (Expired on ${dateIn(-5)})Renew`);
  });
});

describe('the days left in every language (i18next plural forms)', () => {
  const catalogues = import.meta.glob<Record<string, string>>('../../locales/tractor/*.json', { eager: true, import: 'default' });

  it.each(LANGUAGE_CODES)('%s has each plural form its language needs', (lang) => {
    const words = catalogues[`../../locales/tractor/${lang}.json`] ?? {};
    for (const form of new Intl.PluralRules(lang).resolvedOptions().pluralCategories) {
      expect(words[`myTractor.endsInDays_${form}`], form).toMatch(/{{count}}/);
    }
  });
});

describe('My tractor: identifiers in a page of another language', () => {
  it('the registration, VIN and engine numbers are marked English and left to right, so TalkBack switches voice', async () => {
    await renderList([tractor('A1', 30, 'free')]);
    for (const text of ['MH12A1', 'A1', 'EA1']) {
      const el = screen.getByText(text);
      expect([text, el.getAttribute('lang'), el.getAttribute('dir')]).toEqual([text, 'en', 'ltr']);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DAY_MS, istDayStart } from '@tractorlink/domain/time';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { changeAppLanguage } from '../../lib/i18n';
import { formatDate } from '../../lib/format';
import { loadSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { storeRenewalArray, storedRenewalArray } from './renewal-flow';
import { RenewalScreen } from './renewal-screen';

/** The last second of the IST day `days` days from today: `days` IST days left (0 on the last day). */
const endIn = (days: number) => Math.floor((istDayStart(Date.now()) + (days + 1) * DAY_MS) / 1000) - 1;
const dateIn = (days: number, lang = 'en') => formatDate(endIn(days) * 1000, lang);

const tractor = (vin: string, days: number, subscriptionPack: TractorRef['subscriptionPack']): TractorRef => ({
  vin,
  regNo: `MH12${vin}`,
  Veh_Name: `Tractor ${vin}`,
  expiresOn: endIn(days),
  subscriptionPack,
});

/** The renewal page over the owner's `tractors` (the API answers nothing: the list is the signed-in one). */
function renderWith(tractors: TractorRef[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })),
  );
  renderWithProviders(<RenewalScreen />, { tractors });
}

/** The pack state written under a tractor's checkbox. */
const stateOf = (vin: string) =>
  screen
    .getByRole('checkbox', { name: new RegExp(`^Tractor ${vin} `) })
    .closest('label')
    ?.querySelector('.pack-state')?.textContent;

englishBeforeAll(loadTractorTexts, loadSubscriptionTexts);

afterEach(() => vi.unstubAllGlobals());

describe('the renewal page: where each pack stands (spec §3 and §4)', () => {
  it('says "Expires on", "Free subscription till", "Expired on", and counts the last days: today, tomorrow, N days', () => {
    renderWith([
      tractor('V1', 40, 'year'),
      tractor('F1', 30, 'free'),
      tractor('X1', -2, 'month'),
      tractor('E0', 0, 'month'),
      tractor('E1', 1, 'year'),
      tractor('E5', 5, 'free'),
    ]);
    expect(stateOf('V1')).toBe(`Expires on ${dateIn(40)}`);
    expect(stateOf('F1')).toBe(`Free subscription till ${dateIn(30)}`);
    expect(stateOf('X1')).toBe(`Expired on ${dateIn(-2)}`);
    expect(stateOf('E0')).toBe('Ends today');
    expect(stateOf('E1')).toBe(`Ends tomorrow (${dateIn(1)})`);
    expect(stateOf('E5')).toBe(`Ends in 5 days (${dateIn(5)})`);
  });
});

describe('the tractors ticked when the page opens', () => {
  const ticked = () =>
    screen.getAllByRole<HTMLInputElement>('checkbox').flatMap((box) => (box.checked ? [box.closest('label')?.textContent?.split(' ')[1]] : []));

  it('from the menu: those whose pack has ended or ends soon, not the selected tractor whose pack runs on', () => {
    renderWith([tractor('V1', 200, 'year'), tractor('X1', -3, 'month'), tractor('E2', 2, 'free'), tractor('V2', 90, 'year')]);
    expect(ticked()).toEqual(['X1', 'E2']);
  });

  it('from the menu, with every pack running on: the selected tractor', () => {
    renderWith([tractor('V1', 200, 'year'), tractor('V2', 90, 'year')]);
    expect(ticked()).toEqual(['V1']);
  });

  it("from a tractor's renewal prompt: the tractor it handed over, once (a later visit from the menu starts afresh)", () => {
    storeRenewalArray(['V2']);
    const { unmount } = renderWithProviders(<RenewalScreen />, {
      tractors: [tractor('V1', 200, 'year'), tractor('X1', -3, 'month'), tractor('V2', 20, 'year')],
    });
    expect(ticked()).toEqual(['V2']);
    expect(storedRenewalArray()).toEqual([]);
    unmount();
    renderWith([tractor('V1', 200, 'year'), tractor('X1', -3, 'month'), tractor('V2', 20, 'year')]);
    expect(ticked()).toEqual(['X1']);
  });
});

describe('the days left in every language (i18next plural forms)', () => {
  const catalogues = import.meta.glob<Record<string, string>>('../../locales/subscription/*.json', { eager: true, import: 'default' });

  it.each(LANGUAGE_CODES)('%s has each plural form its language needs', (lang) => {
    const words = catalogues[`../../locales/subscription/${lang}.json`] ?? {};
    for (const form of new Intl.PluralRules(lang).resolvedOptions().pluralCategories) {
      expect(words[`renewal.state.expiring_${form}`], form).toMatch(/{{count}}/);
    }
  });

  it('reads them in Hindi', async () => {
    await changeAppLanguage('hi');
    await loadSubscriptionTexts('hi');
    renderWith([tractor('E5', 5, 'year'), tractor('E0', 0, 'year')]);
    expect(stateOf('E5')).toBe(`5 दिन में खत्म (${dateIn(5, 'hi')})`);
    expect(stateOf('E0')).toBe('आज खत्म');
    await changeAppLanguage('en');
  });
});

import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/geofences/en.json';
import ta from '../../locales/geofences/ta.json';
import type { PlaceNames } from '@tractorlink/domain/geofences';
import { byPlaceName, placeName } from './place-names';

async function tFor(lang: 'en' | 'ta') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'en' ? en : ta } }, keySeparator: false, nsSeparator: false });
  return i18n.t;
}

describe('places in the owner language (issue 19 item 5)', () => {
  it('names states and the demo districts in Tamil, whatever spelling the boundary file used', async () => {
    const t = await tFor('ta');
    expect(placeName(t, 'Maharashtra')).toBe('மகாராஷ்டிரா');
    expect(placeName(t, 'Pune')).toBe('புனே');
    expect(placeName(t, 'Jammu & Kashmir')).toBe('ஜம்மு காஷ்மீர்');
    expect(placeName(t, 'NCT of Delhi')).toBe('டெல்லி');
  });

  it('a district with no translation keeps its official English name; English is unchanged', async () => {
    expect(placeName(await tFor('ta'), 'Satara')).toBe('Satara');
    expect(placeName(await tFor('en'), 'Maharashtra')).toBe('Maharashtra');
  });

  it('sorts a list by the names the owner reads', async () => {
    const t = await tFor('ta');
    const districts: { district: string; names?: PlaceNames }[] = [{ district: 'Pune' }, { district: 'Nashik' }, { district: 'Ahmednagar' }];
    const sorted = districts.sort(byPlaceName(t, 'ta', (p) => p.district)).map((p) => p.district);
    expect(sorted.map((d) => placeName(t, d))).toEqual(['அகமதுநகர்', 'நாசிக்', 'புனே']);
  });

  it('a name the boundary file gave in the owner language comes first (any district, not only the demo ones)', async () => {
    const t = await tFor('ta');
    expect(placeName(t, 'Satara', { ta: 'சதாரா', hi: 'सातारा' }, 'ta')).toBe('சதாரா');
    // The file's name for another language is not used; the catalogue then the English name are.
    expect(placeName(t, 'Pune', { hi: 'पुणे' }, 'ta')).toBe('புனே');
    expect(placeName(t, 'Satara', { hi: 'सातारा' }, 'ta')).toBe('Satara');
    const districts = [
      { district: 'Satara', names: { ta: 'சதாரா' } },
      { district: 'Ahmednagar', names: {} },
    ];
    const sorted = districts.sort(byPlaceName(t, 'ta', (d) => d.district));
    expect(sorted.map((d) => d.district)).toEqual(['Ahmednagar', 'Satara']);
  });
});

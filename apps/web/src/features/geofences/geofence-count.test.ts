import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { catalogueT } from '../../test/catalogue-t';

async function translator(lang: string) {
  const t = await catalogueT(lang, 'geofences');
  // As the list screen asks for it (geofence-list-screen.tsx): the count, the count as shown, and the owner's limit.
  return (count: number) => t('geofence.count', { count, n: String(count), max: '50' });
}

describe("the geofence list's count: how many the owner has, and the most they can make", () => {
  it('says "1 geofence (you can make up to 50)", never "1 of 50 geofences" (which reads as 1 shown of 50)', async () => {
    const count = await translator('en');
    expect(count(1)).toBe('1 geofence (you can make up to 50)');
    expect(count(12)).toBe('12 geofences (you can make up to 50)');
  });

  it('in Hindi and Tamil too', async () => {
    expect((await translator('hi'))(1)).toBe('1 जियोफ़ेंस (आप 50 तक बना सकते हैं)');
    expect((await translator('ta'))(1)).toBe('1 ஜியோஃபென்ஸ் (நீங்கள் 50 வரை உருவாக்கலாம்)');
    expect((await translator('ta'))(3)).toBe('3 ஜியோஃபென்ஸ்கள் (நீங்கள் 50 வரை உருவாக்கலாம்)');
  });

  it.each(LANGUAGE_CODES)('%s: both numbers are in the sentence', async (lang) => {
    const count = await translator(lang);
    for (const n of [1, 2, 49]) {
      const text = count(n);
      expect(text).toContain(String(n));
      expect(text).toContain('50');
      expect(text).not.toMatch(/{{|geofence\./);
    }
  });
});

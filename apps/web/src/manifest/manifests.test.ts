import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { manifestFor } from './manifests';

const publicDir = join(import.meta.dirname, '../../public');

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(join(publicDir, file));
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest: what an installed app on an Android phone needs', () => {
  it.each(LANGUAGE_CODES)('%s: standalone, portrait, start and scope, theme and background colours, a short name that fits under an icon', (lang) => {
    const m = manifestFor(lang);
    expect(m).toMatchObject({ display: 'standalone', orientation: 'portrait', start_url: './', scope: './', id: './' });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
    // Launchers cut labels past about 12 characters.
    expect(m.short_name.length).toBeLessThanOrEqual(12);
  });

  it('has any-purpose and maskable icons at 192 and 512 px, each file of the size it claims', () => {
    const icons = manifestFor('en').icons;
    for (const purpose of ['any', 'maskable'])
      expect(
        icons
          .filter((i) => i.purpose === purpose)
          .map((i) => i.sizes)
          .sort(),
      ).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      expect(existsSync(join(publicDir, icon.src))).toBe(true);
      expect(pngSize(icon.src)).toBe(icon.sizes);
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viteSettings, viteSettingsChanged } from '../../../scripts/web-build.mjs';

// The README's MAP_TILE_HOSTS "must match the tile URLs the web app was built with (VITE_TILE_URL_*)".
// `npm start` rebuilt the web app only when its sources were newer than the build, so
// `VITE_TILE_URL_ROAD=… MAP_TILE_HOSTS=… npm start` over an earlier build served the old tile URLs
// under the new CSP: every map tile refused. A change of VITE_ settings now makes the build stale.
const dir = mkdtempSync(path.join(tmpdir(), 'tl-newcomer-web-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start rebuilds the web app when its VITE_ settings change', () => {
  it('takes only the VITE_ variables, in name order', () => {
    expect(viteSettings({ VITE_TILE_URL_ROAD: 'https://t.example/{z}/{x}/{y}.png', PORT: '8080', VITE_SUPPORT_EMAIL: 'a@b.in' })).toEqual({
      VITE_SUPPORT_EMAIL: 'a@b.in',
      VITE_TILE_URL_ROAD: 'https://t.example/{z}/{x}/{y}.png',
    });
  });

  it('is stale when a setting was added, changed or removed since the build, not otherwise', () => {
    const record = path.join(dir, '.vite-settings.json');
    const tiles = { VITE_TILE_URL_ROAD: 'https://t.example/{z}/{x}/{y}.png' };
    // Never recorded (a build by `npm run build` alone): as built with none.
    expect(viteSettingsChanged(record, { PORT: '8080' })).toBe(false);
    expect(viteSettingsChanged(record, tiles)).toBe(true);
    writeFileSync(record, JSON.stringify(viteSettings(tiles)));
    expect(viteSettingsChanged(record, { ...tiles, PORT: '9090' })).toBe(false);
    expect(viteSettingsChanged(record, { VITE_TILE_URL_ROAD: 'https://other.example/{z}/{x}/{y}.png' })).toBe(true);
    expect(viteSettingsChanged(record, {})).toBe(true);
  });
});

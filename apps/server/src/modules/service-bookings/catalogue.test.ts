import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DEFAULT_CATALOGUE, dealerFor, isOpenOn } from './catalogue';
import { bookableDays } from './slots';

const dir = mkdtempSync(path.join(tmpdir(), 'tl-catalogue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, body: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, body);
  return p;
};

describe('the service catalogue', () => {
  it('works without a file: six types, three free periodic services, a Nashik dealer and a fallback', () => {
    const { catalogue } = loadConfig({}).serviceBookings;
    expect(catalogue).toEqual(DEFAULT_CATALOGUE);
    expect(dealerFor(catalogue, 'nashik ')?.id).toBe('niphad-tractor-care');
    expect(dealerFor(catalogue, 'Pune')?.id).toBe('tractorlink-service');
    expect(dealerFor(catalogue, null)?.id).toBe('tractorlink-service');
  });

  it('takes the parts a file gives, and closed days are not offered', () => {
    const p = file(
      'ok.json',
      JSON.stringify({
        freeAllowance: 1,
        dealers: [
          { id: 'satana-motors', name: 'Satana Motors', phone: '9800000000', districts: ['Nashik'], slots: ['10:00'], capacity: 1, closedWeekdays: ['sun'] },
        ],
      }),
    );
    const { catalogue } = loadConfig({ SERVICE_CATALOGUE_FILE: p }).serviceBookings;
    expect(catalogue.freeAllowance).toBe(1);
    expect(catalogue.types).toEqual(DEFAULT_CATALOGUE.types);
    expect(dealerFor(catalogue, 'Pune')).toBeNull();
    const dealer = catalogue.dealers[0];
    if (!dealer) throw new Error('no dealer');
    expect(isOpenOn(dealer, '2026-11-22')).toBe(false); // a Sunday
    const days = bookableDays(dealer, Date.UTC(2026, 10, 21, 6, 30));
    expect(days.map((d) => d.date)).not.toContain('2026-11-22');
    expect(days[0]).toEqual({ date: '2026-11-23', slots: ['10:00'] });
  });

  it('refuses a bad file at start with what is wrong', () => {
    const bad = file(
      'bad.json',
      JSON.stringify({
        types: [{ id: 'painting', durationMin: 60, pricePaise: 100 }],
        dealers: [{ id: 'x', name: 'X', phone: '123', districts: ['*'], slots: ['14:00', '09:00'], capacity: 2 }],
      }),
    );
    expect(() => loadConfig({ SERVICE_CATALOGUE_FILE: bad })).toThrow(
      /SERVICE_CATALOGUE_FILE: types\.0\.id: .*\n.*SERVICE_CATALOGUE_FILE: dealers\.0\.phone: expected 10 digits\n.*dealers\.0\.slots: expected slot times in day order/,
    );
    expect(() => loadConfig({ SERVICE_CATALOGUE_FILE: file('broken.json', '{ "types": ') })).toThrow(
      /SERVICE_CATALOGUE_FILE: .*broken\.json cannot be read as JSON/,
    );
    expect(() => loadConfig({ SERVICE_CATALOGUE_FILE: path.join(dir, 'missing.json') })).toThrow(/SERVICE_CATALOGUE_FILE: .*missing\.json cannot be read/);
    expect(() => loadConfig({ SERVICE_INTERVAL_DAYS: '0' })).toThrow('SERVICE_INTERVAL_DAYS:');
  });
});

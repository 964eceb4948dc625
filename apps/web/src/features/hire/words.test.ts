import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTS, QUANTITY_SOURCES } from '@tractorlink/domain/hire/rules';
import en from '../../locales/en.json';
import hireEn from '../../locales/hire/en.json';
import publicEn from '../../locales/public/en.json';

/** Every refusal the hire API can give a form has words (issue 17), and both catalogues name every implement. */
describe('the hire words', () => {
  const domain = readFileSync(join(import.meta.dirname, '../../../../../packages/domain/src/hire-api.ts'), 'utf8');
  const codes = new Set([...domain.matchAll(/'([A-Z][A-Z0-9_]+)'\)/g)].map((m) => m[1] as string));
  const boundaryCodes = new Set([
    'POLYGON_TOO_FEW_POINTS',
    'POLYGON_TOO_MANY_POINTS',
    'POLYGON_SELF_INTERSECTS',
    'AREA_TOO_SMALL',
    'AREA_TOO_LARGE',
    'COORDINATES_OUTSIDE_INDIA',
  ]);

  it("every field code of the hire API's bodies has a message (the field's own, for a boundary)", () => {
    expect(codes.size).toBeGreaterThan(10);
    const missing = [...codes].filter((c) =>
      boundaryCodes.has(c) ? !(`hire.boundary.error.${c}` in hireEn) : !(`error.${c}` in en) && !(`error.${c}` in hireEn),
    );
    expect(missing).toEqual([]);
  });

  it('names every implement and every source of a billed quantity, for the owner and for the customer', () => {
    for (const i of IMPLEMENTS) {
      expect(hireEn, i).toHaveProperty([`hire.implement.${i}`]);
      expect(publicEn, i).toHaveProperty([`pub.implement.${i}`]);
    }
    for (const q of QUANTITY_SOURCES) {
      expect(hireEn, q).toHaveProperty([`hire.quantity.${q}`]);
      // Counted ones ("1 acre (measured)") have their plural forms; trips and agreed are not counted in words.
      expect(`pub.quantity.${q}` in publicEn || `pub.quantity.${q}_other` in publicEn, q).toBe(true);
    }
  });
});

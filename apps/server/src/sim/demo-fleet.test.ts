import { ENGINE_NO_PATTERN, IMEI_PATTERN, REG_NO_PATTERN, VIN_PATTERN } from '@tractorlink/domain/vehicles-rules';
import { describe, expect, it } from 'vitest';
import { DEMO_FLEET } from './demo-fleet';

describe('demo fleet', () => {
  it.each(DEMO_FLEET.map((t) => [t.vehName, t] as const))('%s has identifiers the API accepts', (_name, t) => {
    expect(t.vin).toMatch(VIN_PATTERN);
    expect(t.engineNo).toMatch(ENGINE_NO_PATTERN);
    expect(t.regNo).toMatch(REG_NO_PATTERN);
    expect(t.profile.imei).toMatch(IMEI_PATTERN);
  });
});

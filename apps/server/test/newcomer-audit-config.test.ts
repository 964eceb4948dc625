import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../src/config';

// The README: "Every setting is an environment variable with a working default". A variable set to
// nothing — `PORT= npm start`, `export SIMULATE_FLEET_DAYS=` or a blank value in an env file — is the
// same as one not set at all; the number schemas read '' as 0 before (PORT= listened on a random
// port, SIMULATE_FLEET_DAYS= back-filled no history, ALERT_SMS_DAILY_CAP= sent no alert SMS).
describe('configuration set to nothing', () => {
  const defaults = loadConfig({});

  it.each(CONFIG_VARIABLES.map((v) => v.name))('%s set to nothing (or spaces) takes its default', (name) => {
    expect(loadConfig({ [name]: '' })).toEqual(defaults);
    expect(loadConfig({ [name]: '  ' })).toEqual(defaults);
  });

  it('still refuses a value that is there and wrong', () => {
    expect(() => loadConfig({ PORT: '0x' })).toThrow('PORT:');
    expect(() => loadConfig({ SIMULATE_FLEET_DAYS: 'ninety' })).toThrow('SIMULATE_FLEET_DAYS:');
  });
});

import { describe, expect, it } from 'vitest';
import { catalogueT } from '../../test/catalogue-t';
import { serviceDueText } from './service-due';

describe('the service countdown, one sentence on home, engine usage and service information', () => {
  it('says the hours to or past the service in whole hours, by its status', async () => {
    const t = await catalogueT('en', 'tractor');
    expect(serviceDueText(t, 'en', { status: 'ok', hoursLeft: 56.4 })).toBe('Next service in 56 h');
    expect(serviceDueText(t, 'en', { status: 'due_soon', hoursLeft: 11.6 })).toBe('Service due soon: 12 h left');
    expect(serviceDueText(t, 'en', { status: 'overdue', hoursLeft: -3256.3 })).toBe('Service overdue by 3,256 h');
  });
});

import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { expectError, login, registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';

/**
 * Spec §3 'Authentication request: deviceID, grantType, isSec, password, refreshToken, requestedFrom,
 * userName, vehicleCategory', sent whole as the spec's client sends it (§7: requested source WEB, §9:
 * vehicle category FD_DOM). isSec is a flag the server accepts and ignores (DESIGN §9), as a boolean
 * or as its text, the same as in PUT alerts.
 */
describe.each(dbTargets)('API contract: the spec’s whole authentication request on $name', (target) => {
  const t = useTestApp(target);

  it('logs in with every field of the request, isSec a boolean or its text; a PIN that is wrong is still wrong', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const spec = { grantType: 'password', refreshToken: '', requestedFrom: 'WEB', vehicleCategory: 'FD_DOM' };
    for (const isSec of [false, true, 'true', 'false']) {
      const res = await login(t.app, owner, owner.pin, { ...spec, isSec });
      expect(res.statusCode, `isSec ${JSON.stringify(isSec)}: ${res.body}`).toBe(200);
      expect(res.json<TokenResponse>().user.mobileNo).toBe(owner.mobileNo);
    }
    expectError(await login(t.app, owner, owner.pin, { ...spec, isSec: 'yes' }), 'VALIDATION_FAILED');
    const wrong = owner.pin === '1111' ? '2222' : '1111';
    expect((await login(t.app, owner, wrong, { ...spec, isSec: 'true' })).statusCode).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { browserKeys } from './support/alerts';
import { call, expectError, registerOwner } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';

/**
 * Spec §7 'POST push subscription with request data': the data is what PushSubscription.toJSON()
 * gives, whose expirationTime is a DOMHighResTimeStamp (epoch ms, a fraction allowed) or null. Any
 * number the schema lets through is either kept, as whole ms, or a 400 naming the field: on
 * PostgreSQL a fraction or a number past the integer column was a 500.
 */
describe.each(dbTargets)('API contract: a push subscription’s expirationTime on $name', (target) => {
  const t = useTestApp(target, { PUSH_SERVICE_HOSTS: 'push.example.net' });
  const stored = () => t.database.db.kysely.selectFrom('push_subscriptions').select(['endpoint', 'expiration_time']).orderBy('endpoint').execute();

  it('a fraction of a millisecond is kept as whole ms; a number no expiry can be is refused and nothing kept', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const subscribe = (endpoint: string, expirationTime: number | null) =>
      call(t.app, 'POST', 'pushsubscription', { endpoint, expirationTime, keys: browserKeys().json }, { token: owner.accessToken });

    expect((await subscribe('https://push.example.net/send/a', 1_795_300_000_000.6)).statusCode).toBe(204);
    expect((await subscribe('https://push.example.net/send/b', null)).statusCode).toBe(204);
    for (const bad of [1e308, -1e308, -1, 2 ** 53 + 2]) {
      const refused = expectError(await subscribe('https://push.example.net/send/c', bad), 'VALIDATION_FAILED');
      expect(refused.error.details, String(bad)).toEqual([{ path: 'expirationTime', code: 'INVALID' }]);
    }
    expect((await stored()).map((r) => ({ ...r, expiration_time: r.expiration_time === null ? null : Number(r.expiration_time) }))).toEqual([
      { endpoint: 'https://push.example.net/send/a', expiration_time: 1_795_300_000_001 },
      { endpoint: 'https://push.example.net/send/b', expiration_time: null },
    ]);
  });
});

/**
 * Spec §7 'DELETE push subscription with token (devicetoken and devicetokens)': the browser's endpoint
 * is its device token, named as our web app sends it (`endpoint`) or as the spec does, one or several.
 */
describe.each(dbTargets)('API contract: forgetting push subscriptions by device token on $name', (target) => {
  const t = useTestApp(target, { PUSH_SERVICE_HOSTS: 'push.example.net' });
  const endpoints = async () =>
    (await t.database.db.kysely.selectFrom('push_subscriptions').select('endpoint').orderBy('endpoint').execute()).map((r) => r.endpoint);

  it('takes endpoint, devicetoken or devicetokens, exactly one of them, and forgets only the caller’s', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const other = await registerOwner(t.app, t.sms, { mobileNo: '9123456780' });
    const url = (name: string) => `https://push.example.net/send/${name}`;
    const as = (token: string) => ({ token });
    for (const name of ['a', 'b', 'c', 'd'])
      expect((await call(t.app, 'POST', 'pushsubscription', { endpoint: url(name), keys: browserKeys().json }, as(owner.accessToken))).statusCode).toBe(204);
    expect((await call(t.app, 'POST', 'pushsubscription', { endpoint: url('theirs'), keys: browserKeys().json }, as(other.accessToken))).statusCode).toBe(204);
    const forget = (body: unknown, token = owner.accessToken) => call(t.app, 'DELETE', 'pushsubscription', body, as(token));

    expect((await forget({ devicetoken: url('a') })).statusCode).toBe(204);
    expect((await forget({ devicetokens: [url('b'), url('c')] })).statusCode).toBe(204);
    expect((await forget({ devicetoken: url('theirs') })).statusCode).toBe(204);
    expect(await endpoints()).toEqual([url('d'), url('theirs')]);

    for (const bad of [{}, { endpoint: url('d'), devicetoken: url('d') }, { devicetokens: [] }]) expectError(await forget(bad), 'VALIDATION_FAILED');
    expect(await endpoints()).toEqual([url('d'), url('theirs')]);
    expect((await forget({ endpoint: url('d') })).statusCode).toBe(204);
    expect(await endpoints()).toEqual([url('theirs')]);
  });
});

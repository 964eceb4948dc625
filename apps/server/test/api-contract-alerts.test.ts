import { describe, expect, it } from 'vitest';
import { ALERT_TYPE_IDS, COUNTED_ALERT_TYPE_IDS } from '@tractorlink/domain/alerts-catalog';
import type { AlertsResponse } from '@tractorlink/domain/alerts-api';
import { istMidnight, MINUTE_MS } from '@tractorlink/domain/time';
import { get } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * Spec §9 'Counted alert types: A0001, A0003, A0005, A0011, A0100, A0101, A0102 and its variants P1 to
 * P5, A0105, A0107, A0110, A0111. The count is unread alerts of the selected tractor', through the
 * API: one alert of every type, and the count is exactly the spec's list; and the count covers what
 * the list shows, to today 23:59:59 IST.
 */
/** The spec's list: packages/domain's alerts-api.test.ts holds it to §9 word for word. */
const SPEC_COUNTED: readonly string[] = COUNTED_ALERT_TYPE_IDS;

describe.each(dbTargets)('API contract: the unread alert count on $name', (target) => {
  const t = useTestApp(target);

  it('one unread alert of every type: the count is the spec’s counted types, and falls as they are read', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const token = owner.accessToken;
    for (const [i, typeId] of ALERT_TYPE_IDS.entries())
      await t.app.services.alerts.service.raiseAlert(tractor.id, typeId, { time: t.clock.now() - HOUR - i * MINUTE_MS, lat: 20.1, lon: 73.9 });
    const count = async () => (await get(t.app, `alerts/unread-count?vin=${tractor.vin}&isSec=true`, { token })).json<{ count: number }>().count;
    expect(await count()).toBe(SPEC_COUNTED.length);

    const listed = (await get(t.app, 'alerts?pageSize=100', { token })).json<AlertsResponse>().data;
    const counted = listed.filter((a) => SPEC_COUNTED.includes(a.alertTypeId));
    expect(counted.map((a) => a.alertTypeId).sort()).toEqual([...SPEC_COUNTED].sort());
    // Reading the ones not counted changes nothing; reading a counted one takes one off.
    const notCounted = listed.filter((a) => !SPEC_COUNTED.includes(a.alertTypeId)).map((a) => a.alertId);
    const put = (alerts: string[]) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/alerts', headers: { authorization: `Bearer ${token}` }, payload: { alerts, status: 1, isSec: true } });
    expect((await put(notCounted)).statusCode).toBe(200);
    expect(await count()).toBe(SPEC_COUNTED.length);
    expect((await put([counted[0]?.alertId ?? ''])).statusCode).toBe(200);
    expect(await count()).toBe(SPEC_COUNTED.length - 1);
  });

  it('an alert a fast device clock dates tomorrow is counted from tomorrow, when the list shows it', async () => {
    const midnight = istMidnight('2026-11-22');
    t.clock.set(midnight - 10 * MINUTE_MS); // 21 Nov, 23:50 IST
    const { owner, tractor } = await ownerWithTractor(t);
    const raise = (time: number) => t.app.services.alerts.service.raiseAlert(tractor.id, 'A0100', { time, value: 14, lat: 20.1, lon: 73.9 });
    await raise(midnight - 20 * MINUTE_MS);
    await raise(midnight + 3 * MINUTE_MS);
    const seen = async () => {
      const count = (await get(t.app, `alerts/unread-count?vin=${tractor.vin}`, { token: owner.accessToken })).json<{ count: number }>().count;
      const listed = (await get(t.app, 'alerts?status=unread', { token: owner.accessToken })).json<AlertsResponse>().total;
      return { count, listed };
    };
    expect(await seen()).toEqual({ count: 1, listed: 1 });
    t.clock.advance(14 * MINUTE_MS); // 22 Nov, 00:04 IST (the access token lives 15 minutes)
    expect(await seen()).toEqual({ count: 2, listed: 2 });
  });
});

describe.each(dbTargets)('API contract: paths with a trailing slash on $name', (target) => {
  const t = useTestApp(target);

  it('`alerts/` is the alert list (spec §7 builds it from a base path), not an alert with an empty id', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    await t.app.services.alerts.service.raiseAlert(tractor.id, 'A0100', { time: t.clock.now() - HOUR, value: 14, lat: 20.1, lon: 73.9 });
    const plain = await get(t.app, 'alerts', { token: owner.accessToken });
    const slashed = await get(t.app, 'alerts/', { token: owner.accessToken });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json<AlertsResponse>().data).toEqual(plain.json<AlertsResponse>().data);
    expect(slashed.json<AlertsResponse>().total).toBe(1);
  });
});

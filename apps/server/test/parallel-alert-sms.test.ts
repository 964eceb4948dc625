import type { AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import { describe, expect, it } from 'vitest';
import { post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';
import { AlertDelivery } from '../src/modules/alerts/delivery/worker';

/**
 * The per-owner daily cap on alert SMS holds when many alerts are delivered at once by several
 * instances' delivery workers on one database, and no SMS goes out twice.
 */
const CAP = 4;
const TYPES: AlertTypeId[] = ['A0100', 'A0101', 'A0102', 'A0103', 'A0104', 'A0105'];
const RECEIVERS = ['9988776650', '9988776651', '9988776652'];

describe.each(dbTargets)('alert SMS cap with several delivery workers, $name', (target) => {
  const t = useTestApp(target);

  it(`${TYPES.length} alerts to ${RECEIVERS.length} SMS receivers, three workers at once: ${CAP} SMS, none twice`, async () => {
    const app = await t.build({ ALERT_SMS_DAILY_CAP: String(CAP) });
    const { owner, tractor } = await ownerWithTractor(t);
    for (const phone of RECEIVERS)
      expect((await post(app, 'receivers', { name: 'Helper', phone, channel: 'sms' }, { token: owner.accessToken })).statusCode).toBe(201);
    for (const type of TYPES) await app.services.alerts.service.raiseAlert(tractor.id, type, { time: TEST_START - MINUTE, value: null });
    const worker = () =>
      new AlertDelivery({
        db: t.database.db.kysely,
        clock: t.clock,
        log: app.log,
        push: { send: async () => ({ kind: 'sent' }) },
        sms: t.sms,
        smsDailyCap: CAP,
      });
    await Promise.all([worker().drain(), worker().drain(), worker().drain()]);
    const sent = RECEIVERS.flatMap((phone) => t.sms.messages(phone).map((m) => `${phone} ${m.text}`));
    expect(sent).toHaveLength(CAP);
    expect(new Set(sent).size).toBe(CAP);
    expect(await t.database.db.kysely.selectFrom('alert_outbox').select('id').execute()).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BillLink, CreatedBillLink, CreatedLiveLink, LiveLink } from '@tractorlink/domain/hire-api';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../src/http/idempotency';
import { expectError } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { customerBody, hireCall } from './support/hire';
import { ownerWithTractor } from './support/vehicles';

/**
 * A bill or live link's token is shown once and kept only as its SHA-256 (README): with an
 * Idempotency-Key the link is still made once, but its answer is not kept in idempotency_keys, so
 * no token sits there for 7 days; a repeat of the key is a clear refusal, never a second link.
 */
describe.each(dbTargets)('link tokens and Idempotency-Key on $name', (target) => {
  const t = useTestApp(target);

  const withKey = (token: string, url: string, body: unknown, key: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: key },
      payload: body as Record<string, unknown>,
    });
  const keptAnswers = async () =>
    (await t.database.db.kysely.selectFrom('idempotency_keys').select(['state', 'status', 'response']).execute()).map((r) => ({
      ...r,
      status: Number(r.status),
    }));

  it('a bill link and a live link made with a key: made once, the token in no kept answer, a repeat refused', async () => {
    const { owner, tractor } = await ownerWithTractor(t, '9876543210');
    const token = owner.accessToken;
    const customer = customerBody();
    expect((await hireCall(t.app, 'POST', 'hire/customers', token, customer)).statusCode).toBe(201);

    const cases = [
      { url: 'hire/bill-links', body: { customerId: customer.id }, list: 'hire/bill-links' },
      { url: 'live-links', body: { vin: tractor.vin, duration: '1h' }, list: 'live-links' },
    ];
    const tokens: string[] = [];
    for (const c of cases) {
      const key = randomUUID();
      const first = await withKey(token, c.url, c.body, key);
      expect(first.statusCode, first.body).toBe(201);
      const made = first.json<CreatedBillLink | CreatedLiveLink>();
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.push(made.token);

      const again = await withKey(token, c.url, c.body, key);
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
      expect(again.body).not.toContain(made.token);
      expect(expectError(again, 'IDEMPOTENCY_KEY_REUSED').error.details).toEqual([{ path: 'Idempotency-Key', code: 'ANSWER_NOT_KEPT' }]);

      // One link, the first one, and it works.
      const list = await hireCall(t.app, 'GET', c.list, token);
      expect(list.json<{ data: (BillLink | LiveLink)[] }>().data.map((l) => l.id)).toEqual([made.id]);
      const kind = c.url === 'live-links' ? 'live' : 'bills';
      expect((await hireCall(t.app, 'GET', `public/${kind}/${made.token}`, undefined)).statusCode).toBe(200);
    }

    // Both keys are settled, and neither kept answer holds a token (nor a link's path, which holds it too).
    const kept = await keptAnswers();
    expect(kept.filter((k) => k.state === 'done' && k.status === 422)).toHaveLength(2);
    for (const k of kept) for (const tok of tokens) expect(k.response ?? '').not.toContain(tok);
  });

  it('other creates keep their answer as before (a customer is replayed)', async () => {
    const { owner } = await ownerWithTractor(t, '9876543210');
    const key = randomUUID();
    const customer = customerBody();
    const first = await withKey(owner.accessToken, 'hire/customers', customer, key);
    expect(first.statusCode).toBe(201);
    const again = await withKey(owner.accessToken, 'hire/customers', customer, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

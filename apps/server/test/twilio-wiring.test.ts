import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { dbTargets } from './support/db-targets';
import { testConfig, useTestApp } from './support/harness';
import { expectError, get, post } from './support/api';

describe.each(dbTargets)('SMS_PROVIDER=twilio on $name', (target) => {
  const t = useTestApp(target);
  const bodies: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(new URLSearchParams(body));
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends OTPs through the configured gateway and has no dev inbox', async () => {
    const { port } = server.address() as AddressInfo;
    const app = await buildApp({
      config: testConfig(t.database, {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC42',
        TWILIO_AUTH_TOKEN: 'tok',
        TWILIO_FROM: '+15005550006',
        TWILIO_BASE_URL: `http://127.0.0.1:${port}`,
      }),
      clock: t.clock,
      db: t.database.db,
    });
    try {
      expect((await post(app, 'otp/send', { mobileNo: '9876501234', purpose: 'register' })).statusCode).toBe(200);
      expect(bodies.at(-1)?.get('To')).toBe('+919876501234');
      expect(bodies.at(-1)?.get('Body')).toMatch(/^\d{6} is your TractorLink code\. It expires in 10 minutes\. Do not share it\.$/);
      expectError(await get(app, 'dev/sms-inbox?mobileNo=9876501234'), 'NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});

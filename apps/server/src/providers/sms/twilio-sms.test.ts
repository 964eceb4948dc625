import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SmsSendError } from './sms-provider';
import { TwilioSmsProvider } from './twilio-sms';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for api.twilio.com on a free local port, answering with `status` and `reply`. */
async function fakeTwilio(status: number, reply: unknown): Promise<{ baseUrl: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, received, server };
}

function capturingLogger() {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'trace', stream: { write: (l: string) => lines.push(l) } } });
  return { log: app.log, lines };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const TEXT = '482913 is your TractorLink code. It expires in 10 minutes. Do not share it.';

describe('Twilio SMS provider', () => {
  it('sends one form-encoded POST with Basic auth to the Messages resource', async () => {
    const fake = await fakeTwilio(201, { sid: 'SM123', status: 'queued' });
    servers.push(fake.server);
    const { log } = capturingLogger();
    const sms = new TwilioSmsProvider({ accountSid: 'AC0123456789', authToken: 's3cret', from: '+15005550006', baseUrl: fake.baseUrl, log });

    await sms.send('9876543210', TEXT);

    expect(fake.received).toHaveLength(1);
    const [req] = fake.received;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789:s3cret').toString('base64')}`);
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({ To: '+919876543210', From: '+15005550006', Body: TEXT });
    expect(req?.body).toBe(`To=%2B919876543210&From=%2B15005550006&Body=${encodeURIComponent(TEXT).replace(/%20/g, '+')}`);
  });

  it('maps a refusal to SmsSendError and logs it without the message text', async () => {
    const fake = await fakeTwilio(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    servers.push(fake.server);
    const { log, lines } = capturingLogger();
    const sms = new TwilioSmsProvider({ accountSid: 'AC1', authToken: 't', from: '+15005550006', baseUrl: fake.baseUrl, log });

    await expect(sms.send('9876543210', TEXT)).rejects.toBeInstanceOf(SmsSendError);
    const logged = lines.join('\n');
    expect(logged).toContain('"status":400');
    expect(logged).toContain('"errorCode":21211');
    expect(logged).not.toContain('482913');
    expect(logged).not.toContain('9876543210');
  });

  it('maps a connection failure to SmsSendError', async () => {
    const fake = await fakeTwilio(201, {});
    const { baseUrl } = fake;
    await new Promise((r) => fake.server.close(r)); // nothing listens there any more
    const { log, lines } = capturingLogger();
    const sms = new TwilioSmsProvider({ accountSid: 'AC1', authToken: 't', from: '+1', baseUrl, log, timeoutMs: 5000 });
    await expect(sms.send('9876543210', TEXT)).rejects.toBeInstanceOf(SmsSendError);
    expect(lines.join('\n')).not.toContain('482913');
  });
});

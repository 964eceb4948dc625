import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';

/** Sends raw bytes to the listening server and resolves with everything it answered. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      // One answer is all we need; a keep-alive connection would otherwise stay open.
      const [head, body] = answer.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN);
      if (body !== undefined && Buffer.byteLength(body) >= length) socket.destroy();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
}

function parse(answer: string) {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(status.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe.each(dbTargets.slice(0, 1))('refusals before any route ($name)', (target) => {
  const t = useTestApp(target);

  it.each([
    ['a URL that does not decode', 'GET /api/v1/%zz<script>alert(1)</script> HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['a broken escape in a page URL', 'GET /%E0%A4%A<b> HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['bytes that are not HTTP', 'GARBAGE<script>\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['headers over the size limit', `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'PAYLOAD_TOO_LARGE'],
  ])("%s: the app's error body and security headers, the URL not echoed", async (_, request, status, code) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const answer = parse(await rawExchange(port, request));
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ error: { code, message: expect.any(String) } });
    expect(answer.body).not.toContain('script');
    expect(answer.body).not.toContain('%');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("answers an unknown API route, bad JSON and an oversize body with the app's body and headers too", async () => {
    for (const [res, code] of [
      [await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing<script>' }), 'NOT_FOUND'],
      [
        await t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"mobileNo": <script>' }),
        'VALIDATION_FAILED',
      ],
      [
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          headers: { 'content-type': 'application/json' },
          payload: `{"pad":"${'x'.repeat(300_000)}"}`,
        }),
        'PAYLOAD_TOO_LARGE',
      ],
    ] as const) {
      expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
      expect(res.body).not.toContain('script');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });
});

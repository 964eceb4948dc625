import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hmacHex, PaymentGatewayError } from './payment-gateway';
import { RazorpayGateway } from './razorpay-gateway';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A stand-in for api.razorpay.com answering what `reply` says. */
async function fakeRazorpay(reply: (req: Seen) => { status: number; body?: unknown; hang?: boolean }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body };
      seen.push(request);
      const answer = reply(request);
      if (answer.hang) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const KEYS = { keyId: 'rzp_test_1DP5mmOlF5G5ag', keySecret: 'thisisasecret', webhookSecret: 'webhook-secret', merchantName: 'TractorLink' };

describe('Razorpay gateway', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((c) => c()));
  });

  it('creates an order in paise with basic auth and reads its captured payment', async () => {
    const fake = await fakeRazorpay((req) =>
      req.method === 'POST'
        ? { status: 200, body: { id: 'order_IluGWxBm9U8zJ8', amount: 235882, status: 'created' } }
        : {
            status: 200,
            body: {
              items: [
                { id: 'pay_F', status: 'failed', amount: 235882 },
                { id: 'pay_C', status: 'captured', amount: 235882, currency: 'INR' },
              ],
            },
          },
    );
    closers.push(fake.close);
    const gateway = new RazorpayGateway({ ...KEYS, baseUrl: fake.baseUrl });
    expect(await gateway.createOrder({ amountPaise: 235882, receipt: 'ord_1', notes: { referenceId: 'TLR1' } })).toEqual({
      gatewayOrderId: 'order_IluGWxBm9U8zJ8',
    });
    expect(fake.seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`,
    });
    expect(JSON.parse(fake.seen[0]?.body ?? '')).toEqual({ amount: 235882, currency: 'INR', receipt: 'ord_1', notes: { referenceId: 'TLR1' } });
    expect(await gateway.latestPayment('order_IluGWxBm9U8zJ8')).toEqual({ status: 'captured', paymentId: 'pay_C', amountPaise: 235882, currency: 'INR' });
    expect(fake.seen[1]?.url).toBe('/v1/orders/order_IluGWxBm9U8zJ8/payments');
  });

  it('a 5xx or a gateway that does not answer is a PaymentGatewayError, never a secret in the message', async () => {
    const down = await fakeRazorpay(() => ({ status: 502 }));
    const hung = await fakeRazorpay(() => ({ status: 200, hang: true }));
    closers.push(down.close, hung.close);
    await expect(new RazorpayGateway({ ...KEYS, baseUrl: down.baseUrl }).createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toThrow(
      PaymentGatewayError,
    );
    const error = await new RazorpayGateway({ ...KEYS, baseUrl: hung.baseUrl, timeoutMs: 200 }).latestPayment('order_X').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(String((error as Error).message)).not.toContain(KEYS.keySecret);
  });

  it("verifies the checkout signature and the webhook signature (Razorpay's documented HMAC-SHA256)", () => {
    const gateway = new RazorpayGateway({ ...KEYS, baseUrl: 'http://127.0.0.1:9' });
    const good = hmacHex(KEYS.keySecret, 'order_IluGWxBm9U8zJ8|pay_IH4NVgf4Dreq1l');
    expect(gateway.verifyPaymentSignature('order_IluGWxBm9U8zJ8', 'pay_IH4NVgf4Dreq1l', good)).toBe(true);
    expect(gateway.verifyPaymentSignature('order_IluGWxBm9U8zJ8', 'pay_other', good)).toBe(false);
    expect(gateway.verifyPaymentSignature('order_IluGWxBm9U8zJ8', 'pay_IH4NVgf4Dreq1l', 'short')).toBe(false);
    const body = Buffer.from('{"event":"payment.captured"}');
    expect(gateway.verifyWebhookSignature(body, hmacHex(KEYS.webhookSecret, body))).toBe(true);
    expect(gateway.verifyWebhookSignature(Buffer.from('{"event":"payment.captured" }'), hmacHex(KEYS.webhookSecret, body))).toBe(false);
  });

  it('the checkout page opens Standard Checkout in redirect mode without the key secret', () => {
    const html = new RazorpayGateway({ ...KEYS, baseUrl: 'http://x' }).checkoutPage({
      gatewayOrderId: 'order_1',
      amountPaise: 235882,
      referenceId: 'TLR1',
      description: 'Year pack </script><script>alert(1)</script>',
      callbackUrl: 'https://app.example/api/v1/subscription/payments/callback?orderId=ord_1',
      cancelUrl: 'https://app.example/#/payment-failed',
      nonce: 'n0nce',
    });
    expect(html).toContain('https://checkout.razorpay.com/v1/checkout.js');
    expect(html).toContain('"redirect":true');
    expect(html).toContain(KEYS.keyId);
    expect(html).not.toContain(KEYS.keySecret);
    expect(html).not.toContain('</script><script>alert(1)');
  });
});

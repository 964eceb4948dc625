import { randomBytes } from 'node:crypto';
import {
  type CheckoutInput,
  escapeHtml,
  type GatewayPayment,
  hmacHex,
  type PaymentGateway,
  PaymentGatewayError,
  rupees,
  signatureMatches,
} from './payment-gateway';

interface LocalOrder {
  amountPaise: number;
  receipt: string;
  payments: { id: string; status: 'captured' | 'failed'; amountPaise: number; reason?: string }[];
}

export interface LocalPaymentResult {
  /** The fields the gateway posts to the callback URL, as Razorpay's redirect mode does. */
  callbackFields: Record<string, string>;
  /** The signed webhook event, as Razorpay would send it. */
  webhook: { body: string; signature: string; eventId: string };
}

/**
 * The demo's and the tests' gateway: Razorpay's protocol without Razorpay. Its checkout page (our
 * server serves it) shows the amount with a success and a failure button; paying records a payment
 * here, posts the signed result to the callback URL from the browser, and sends the signed webhook
 * a moment later, exactly as the real gateway does. Orders live in memory: this is not a bank.
 * `failNext` makes the next calls fail, as a gateway that times out or answers 5xx does.
 */
export class LocalPaymentGateway implements PaymentGateway {
  readonly name = 'local';
  readonly checkoutCsp = { scriptSrc: [], frameSrc: [], connectSrc: [], formAction: [] };
  readonly keySecret = randomBytes(24).toString('hex');
  readonly webhookSecret = randomBytes(24).toString('hex');
  private readonly orders = new Map<string, LocalOrder>();
  private failures = 0;

  /** The next `count` gateway calls fail as a timed-out or 5xx gateway's would (tests, chaos drills). */
  failNext(count: number): void {
    this.failures = count;
  }

  private maybeFail(what: string): void {
    if (this.failures <= 0) return;
    this.failures--;
    throw new PaymentGatewayError(`local gateway did not answer ${what}`);
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<{ gatewayOrderId: string }> {
    this.maybeFail('create order');
    const gatewayOrderId = `order_${randomBytes(7).toString('hex')}`;
    this.orders.set(gatewayOrderId, { amountPaise: input.amountPaise, receipt: input.receipt, payments: [] });
    return { gatewayOrderId };
  }

  async latestPayment(gatewayOrderId: string): Promise<GatewayPayment> {
    this.maybeFail('payments of an order');
    const payments = this.orders.get(gatewayOrderId)?.payments ?? [];
    const captured = payments.find((p) => p.status === 'captured');
    if (captured) return { status: 'captured', paymentId: captured.id, amountPaise: captured.amountPaise, currency: 'INR' };
    const failed = payments.at(-1);
    return failed ? { status: 'failed', paymentId: failed.id, reason: failed.reason ?? 'failed' } : { status: 'none' };
  }

  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(hmacHex(this.keySecret, `${gatewayOrderId}|${paymentId}`), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return signatureMatches(hmacHex(this.webhookSecret, rawBody), signature);
  }

  /** The owner pressed a button on the checkout page: the payment, its callback fields and webhook. */
  pay(gatewayOrderId: string, outcome: 'success' | 'failure'): LocalPaymentResult | undefined {
    const order = this.orders.get(gatewayOrderId);
    if (!order) return undefined;
    const paymentId = `pay_${randomBytes(7).toString('hex')}`;
    const captured = outcome === 'success';
    order.payments.push({
      id: paymentId,
      status: captured ? 'captured' : 'failed',
      amountPaise: order.amountPaise,
      reason: captured ? undefined : 'Payment declined by the bank',
    });
    const callbackFields: Record<string, string> = captured
      ? { razorpay_payment_id: paymentId, razorpay_order_id: gatewayOrderId, razorpay_signature: hmacHex(this.keySecret, `${gatewayOrderId}|${paymentId}`) }
      : {
          'error[code]': 'BAD_REQUEST_ERROR',
          'error[description]': 'Payment declined by the bank',
          'error[source]': 'bank',
          'error[reason]': 'payment_failed',
          'error[metadata]': JSON.stringify({ payment_id: paymentId, order_id: gatewayOrderId }),
        };
    const event = captured ? 'payment.captured' : 'payment.failed';
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount: order.amountPaise,
            currency: 'INR',
            status: captured ? 'captured' : 'failed',
            order_id: gatewayOrderId,
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return { callbackFields, webhook: { body, signature: hmacHex(this.webhookSecret, body), eventId: `evt_${randomBytes(7).toString('hex')}` } };
  }

  checkoutPage(input: CheckoutInput): string {
    const action = `/api/v1/subscription/payments/local/${encodeURIComponent(input.gatewayOrderId)}`;
    const hidden = `<input type="hidden" name="callbackUrl" value="${escapeHtml(input.callbackUrl)}">`;
    return page(
      'Local test gateway',
      `<main><h1>Local test gateway</h1>
<p>No money moves: this page stands in for Razorpay in the demo and the tests.</p>
<p class="amount">${escapeHtml(rupees(input.amountPaise))}</p>
<p>${escapeHtml(input.description)} · ${escapeHtml(input.referenceId)}</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="outcome" value="success"><button type="submit">Pay ${escapeHtml(rupees(input.amountPaise))} (success)</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="outcome" value="failure"><button type="submit" class="fail">Fail the payment</button></form>
<p><a href="${escapeHtml(input.cancelUrl)}">Cancel</a></p></main>`,
      input.nonce,
    );
  }
}

/** The page that posts the result to the callback URL from the browser, as the real gateway does. */
export function callbackPostPage(callbackUrl: string, fields: Record<string, string>, nonce: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'Returning to TractorLink',
    `<form id="result" method="post" action="${escapeHtml(callbackUrl)}">${inputs}<button type="submit">Continue</button></form>
<script nonce="${nonce}">document.getElementById('result').submit();</script>`,
    nonce,
  );
}

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font-family:sans-serif;margin:0;padding:16px;max-width:480px}h1{font-size:1.3rem}.amount{font-size:2rem;font-weight:bold}
button{display:block;width:100%;min-height:48px;margin:12px 0;font-size:1rem;border-radius:8px;border:0;background:#1b7f3b;color:#fff}
button.fail{background:#b3261e}a{display:inline-block;min-height:48px;line-height:48px}</style></head><body>${body}</body></html>`;
}

import { type CheckoutInput, type GatewayPayment, hmacHex, type PaymentGateway, PaymentGatewayError, signatureMatches, escapeHtml } from './payment-gateway';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com (tests point it at a local fake). */
  baseUrl: string;
  /** Shown at the top of Razorpay's checkout. */
  merchantName: string;
  timeoutMs?: number;
}

interface RazorpayPayment {
  id: string;
  status: string;
  amount: number;
  currency?: string;
  error_description?: string | null;
}

/**
 * Razorpay: Orders API (POST /v1/orders), Standard Checkout in redirect mode (checkout.js posts
 * the result to our callback URL), payments of an order (GET /v1/orders/{id}/payments) for
 * reconciliation. https://razorpay.com/docs/api/orders/ and /payments/payment-gateway/web-integration/standard/
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay';
  readonly checkoutCsp = {
    scriptSrc: ['https://checkout.razorpay.com'],
    frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
    formAction: ['https://api.razorpay.com'],
  };
  private readonly auth: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: RazorpayOptions) {
    this.auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ gatewayOrderId: string }> {
    const body = await this.call<{ id?: unknown }>('POST', '/v1/orders', {
      amount: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      notes: input.notes,
    });
    if (typeof body.id !== 'string' || !body.id.startsWith('order_')) throw new PaymentGatewayError('Razorpay answered an order without an id');
    return { gatewayOrderId: body.id };
  }

  async latestPayment(gatewayOrderId: string): Promise<GatewayPayment> {
    const body = await this.call<{ items?: RazorpayPayment[] }>('GET', `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`);
    const items = body.items ?? [];
    const captured = items.find((p) => p.status === 'captured');
    if (captured) return { status: 'captured', paymentId: captured.id, amountPaise: captured.amount, currency: captured.currency ?? '' };
    // An authorised payment is still being captured (auto-capture): not yet money we may count.
    if (items.some((p) => p.status === 'authorized' || p.status === 'created')) return { status: 'none' };
    const failed = items.find((p) => p.status === 'failed');
    return failed ? { status: 'failed', paymentId: failed.id, reason: failed.error_description ?? 'failed' } : { status: 'none' };
  }

  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(hmacHex(this.options.keySecret, `${gatewayOrderId}|${paymentId}`), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return signatureMatches(hmacHex(this.options.webhookSecret, rawBody), signature);
  }

  checkoutPage(input: CheckoutInput): string {
    const options = {
      key: this.options.keyId,
      amount: input.amountPaise,
      currency: 'INR',
      order_id: input.gatewayOrderId,
      name: this.options.merchantName,
      description: `${input.description} · ${input.referenceId}`,
      callback_url: input.callbackUrl,
      redirect: true,
    };
    // JSON inside a script: '<' escaped so no value can close the script element.
    const json = JSON.stringify(options).replace(/</g, '\\u003c');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(this.options.merchantName)}</title></head><body>
<p><a href="${escapeHtml(input.cancelUrl)}">Back</a></p>
<script nonce="${input.nonce}" src="https://checkout.razorpay.com/v1/checkout.js"></script>
<script nonce="${input.nonce}">
const options = ${json};
options.modal = { ondismiss: () => location.replace(${JSON.stringify(input.cancelUrl).replace(/</g, '\\u003c')}) };
new Razorpay(options).open();
</script></body></html>`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: { authorization: this.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PaymentGatewayError(`Razorpay did not answer ${method} ${path.split('/').slice(0, 3).join('/')}`, { cause: err });
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PaymentGatewayError(`Razorpay answered ${res.status} to ${method} ${path.split('/').slice(0, 3).join('/')}`);
    }
    try {
      return (await res.json()) as T;
    } catch (err) {
      throw new PaymentGatewayError('Razorpay answered something other than JSON', { cause: err });
    }
  }
}

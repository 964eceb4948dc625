import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A payment gateway (DESIGN §2 providers): Razorpay for real money, a local one for the demo and
 * the tests. Both speak Razorpay's protocol: an order created server-side with the amount, a
 * checkout page the browser opens, a signed callback (POST to our callback URL with
 * razorpay_payment_id, razorpay_order_id, razorpay_signature, or error[…] on failure) and signed
 * webhooks.
 */
export interface PaymentGateway {
  readonly name: 'local' | 'razorpay';
  /** Creates the gateway's order for an amount in paise; throws PaymentGatewayError when it cannot. */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ gatewayOrderId: string }>;
  /** The HTML page the browser opens to pay (served with `checkoutCsp`). */
  checkoutPage(input: CheckoutInput): string;
  /** Extra CSP sources the checkout page needs beyond our own origin. */
  readonly checkoutCsp: { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[]; formAction: string[] };
  /** The callback's signature: HMAC-SHA256(order_id|payment_id) with the key secret. */
  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** A webhook's X-Razorpay-Signature: HMAC-SHA256(raw body) with the webhook secret. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /** What the gateway knows of the order's payments (for orders whose callback never came). */
  latestPayment(gatewayOrderId: string): Promise<GatewayPayment>;
}

export interface CheckoutInput {
  gatewayOrderId: string;
  amountPaise: number;
  referenceId: string;
  description: string;
  /** Absolute URL the gateway posts the result to. */
  callbackUrl: string;
  /** Where the owner goes when they close the checkout without paying. */
  cancelUrl: string;
  /** A CSP nonce for the page's inline script. */
  nonce: string;
}

export type GatewayPayment =
  /** `currency` as the gateway states it ('INR'): a payment in any other is never counted. */
  | { status: 'captured'; paymentId: string; amountPaise: number; currency: string }
  | { status: 'failed'; paymentId: string; reason: string }
  | { status: 'none' };

/** The gateway refused, timed out or answered 5xx. The message never carries a secret. */
export class PaymentGatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentGatewayError';
  }
}

/** Hex HMAC-SHA256. */
export const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest('hex');

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(receivedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(receivedHex, 'hex'));
}

/** Indian rupees for a page: ₹2,358.82. */
export const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

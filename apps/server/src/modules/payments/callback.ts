import type { PaymentGateway } from '../../providers/payments/payment-gateway';

export type CallbackResult =
  /** Signed by the gateway for this order: the payment is genuine (and of the order's amount, which the gateway fixed). */
  | { kind: 'paid'; paymentId: string }
  /** Carries a payment but not the gateway's signature for this order: nothing is settled. */
  | { kind: 'forged' }
  /** The gateway reported a failure (unsigned by nature: it may only ever mark a pending payment failed). */
  | { kind: 'failed'; reason: string };

/** Reads the fields the gateway's checkout posts back (Razorpay's redirect mode) for one gateway order. */
export function readCallback(gateway: PaymentGateway, gatewayOrderId: string, fields: Record<string, string>): CallbackResult {
  const paymentId = fields.razorpay_payment_id;
  const signature = fields.razorpay_signature;
  if (paymentId && signature) {
    const genuine = fields.razorpay_order_id === gatewayOrderId && gateway.verifyPaymentSignature(gatewayOrderId, paymentId, signature);
    return genuine ? { kind: 'paid', paymentId } : { kind: 'forged' };
  }
  return { kind: 'failed', reason: (fields['error[description]'] ?? 'payment failed').slice(0, 200) };
}

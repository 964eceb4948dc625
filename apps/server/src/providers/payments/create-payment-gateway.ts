import type { Config } from '../../config';
import { LocalPaymentGateway } from './local-gateway';
import type { PaymentGateway } from './payment-gateway';
import { RazorpayGateway } from './razorpay-gateway';

export function createPaymentGateway(config: Config['payments']): PaymentGateway {
  if (config.gateway.provider === 'razorpay') {
    const { keyId, keySecret, webhookSecret, baseUrl } = config.gateway;
    return new RazorpayGateway({ keyId, keySecret, webhookSecret, baseUrl, merchantName: config.supplier.name });
  }
  return new LocalPaymentGateway();
}

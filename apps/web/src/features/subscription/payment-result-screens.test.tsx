import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { OrderView } from '@tractorlink/domain/subscription-api';
import { paths } from '../../config/paths';
import { loadSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { fakeApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { PaymentFailedScreen, PaymentSuccessScreen } from './payment-result-screens';

/** Spec §8 'payment processed or not processed' and 'transaction failed', each where the order stands so. */
const ORDER = 'ord_0123456789abcdef01234567';
const order = (status: OrderView['status']): OrderView => ({
  orderId: ORDER,
  referenceId: 'TLR0A1B2C3D4E',
  pack: 'year',
  status,
  unconfirmed: status === 'pending',
  items: [{ vin: 'MBNTL45DEM0000001', regNo: 'MH12AB1000', Veh_Name: 'Kisan 475', basicPaise: 199_900, validFrom: null, validTill: null }],
  basicPaise: 199_900,
  cgstPaise: 17_991,
  sgstPaise: 17_991,
  igstPaise: 0,
  totalPaise: 235_882,
  transactionId: status === 'paid' ? 'pay_NbE2xZ8kLqzj9Tq4' : null,
  createdAt: 1_795_000_000,
  paidAt: status === 'paid' ? 1_795_000_100 : null,
  invoiceNumber: null,
  checkoutUrl: null,
});

englishBeforeAll(loadSubscriptionTexts);
afterEach(() => vi.unstubAllGlobals());

describe('the payment result', () => {
  it("a payment not confirmed yet says 'Payment processed or not processed' with its reference id, and success once paid", async () => {
    let status: OrderView['status'] = 'pending';
    fakeApi(() => Response.json(order(status)));
    renderWithProviders(<PaymentSuccessScreen />, { url: `/payment-success?orderId=${ORDER}`, path: paths.paymentSuccess.path });
    expect(await screen.findByRole('heading', { name: 'Payment processed or not processed: we are checking' })).toBeTruthy();
    expect(screen.getByText('TLR0A1B2C3D4E')).toBeTruthy();
    status = 'paid';
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeTruthy();
    expect(screen.queryByText('Payment processed or not processed: we are checking')).toBeNull();
  });

  it('an order the gateway refused, come back to payment-success, goes to payment-failed', async () => {
    fakeApi(() => Response.json(order('failed')));
    renderWithProviders(<PaymentSuccessScreen />, { url: `/payment-success?orderId=${ORDER}`, path: paths.paymentSuccess.path });
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(`${paths.paymentFailed.getHref()}?orderId=${ORDER}`);
  });

  it("payment-failed says 'Transaction failed' with the reference id and a way to try again", async () => {
    fakeApi(() => Response.json(order('failed')));
    renderWithProviders(<PaymentFailedScreen />, { url: `/payment-failed?orderId=${ORDER}`, path: paths.paymentFailed.path });
    expect(screen.getByRole('heading', { name: 'Transaction failed' })).toBeTruthy();
    expect(await screen.findByText('TLR0A1B2C3D4E')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try the payment again' }).getAttribute('href')).toBe(paths.renewal.getHref());
  });
});

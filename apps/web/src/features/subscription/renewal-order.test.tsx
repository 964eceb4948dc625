import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Scheme } from '@tractorlink/domain/subscription-api';
import { loadSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { RenewalScreen } from './renewal-screen';

const tractor: TractorRef = { vin: 'MBNAAHTR1NL000001', regNo: 'MH15AB0001', Veh_Name: 'Arjun', expiresOn: 1_900_000_000, subscriptionPack: 'year' };
const scheme: Scheme = {
  vin: tractor.vin,
  regNo: tractor.regNo,
  Veh_Name: tractor.Veh_Name,
  expiresOn: 1_900_000_000,
  pack: 'year',
  state: 'valid',
  daysLeft: 40,
  packs: [
    { pack: 'month', days: 30, basicPaise: 19_900 },
    { pack: 'year', days: 365, basicPaise: 199_900 },
  ],
};

/** The Idempotency-Key of every order the screen sent. */
function renderRenewal() {
  const orderKeys: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('subscription/Scheme/GetScheme')) return Response.json({ result: [scheme] });
      if (url.endsWith('subscription/orders')) {
        orderKeys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
        // The request left, its answer never came back (the phone lost signal).
        throw new TypeError('Failed to fetch');
      }
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  renderWithProviders(<RenewalScreen />, { tractors: [tractor] });
  return orderKeys;
}

englishBeforeAll(loadTractorTexts, loadSubscriptionTexts);

afterEach(() => vi.unstubAllGlobals());

describe('placing a renewal order (money audit: paying twice for one tractor)', () => {
  it('sends each try of one choice with the same Idempotency-Key, so the server makes one order; another pack is another key', async () => {
    const orderKeys = renderRenewal();
    await screen.findByRole('button', { name: 'Continue to payment' });
    // Looked up each time: the screen may draw the button anew.
    const continueButton = () => screen.getByRole('button', { name: 'Continue to payment' });
    await waitFor(() => expect((continueButton() as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(continueButton());
    await waitFor(() => expect(orderKeys.length).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect((continueButton() as HTMLButtonElement).disabled).toBe(false));
    const afterFirst = orderKeys.length;
    // The owner sees the error and taps again.
    fireEvent.click(continueButton());
    await waitFor(() => expect(orderKeys.length).toBeGreaterThan(afterFirst));
    await waitFor(() => expect((continueButton() as HTMLButtonElement).disabled).toBe(false));

    const [first] = orderKeys;
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(new Set(orderKeys)).toEqual(new Set([first]));

    fireEvent.click(screen.getByRole('radio', { name: /Month pack/ }));
    const sent = orderKeys.length;
    fireEvent.click(continueButton());
    await waitFor(() => expect(orderKeys.length).toBeGreaterThan(sent));
    expect(orderKeys.at(-1)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(orderKeys.at(-1)).not.toBe(first);
  });
});

describe('what the renewal costs, in words', () => {
  it('counts one tractor in the singular ("1 tractor", not "1 tractor(s)") and names the pack\'s days', async () => {
    renderRenewal();
    const estimate = await waitFor(() => {
      const p = document.querySelector('.renewal-estimate');
      if (!p) throw new Error('no estimate yet');
      return p;
    });
    expect(estimate.textContent).toMatch(/^Basic charges for 1 tractor: ₹1,999(\.00)? \+ GST$/);
    expect(screen.getByRole('radio', { name: /Year pack/ }).closest('label')?.textContent).toMatch(/\+ GST per tractor, for 365 days$/);
  });
});

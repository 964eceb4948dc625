import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { InvoiceView } from '@tractorlink/domain/subscription-api';
import { paths } from '../../config/paths';
import { changeAppLanguage } from '../../lib/i18n';
import { loadSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { InvoiceScreen } from './invoice-screen';

const ORDER = 'ord_0123456789abcdef01234567';
/** What the server answers to ?language=hi: the invoice as issued, the amount in words in Hindi. */
const HINDI_WORDS = 'रुपये दो हज़ार तीन सौ अट्ठावन और बयासी पैसे मात्र';
const invoice: InvoiceView = {
  number: 'TL/26-27/000001',
  issuedAt: 1_795_000_000,
  orderId: ORDER,
  referenceId: 'TLR0A1B2C3D4E',
  transactionId: 'pay_NbE2xZ8kLqzj9Tq4',
  supplier: { name: 'TractorLink Technologies Pvt Ltd', address: 'Plot 12, MIDC Bhosari, Pune 411026', gstin: '27AABCT1234F1Z5', state: 'Maharashtra' },
  recipient: { name: 'Ramesh Patil', mobile: '9876543210', address: 'At post Wadgaon, Haveli, Pune 412110', state: 'Maharashtra' },
  placeOfSupply: 'Maharashtra (27)',
  sac: '998319',
  serviceDescription: 'Tractor telematics subscription',
  pack: 'year',
  lines: [{ vin: 'MBNTL45DEM0000001', regNo: 'MH12AB1000', validFrom: 1_795_000_000, validTill: 1_826_536_000, taxablePaise: 199_900 }],
  taxablePaise: 199_900,
  cgstPaise: 17_991,
  sgstPaise: 17_991,
  igstPaise: 0,
  totalPaise: 235_882,
  totalInWords: HINDI_WORDS,
};

/** The invoice screen at its route, as the order's invoice link opens it. */
const renderInvoice = () => renderWithProviders(<InvoiceScreen />, { url: `/invoice/${ORDER}`, path: paths.invoice.path });

englishBeforeAll();

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeAppLanguage('en');
});

describe('the invoice screen', () => {
  it("asks for the invoice in the screen's language and shows the server's amount in words", async () => {
    await changeAppLanguage('hi');
    await loadSubscriptionTexts('hi');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(invoice), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderInvoice();
    expect(await screen.findByText(`शब्दों में राशि: ${HINDI_WORDS}`)).toBeTruthy();
    const urls = fetchMock.mock.calls.map((call: unknown[]) => String(call[0] instanceof Request ? call[0].url : call[0]));
    expect(
      urls.some((url) => url.includes(`subscription/invoices/${ORDER}?language=hi`)),
      urls.join(', '),
    ).toBe(true);
  });

  it.each([
    ['ta', 'டிராக்டர் டெலிமேட்டிக்ஸ் சந்தா'],
    ['hi', 'ट्रैक्टर टेलीमैटिक्स सदस्यता'],
    ['en', 'Tractor telematics subscription'],
  ] as const)("writes the default service line in the reader's language (%s); a provider's own text as issued", async (lang, words) => {
    await changeAppLanguage(lang);
    await loadSubscriptionTexts(lang);
    const serve = (served: InvoiceView) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Response.json(served)),
      );
      return renderInvoice();
    };
    const shown = serve(invoice);
    const line = await screen.findByText((_, el) => el?.tagName === 'LI' && (el.textContent ?? '').includes('MH12AB1000'));
    expect(line.textContent?.startsWith(words)).toBe(true);
    if (lang !== 'en') expect(line.textContent).not.toContain('telematics');
    shown.unmount();
    serve({ ...invoice, serviceDescription: 'GPS tracking service' });
    const own = await screen.findByText((_, el) => el?.tagName === 'LI' && (el.textContent ?? '').includes('MH12AB1000'));
    expect(own.textContent?.startsWith('GPS tracking service')).toBe(true);
  });
});

describe('an invoice not issued yet (spec §8 "invoice is being processed")', () => {
  it('says so, with Try again, and shows the invoice once it is issued', async () => {
    await loadSubscriptionTexts('en');
    let issued = false;
    const fetchMock = vi.fn(async () =>
      issued ? Response.json(invoice) : Response.json({ error: { code: 'INVOICE_PROCESSING', message: 'The invoice is being processed' } }, { status: 409 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderInvoice();
    expect(await screen.findByText('Invoice is being processed')).toBeTruthy();
    // A 409 is an answer, not a failure: asked once, not sent again.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Tax invoice' })).toBeNull();
    issued = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(invoice.number)).toBeTruthy();
    expect(screen.queryByText('Invoice is being processed')).toBeNull();
  });
});

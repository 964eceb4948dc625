// Budget "an invoice PDF renders in ≤ 300 ms on the server" (issue 13). Renders the stored invoice
// of a two-tractor order for an owner with a Hindi name, labelled in Hindi and in Tamil (the fonts
// with the most shaping work), as the invoice route does, on the PDF thread: the first render
// (the bundle's thread, as `npm start` runs it, started and its fonts loaded and their layout tables
// decoded on first use), then 30 more. Baselines: the same document in English with a Latin name, and the Hindi one
// rendered on this thread (what the route did before the PDF thread). Prints one JSON line.
//   node --import tsx apps/server/bench/subscription/invoice-pdf.ts
import type { InvoiceView } from '@tractorlink/domain/subscription-api';
import { amountInWords } from '@tractorlink/domain/amount-words';
import { invoicePdf as inlinePdf } from '../../src/modules/subscription/invoice-document';
import { InvoicePdfThread } from '../../src/modules/subscription/invoice-pdf-thread';

const invoice = (name: string): InvoiceView => ({
  number: 'TL/26-27/000042',
  issuedAt: 1_795_000_000,
  orderId: 'ord_0123456789abcdef01234567',
  referenceId: 'TLR0A1B2C3D4E',
  transactionId: 'pay_29QQoUBi66xm2f',
  supplier: { name: 'TractorLink Telematics Pvt Ltd', address: 'Plot 12, MIDC Ambad, Nashik 422010', gstin: '27AAFCT1234K1Z5', state: 'Maharashtra' },
  recipient: { name, mobile: '9876543210', address: 'At post Pimpalgaon Baswant, Niphad, 422209', state: 'Maharashtra' },
  placeOfSupply: 'Maharashtra (27)',
  sac: '998319',
  serviceDescription: 'Tractor telematics subscription',
  pack: 'year',
  lines: [
    { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', validFrom: 1_795_000_000, validTill: 1_826_536_000, taxablePaise: 199_900 },
    { vin: 'MBNTL57DEM0000002', regNo: 'MH15EX5702', validFrom: 1_795_000_000, validTill: 1_826_536_000, taxablePaise: 199_900 },
  ],
  taxablePaise: 399_800,
  cgstPaise: 35_982,
  sgstPaise: 35_982,
  igstPaise: 0,
  totalPaise: 471_764,
  totalInWords: amountInWords(471_764, 'en'),
});

async function timed(render: () => Promise<Buffer>): Promise<number> {
  const t0 = performance.now();
  await render();
  return performance.now() - t0;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const round = (v: number) => Math.round(v * 10) / 10;

const thread = new InvoicePdfThread({ bundle: true });
const invoicePdf = thread.render;
const hindiName = invoice('रमेश पाटील');
const firstMs = await timed(() => invoicePdf(hindiName, 'hi'));
const hindi: number[] = [];
const tamil: number[] = [];
const english: number[] = [];
for (let i = 0; i < 30; i++) {
  hindi.push(await timed(() => invoicePdf(hindiName, 'hi')));
  tamil.push(await timed(() => invoicePdf(invoice('முருகன் செல்வம்'), 'ta')));
  english.push(await timed(() => invoicePdf(invoice('Ramesh Patil'), 'en')));
}
const bytes = (await invoicePdf(hindiName, 'hi')).length;
await thread.close();
await inlinePdf(hindiName, 'hi');
const inline: number[] = [];
for (let i = 0; i < 30; i++) inline.push(await timed(() => inlinePdf(hindiName, 'hi')));
console.log(
  JSON.stringify({
    firstMs: round(firstMs),
    hindi: { p50Ms: round(quantile(hindi, 0.5)), p95Ms: round(quantile(hindi, 0.95)), maxMs: round(Math.max(...hindi)) },
    tamil: { p50Ms: round(quantile(tamil, 0.5)), p95Ms: round(quantile(tamil, 0.95)), maxMs: round(Math.max(...tamil)) },
    english: { p50Ms: round(quantile(english, 0.5)), p95Ms: round(quantile(english, 0.95)) },
    inlineHindi: { p50Ms: round(quantile(inline, 0.5)), p95Ms: round(quantile(inline, 0.95)) },
    bytes,
  }),
);

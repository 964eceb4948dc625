import PDFDocument from 'pdfkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoiceLanguage, InvoicePdfInput } from './invoice-pdf';
import { classify, fontName, loadFont, splitFontRuns, splitScriptRuns } from './pdf-fonts';
import { storedInvoice } from './stored-invoice.fixture';

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const EN: InvoicePdfInput['labels'] = {
  title: 'Tax invoice',
  invoiceNo: 'Invoice number',
  date: 'Invoice date',
  supplier: 'Supplier',
  gstin: 'GSTIN',
  recipient: 'Billed to',
  state: 'State',
  placeOfSupply: 'Place of supply',
  description: 'Description',
  sac: 'SAC',
  period: 'Period',
  taxableValue: 'Taxable value',
  total: 'Total',
  totalInWords: 'Amount in words',
  referenceId: 'Reference id',
  transactionId: 'Transaction id',
  nonRefundable: 'Fees are in Indian Rupees and non-refundable.',
};

const TA: InvoicePdfInput['labels'] = {
  title: 'வரி விலைப்பட்டியல்',
  invoiceNo: 'விலைப்பட்டியல் எண்',
  date: 'விலைப்பட்டியல் தேதி',
  supplier: 'வழங்குநர்',
  gstin: 'GSTIN',
  recipient: 'பெறுநர்',
  state: 'மாநிலம்',
  placeOfSupply: 'வழங்கல் இடம்',
  description: 'விவரம்',
  sac: 'SAC',
  period: 'காலம்',
  taxableValue: 'வரிக்குட்பட்ட மதிப்பு',
  total: 'மொத்தம்',
  totalInWords: 'சொற்களில் தொகை',
  referenceId: 'குறிப்பு எண்',
  transactionId: 'பரிவர்த்தனை எண்',
  nonRefundable: 'கட்டணங்கள் இந்திய ரூபாயில் உள்ளன, திருப்பித் தரப்படாது.',
};

const GSTIN = '27AABCT1234F1Z5';

function invoice(overrides: Partial<InvoicePdfInput> & { recipientName?: string } = {}): InvoicePdfInput {
  const { recipientName = 'Ramesh Patil', ...rest } = overrides;
  return {
    language: 'en',
    labels: EN,
    number: 'TL/26-27/000001',
    date: '24 Nov 2026',
    supplier: { name: 'TractorLink Technologies Pvt Ltd', address: 'Plot 12, MIDC Bhosari, Pune 411026', gstin: GSTIN, state: 'Maharashtra (27)' },
    recipient: { name: recipientName, mobile: '+91 98765 43210', state: 'Maharashtra (27)', address: 'At post Wadgaon, Haveli, Pune 412110' },
    placeOfSupply: 'Maharashtra (27)',
    referenceId: 'ref_8f3a2c91d4',
    transactionId: 'pay_NbE2xZ8kLqzj9Tq4',
    lines: [{ description: 'TractorLink subscription, MH12AB1000', sac: '998319', period: '24 Nov 2026 – 23 Nov 2027', taxable: '₹1,999.00' }],
    taxes: [
      { label: 'CGST 9%', amount: '₹179.91' },
      { label: 'SGST 9%', amount: '₹179.91' },
    ],
    taxableTotal: '₹1,999.00',
    total: '₹2,358.82',
    totalInWords: 'Rupees Two Thousand Three Hundred Fifty-Eight and Eighty-Two Paise Only',
    ...rest,
  };
}

// ---------------------------------------------------------------------------------------------
// Text extraction (pdf.js reads the fonts' ToUnicode maps, as a viewer's search and copy do)
// ---------------------------------------------------------------------------------------------

interface Extracted {
  /** All text, whitespace collapsed to single spaces. */
  text: string;
  items: TextItem[];
  title: unknown;
}

async function extract(pdf: Buffer): Promise<Extracted> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const items: TextItem[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) items.push(item);
    }
    const { info } = await doc.getMetadata();
    const text = items
      .map((i) => i.str)
      .join(' ')
      .replace(/\s+/g, ' ');
    return { text, items, title: (info as { Title?: unknown }).Title };
  } finally {
    await doc.destroy();
  }
}

/** Without any whitespace: pdf.js inserts spaces where shaping moved glyphs apart. */
const compact = (s: string) => s.replace(/\s+/g, '');

/**
 * The ToUnicode map gives each glyph's characters in the order the glyphs are drawn, so a vowel sign
 * drawn before its consonant (Devanagari ि, Gurmukhi ਿ, Tamil ெ ே ை) comes out first. Move such a
 * sign back behind its consonant (cluster) to compare with text in logical order.
 */
function logicalOrder(s: string): string {
  return s
    .replace(/(\u093F)((?:[\u0915-\u0939\u0958-\u095F]\u093C?\u094D)*[\u0915-\u0939\u0958-\u095F]\u093C?)/g, '$2$1')
    .replace(/(\u0A3F)((?:[\u0A15-\u0A39\u0A59-\u0A5E]\u0A3C?\u0A4D)*[\u0A15-\u0A39\u0A59-\u0A5E]\u0A3C?)/g, '$2$1')
    .replace(/([\u0BC6-\u0BC8])((?:[\u0B95-\u0BB9]\u0BCD)*[\u0B95-\u0BB9])/g, '$2$1')
    .normalize('NFC');
}

function expectTextContains(extracted: Extracted, expected: string): void {
  expect(compact(logicalOrder(extracted.text))).toContain(compact(expected.normalize('NFC')));
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('script runs', () => {
  const runs = (text: string) => splitScriptRuns(text).map((r) => [r.script, r.text]);

  it('keeps a Hindi phrase, its spaces and punctuation in one Devanagari run', () => {
    expect(runs('रमेश पाटील')).toEqual([['devanagari', 'रमेश पाटील']]);
    expect(runs('रमेश, पाटील।')).toEqual([['devanagari', 'रमेश, पाटील।']]);
  });

  it('splits Latin and Devanagari, giving the spaces between them to Latin', () => {
    expect(runs('Ramesh रमेश Patil')).toEqual([
      ['latin', 'Ramesh '],
      ['devanagari', 'रमेश'],
      ['latin', ' Patil'],
    ]);
    expect(runs('(रमेश)')).toEqual([
      ['latin', '('],
      ['devanagari', 'रमेश'],
      ['latin', ')'],
    ]);
  });

  it('draws ASCII digits inside Hindi in Latin', () => {
    expect(runs('कुल 5 ट्रैक्टर')).toEqual([
      ['devanagari', 'कुल'],
      ['latin', ' 5 '],
      ['devanagari', 'ट्रैक्टर'],
    ]);
    // Devanagari digits are Devanagari.
    expect(runs('कुल ५ ट्रैक्टर')).toEqual([['devanagari', 'कुल ५ ट्रैक्टर']]);
  });

  it('puts ₹ and the dandas in the Devanagari font', () => {
    expect(classify(0x20b9)).toBe('devanagari');
    expect(classify(0x0964)).toBe('devanagari');
    expect(runs('₹1,999.00')).toEqual([
      ['devanagari', '₹'],
      ['latin', '1,999.00'],
    ]);
    expect(splitFontRuns('Total ₹2,358.82')).toEqual([
      { face: 'latin', text: 'Total ' },
      { face: 'devanagari', text: '₹' },
      { face: 'latin', text: '2,358.82' },
    ]);
  });

  it('keeps ZWJ, ZWNJ and combining marks in the run they are in', () => {
    expect(runs('क्\u200Dष')).toEqual([['devanagari', 'क्\u200Dष']]);
    expect(runs('क्\u200C')).toEqual([['devanagari', 'क्\u200C']]);
    expect(runs('क्\u200DA')).toEqual([
      ['devanagari', 'क्\u200D'],
      ['latin', 'A'],
    ]);
    expect(runs('Re\u0301sume\u0301 क\u0951')).toEqual([
      ['latin', 'Re\u0301sume\u0301 '],
      ['devanagari', 'क\u0951'],
    ]);
    expect(splitFontRuns('क्\u200Dष')).toEqual([{ face: 'devanagari', text: 'क्\u200Dष' }]);
  });

  it('recognises Gurmukhi, Gujarati, Tamil and Telugu', () => {
    expect(runs('ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ')).toEqual([['gurmukhi', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ']]);
    expect(runs('ભાવેશ પટેલ')).toEqual([['gujarati', 'ભાવેશ પટેલ']]);
    expect(runs('முருகன் செல்வம்')).toEqual([['tamil', 'முருகன் செல்வம்']]);
    expect(runs('సాయి కిరణ్ (Hyd)')).toEqual([
      ['telugu', 'సాయి కిరణ్'],
      ['latin', ' (Hyd)'],
    ]);
    expect(runs('रमेश முருகன்')).toEqual([
      ['devanagari', 'रमेश'],
      ['latin', ' '],
      ['tamil', 'முருகன்'],
    ]);
  });

  it('moves characters a script font lacks (a comma between Hindi words) to the Latin font', () => {
    expect(splitFontRuns('रमेश, पाटील')).toEqual([
      { face: 'devanagari', text: 'रमेश' },
      { face: 'latin', text: ',' },
      { face: 'devanagari', text: ' पाटील' },
    ]);
    expect(splitFontRuns('Śrī')).toEqual([
      { face: 'latin-ext', text: 'Ś' },
      { face: 'latin', text: 'r' },
      { face: 'latin-ext', text: 'ī' },
    ]);
  });

  it('never loses or reorders characters', () => {
    for (const s of ['', ' ', 'मु. पो. वडगाव, ता. हवेली 412110', 'ਸਿੰਘ ₹5 ٹ', '  किसान — farmer  ', 'ક્ષ\u200D।']) {
      expect(
        splitScriptRuns(s)
          .map((r) => r.text)
          .join(''),
      ).toBe(s);
      expect(
        splitFontRuns(s)
          .map((r) => r.text)
          .join(''),
      ).toBe(s);
    }
  });
});

describe('renderInvoicePdf', () => {
  it('renders a Hindi name with English labels as searchable Devanagari text', async () => {
    const pdf = await renderInvoicePdf(invoice({ recipientName: 'रमेश पाटील' }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const extracted = await extract(pdf);
    // Neither word has a vowel sign drawn before its consonant, so the raw text is in logical order.
    expect(extracted.text).toContain('रमेश');
    expect(extracted.text).toContain('पाटील');
    expectTextContains(extracted, 'रमेश पाटील');
    expect(extracted.text).toContain('TL/26-27/000001');
    expect(extracted.text).toContain(GSTIN);
    expect(extracted.text).toContain('CGST 9%');
    expectTextContains(extracted, '₹2,358.82');
    expect(extracted.title).toBe('Tax invoice TL/26-27/000001');
  });

  it('renders Tamil labels and a Tamil name', async () => {
    const pdf = await renderInvoicePdf(invoice({ language: 'ta', labels: TA, recipientName: 'முருகன் செல்வம்' }));
    const extracted = await extract(pdf);
    expect(extracted.text).toContain('முருகன்');
    // செ is drawn as ெ then ச: compare in logical order.
    expectTextContains(extracted, 'முருகன் செல்வம்');
    for (const label of [TA.title, TA.total, TA.recipient, TA.taxableValue, TA.nonRefundable]) expectTextContains(extracted, label);
    expect(extracted.text).toContain('TL/26-27/000001');
    expect(extracted.text).toContain(GSTIN);
    expect(extracted.text).toContain('CGST 9%');
    expectTextContains(extracted, '₹2,358.82');
    expect(extracted.title).toBe(`${TA.title} TL/26-27/000001`);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil-(Regular|Bold)/);
  });

  it.each<[InvoiceLanguage, string]>([
    ['te', 'సాయి కిరణ్'],
    ['pa', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ'],
    ['gu', 'ભાવેશ પટેલ'],
    ['mr', 'सुनील जाधव'],
  ])('renders a name in the script of %s', async (language, name) => {
    const pdf = await renderInvoicePdf(
      invoice({ language, recipientName: name, recipient: { name, mobile: '+91 90000 00000', state: name, address: `${name}, 411001` } }),
    );
    expectTextContains(await extract(pdf), name);
  });

  it('embeds subsets of the Noto fonts it uses', async () => {
    const pdf = (await renderInvoicePdf(invoice({ recipientName: 'रमेश पाटील' }))).toString('latin1');
    expect(pdf).toContain('/FontFile2');
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-(Regular|Bold)/);
    expect(pdf).toContain('/ToUnicode');
    // Fonts with no text in them are not embedded, nor is PDFKit's default Helvetica.
    expect(pdf).not.toContain('NotoSansTamil');
    expect(pdf).not.toContain('Helvetica');
  });

  it('keeps long values inside the page and right-aligns money', async () => {
    const longId = 'pay_'.padEnd(120, 'x7Q');
    const pdf = await renderInvoicePdf(
      invoice({
        transactionId: longId,
        recipientName: 'रमेश '.repeat(30),
        lines: [
          { description: 'ட்ராக்டர் சந்தா '.repeat(12), sac: '998319', period: '24 Nov 2026 – 23 Nov 2027', taxable: '₹1,999.00' },
          { description: 'x', sac: '998319', period: 'p', taxable: '₹99,99,99,99,99,999.00' },
        ],
        total: '₹99,99,99,99,99,99,999.00',
      }),
    );
    const { items, text } = await extract(pdf);
    const left = 40;
    const right = 595.28 - 40;
    for (const item of items) {
      const x = item.transform[4] as number;
      expect(x, item.str).toBeGreaterThanOrEqual(left - 0.5);
      expect(x + item.width, item.str).toBeLessThanOrEqual(right + 0.5);
    }
    expect(compact(text)).toContain(longId);
    // The taxable value column ends 5 pt (its padding) inside the right margin.
    const money = items.find((i) => i.str.includes('1,999.00'));
    expect(money).toBeDefined();
    expect((money?.transform[4] as number) + (money?.width ?? 0)).toBeCloseTo(right - 5, 0);
  });

  it('spills long invoices onto more pages', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      description: `ट्रैक्टर MH12AB${1000 + i}`,
      sac: '998319',
      period: 'Nov 2026 – Nov 2027',
      taxable: '₹1,999.00',
    }));
    const pdf = await renderInvoicePdf(invoice({ lines }));
    const extracted = await extract(pdf);
    expect(extracted.text).toContain('MH12AB1000');
    expect(extracted.text).toContain('MH12AB1044');
    expect(extracted.text).toContain(EN.nonRefundable);
    const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    expect(doc.numPages).toBeGreaterThan(1);
    await doc.destroy();
  });
});

describe("invoicePdf (the stored invoice, in the reader's language)", () => {
  const stored = storedInvoice;

  it('gives the amount in words in Hindi on a Hindi invoice', async () => {
    const extracted = await extract(await invoicePdf(stored, 'hi'));
    expectTextContains(extracted, 'रुपये दो हज़ार तीन सौ अट्ठावन और बयासी पैसे मात्र');
    expect(extracted.text).not.toContain('Rupees');
  });

  it('gives the amount in words in Tamil on a Tamil invoice', async () => {
    const extracted = await extract(await invoicePdf(stored, 'ta'));
    expectTextContains(extracted, 'ரூபாய் இரண்டாயிரத்து முந்நூற்று ஐம்பத்தெட்டு மற்றும் எண்பத்திரண்டு பைசா மட்டும்');
    expect(extracted.text).not.toContain('Rupees');
  });

  it('keeps the English words on an English invoice', async () => {
    expect((await extract(await invoicePdf(stored, 'en'))).text).toContain(stored.totalInWords);
  });

  it("writes the default service line in the reader's language, and a provider's own text as issued", async () => {
    const hindi = await extract(await invoicePdf(stored, 'hi'));
    expectTextContains(hindi, 'ट्रैक्टर टेलीमैटिक्स सदस्यता');
    expect(hindi.text).not.toContain('telematics');
    const tamil = await extract(await invoicePdf(stored, 'ta'));
    expectTextContains(tamil, 'டிராக்டர் டெலிமேட்டிக்ஸ் சந்தா');
    expect(tamil.text).not.toContain('telematics');
    expect((await extract(await invoicePdf(stored, 'en'))).text).toContain('Tractor telematics subscription');
    const own = { ...stored, serviceDescription: 'GPS tracking service' };
    expect((await extract(await invoicePdf(own, 'hi'))).text).toContain('GPS tracking service');
  });
});

describe('the extraction check itself', () => {
  async function pdfWith(font: (doc: PDFKit.PDFDocument) => void, text: string): Promise<Buffer> {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    font(doc);
    doc.text(text, 50, 50);
    doc.end();
    return done;
  }

  it('finds no Devanagari when Hindi is drawn with a font that lacks its glyphs', async () => {
    const helvetica = await extract(await pdfWith((doc) => doc.font('Helvetica'), 'रमेश पाटील'));
    expect(helvetica.text).not.toContain('रमेश');
    const latinNoto = await extract(await pdfWith((doc) => doc.registerFont('latin', loadFont('latin') as unknown as Buffer).font('latin'), 'रमेश पाटील'));
    expect(compact(latinNoto.text)).not.toContain('रमेश');
    // …and finds it when drawn with the Devanagari face.
    const devanagari = await extract(
      await pdfWith((doc) => doc.registerFont(fontName('devanagari'), loadFont('devanagari') as unknown as Buffer).font(fontName('devanagari')), 'रमेश पाटील'),
    );
    expect(devanagari.text).toContain('रमेश पाटील');
  });
});

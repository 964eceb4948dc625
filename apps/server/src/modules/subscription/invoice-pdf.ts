// GST tax invoice as a PDF (A4), for tractor owners in any of the app's languages. Every string is
// drawn run by run with an embedded Noto face for its script (see pdf-fonts.ts), so Hindi, Marathi,
// Punjabi, Gujarati, Tamil and Telugu text is shaped by fontkit and can be searched and copied.
import PDFDocument from 'pdfkit';
import { ALL_FACES, WEIGHTS, fontName, fontRunsOf, loadFont, runWidth } from './pdf-fonts';
import type { Weight } from './pdf-fonts';

/** Optional: call once at start-up so the first invoice does not pay for decoding the fonts' tables. */
export { warmUpPdfFonts as warmUpInvoicePdf } from './pdf-fonts';

export type InvoiceLanguage = 'en' | 'hi' | 'mr' | 'pa' | 'gu' | 'ta' | 'te';

export interface InvoicePdfInput {
  language: InvoiceLanguage;
  /** Every label already translated into the owner's language. */
  labels: {
    title: string; // "Tax invoice"
    invoiceNo: string; // "Invoice number"
    date: string; // "Invoice date"
    supplier: string; // "Supplier"
    gstin: string; // "GSTIN"
    recipient: string; // "Billed to"
    state: string; // "State"
    placeOfSupply: string; // "Place of supply"
    description: string; // "Description"
    sac: string; // "SAC"
    period: string; // "Period"
    taxableValue: string; // "Taxable value"
    total: string; // "Total"
    totalInWords: string; // "Amount in words"
    referenceId: string; // "Reference id"
    transactionId: string; // "Transaction id"
    nonRefundable: string; // "Fees are in Indian Rupees and non-refundable."
  };
  number: string; // e.g. "TL/26-27/000001"
  date: string; // already formatted, e.g. "24 Nov 2026"
  supplier: { name: string; address: string; gstin: string; state: string };
  recipient: { name: string; mobile: string; state: string; address: string };
  placeOfSupply: string; // e.g. "Maharashtra (27)"
  referenceId: string;
  transactionId: string;
  /** One per tractor; money pre-formatted like "₹1,999.00". */
  lines: { description: string; sac: string; period: string; taxable: string }[];
  /** e.g. CGST 9% and SGST 9%, or one IGST 18% row. */
  taxes: { label: string; amount: string }[];
  taxableTotal: string;
  total: string;
  /** "Rupees Two Thousand … Only" */
  totalInWords: string;
}

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const PAGE_BOTTOM = PAGE_HEIGHT - MARGIN;

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#bbbbbb';
const SHADE = '#eeeeee';

interface Style {
  size: number;
  weight?: Weight;
  color?: string;
}
type Align = 'left' | 'right' | 'center';

/** Line height and baseline position: room for Indic above-base marks and stacked below-base conjuncts. */
const lineHeight = (style: Style) => style.size * 1.5;
const baselineOffset = (style: Style) => style.size * 1.1;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Renders the invoice; resolves to the PDF file's bytes. */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { labels } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // No default Helvetica: every string goes through our own fonts.
    font: null as unknown as string,
    lang: input.language === 'en' ? 'en-IN' : `${input.language}-IN`,
    displayTitle: true,
    info: { Title: `${labels.title} ${input.number}`, Subject: labels.title, Author: input.supplier.name, Creator: 'TractorLink' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // PDFKit takes a fontkit font as a source (typed as bytes only); only the faces used get embedded.
  for (const face of ALL_FACES) {
    for (const weight of WEIGHTS) doc.registerFont(fontName(face, weight), loadFont(face, weight) as unknown as Buffer);
  }

  new InvoiceLayout(doc).draw(input);
  doc.end();
  return done;
}

class InvoiceLayout {
  private y = MARGIN;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  draw(input: InvoicePdfInput): void {
    const { labels } = input;
    // Title
    this.y += this.block(labels.title, MARGIN, this.y, CONTENT_WIDTH, { size: 18, weight: 700 });
    this.y += 4;
    this.rule(this.y);
    this.y += 10;

    // Invoice number, date, place of supply; reference and transaction ids.
    this.fieldGrid([
      [labels.invoiceNo, input.number],
      [labels.date, input.date],
      [labels.placeOfSupply, input.placeOfSupply],
      [labels.referenceId, input.referenceId],
      [labels.transactionId, input.transactionId],
    ]);
    this.y += 8;

    // Supplier and recipient side by side.
    this.parties(input);
    this.y += 16;

    this.table(input);
    this.y += 8;
    this.totals(input);
    this.y += 14;

    // Amount in words.
    const wordsLabel: Style = { size: 8, color: MUTED };
    const words: Style = { size: 10 };
    const wordsHeight = this.measureBlock(labels.totalInWords, CONTENT_WIDTH, wordsLabel) + this.measureBlock(input.totalInWords, CONTENT_WIDTH, words);
    this.ensureSpace(wordsHeight);
    this.y += this.block(labels.totalInWords, MARGIN, this.y, CONTENT_WIDTH, wordsLabel);
    this.y += this.block(input.totalInWords, MARGIN, this.y, CONTENT_WIDTH, words);

    // The non-refundable note sits at the foot of the last page.
    const note: Style = { size: 8.5, color: MUTED };
    const noteHeight = this.measureBlock(labels.nonRefundable, CONTENT_WIDTH, note) + 8;
    this.ensureSpace(noteHeight + 12);
    const noteTop = PAGE_BOTTOM - noteHeight;
    this.rule(noteTop);
    this.block(labels.nonRefundable, MARGIN, noteTop + 8, CONTENT_WIDTH, note);
    this.y = PAGE_BOTTOM;
  }

  // -------------------------------------------------------------------------------------------
  // Sections
  // -------------------------------------------------------------------------------------------

  /** Label-over-value cells, three to a row, so long translated labels never squeeze the values. */
  private fieldGrid(fields: [string, string][]): void {
    const columns = 3;
    const gap = 12;
    const width = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
    const label: Style = { size: 8, color: MUTED };
    const value: Style = { size: 10 };
    for (let i = 0; i < fields.length; i += columns) {
      const row = fields.slice(i, i + columns);
      const height = Math.max(...row.map(([l, v]) => this.measureBlock(l, width, label) + this.measureBlock(v, width, value)));
      this.ensureSpace(height);
      row.forEach(([l, v], c) => {
        const x = MARGIN + c * (width + gap);
        const top = this.y + this.block(l, x, this.y, width, label);
        this.block(v, x, top, width, value);
      });
      this.y += height + 4;
    }
  }

  private parties(input: InvoicePdfInput): void {
    const { labels, supplier, recipient } = input;
    const gap = 15;
    const pad = 8;
    const boxWidth = (CONTENT_WIDTH - gap) / 2;
    const inner = boxWidth - 2 * pad;
    const heading: Style = { size: 8, color: MUTED };
    const name: Style = { size: 11, weight: 700 };
    const body: Style = { size: 9.5 };
    const boxes: [string, Style][][] = [
      [
        [labels.supplier, heading],
        [supplier.name, name],
        [supplier.address, body],
        [`${labels.gstin}: ${supplier.gstin}`, body],
        [`${labels.state}: ${supplier.state}`, body],
      ],
      [
        [labels.recipient, heading],
        [recipient.name, name],
        [recipient.mobile, body],
        [recipient.address, body],
        [`${labels.state}: ${recipient.state}`, body],
      ],
    ];
    const heights = boxes.map((box) => box.reduce((sum, [text, style]) => sum + this.measureBlock(text, inner, style), 0));
    const height = Math.max(...heights) + 2 * pad;
    this.ensureSpace(height);
    boxes.forEach((box, i) => {
      const x = MARGIN + i * (boxWidth + gap);
      this.doc.save().lineWidth(0.75).strokeColor(RULE).rect(x, this.y, boxWidth, height).stroke().restore();
      let top = this.y + pad;
      for (const [text, style] of box) top += this.block(text, x + pad, top, inner, style);
    });
    this.y += height;
  }

  private table(input: InvoicePdfInput): void {
    const { labels } = input;
    const pad = 5;
    // Description takes what the fixed columns leave.
    const fixed = { sac: 58, period: 130, taxable: 100 };
    const columns: { width: number; align: Align; money?: boolean }[] = [
      { width: CONTENT_WIDTH - fixed.sac - fixed.period - fixed.taxable, align: 'left' },
      { width: fixed.sac, align: 'left' },
      { width: fixed.period, align: 'left' },
      { width: fixed.taxable, align: 'right', money: true },
    ];
    const header: Style = { size: 8.5, weight: 700 };
    const cell: Style = { size: 9.5 };
    const headerCells = [labels.description, labels.sac, labels.period, labels.taxableValue];

    const drawHeader = () => {
      const height = Math.max(...headerCells.map((text, i) => this.measureBlock(text, innerWidth(i), header))) + 2 * pad;
      this.doc.save().rect(MARGIN, this.y, CONTENT_WIDTH, height).fill(SHADE).restore();
      let x = MARGIN;
      headerCells.forEach((text, i) => {
        const col = columns[i];
        if (!col) return;
        this.block(text, x + pad, this.y + pad, col.width - 2 * pad, header, col.align);
        x += col.width;
      });
      this.y += height;
    };
    const innerWidth = (i: number) => (columns[i]?.width ?? 0) - 2 * pad;

    const headerHeight = Math.max(...headerCells.map((text, i) => this.measureBlock(text, innerWidth(i), header))) + 2 * pad;
    this.ensureSpace(headerHeight + lineHeight(cell) + 2 * pad);
    drawHeader();

    for (const line of input.lines) {
      const cells = [line.description, line.sac, line.period, line.taxable];
      // Money stays on one line (shrunk if need be); the rest wraps.
      const fitted = cells.map((text, i) => this.fit(text, innerWidth(i), cell, columns[i]?.money ? 1 : Infinity));
      const height = Math.max(...fitted.map((f) => f.lines.length * lineHeight(f.style))) + 2 * pad;
      if (this.y + height > PAGE_BOTTOM) {
        this.newPage();
        drawHeader();
      }
      let x = MARGIN;
      fitted.forEach((f, i) => {
        const col = columns[i];
        if (!col) return;
        this.drawLines(f.lines, x + pad, this.y + pad, col.width - 2 * pad, f.style, col.align);
        x += col.width;
      });
      this.y += height;
      this.rule(this.y);
    }
  }

  private totals(input: InvoicePdfInput): void {
    const { labels } = input;
    const amountWidth = 100;
    const labelWidth = 190;
    const gap = 10;
    const amountX = MARGIN + CONTENT_WIDTH - amountWidth;
    const labelX = amountX - gap - labelWidth;
    const rows: [string, string, Style][] = [
      [labels.taxableValue, input.taxableTotal, { size: 9.5 }],
      ...input.taxes.map((t): [string, string, Style] => [t.label, t.amount, { size: 9.5 }]),
      [labels.total, input.total, { size: 11, weight: 700 }],
    ];
    rows.forEach(([label, amount, style], i) => {
      const isTotal = i === rows.length - 1;
      const amountFit = this.fit(amount, amountWidth - 5, style, 1);
      const labelFit = this.fit(label, labelWidth, style, Infinity);
      const height = Math.max(labelFit.lines.length * lineHeight(labelFit.style), lineHeight(amountFit.style)) + 4;
      this.ensureSpace(height + (isTotal ? 4 : 0));
      if (isTotal) {
        this.rule(this.y + 1, labelX, MARGIN + CONTENT_WIDTH);
        this.y += 4;
      }
      this.drawLines(labelFit.lines, labelX, this.y + 2, labelWidth, labelFit.style, 'right');
      this.drawLines(amountFit.lines, amountX, this.y + 2, amountWidth - 5, amountFit.style, 'right');
      this.y += height;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Page helpers
  // -------------------------------------------------------------------------------------------

  private newPage(): void {
    this.doc.addPage();
    this.y = MARGIN;
  }

  private ensureSpace(height: number): void {
    if (this.y + height > PAGE_BOTTOM && this.y > MARGIN) this.newPage();
  }

  private rule(y: number, from = MARGIN, to = MARGIN + CONTENT_WIDTH): void {
    this.doc.save().lineWidth(0.5).strokeColor(RULE).moveTo(from, y).lineTo(to, y).stroke().restore();
  }

  // -------------------------------------------------------------------------------------------
  // Text: mixed-script lines, measured and placed run by run
  // -------------------------------------------------------------------------------------------

  /** Draws wrapped text at (x, top); returns the height used. */
  private block(text: string, x: number, top: number, width: number, style: Style, align: Align = 'left'): number {
    const lines = this.wrap(text, width, style);
    this.drawLines(lines, x, top, width, style, align);
    return lines.length * lineHeight(style);
  }

  private measureBlock(text: string, width: number, style: Style): number {
    return this.wrap(text, width, style).length * lineHeight(style);
  }

  /** Wraps text to at most maxLines lines, shrinking the size (down to 60%) if it does not fit. */
  private fit(text: string, width: number, style: Style, maxLines: number): { lines: string[]; style: Style } {
    let fitted = style;
    let lines = this.wrap(text, width, fitted);
    const minSize = style.size * 0.6;
    while (lines.length > maxLines && fitted.size > minSize) {
      fitted = { ...fitted, size: Math.max(minSize, fitted.size - 0.5) };
      lines = this.wrap(text, width, fitted);
    }
    return { lines, style: fitted };
  }

  /** Width of one line of mixed-script text. */
  private measure(text: string, style: Style): number {
    let width = 0;
    for (const run of fontRunsOf(text)) width += runWidth(run.text, run.face, style.weight ?? 400, style.size);
    return width;
  }

  /**
   * Greedy word wrap; a word wider than the line is broken between grapheme clusters. Line widths add
   * up word widths (PDFKit shapes word by word too), so each word is measured once.
   */
  private wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      let lineWidth = 0; // of line, trailing spaces included
      for (const word of paragraph.match(/\S+\s*/g) ?? []) {
        const bare = word.trimEnd();
        const bareWidth = this.measure(bare, style);
        if (line !== '' && lineWidth + bareWidth > width) {
          lines.push(line.trimEnd());
          line = '';
          lineWidth = 0;
        }
        if (line === '' && bareWidth > width) {
          // A word too long for a line of its own: break it.
          const pieces = this.breakWord(bare, width, style);
          lines.push(...pieces.slice(0, -1));
          line = pieces.at(-1) ?? '';
          lineWidth = this.measure(line, style);
        } else {
          line += bare;
          lineWidth += bareWidth;
        }
        const space = word.slice(bare.length);
        if (space !== '') {
          line += space;
          lineWidth += this.measure(space, style);
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  private breakWord(word: string, width: number, style: Style): string[] {
    const pieces: string[] = [];
    let piece = '';
    for (const { segment } of graphemes.segment(word)) {
      if (piece !== '' && this.measure(piece + segment, style) > width) {
        pieces.push(piece);
        piece = segment;
      } else {
        piece += segment;
      }
    }
    pieces.push(piece);
    return pieces;
  }

  private drawLines(lines: string[], x: number, top: number, width: number, style: Style, align: Align): void {
    lines.forEach((line, i) => this.drawLine(line, x, top + i * lineHeight(style) + baselineOffset(style), width, style, align));
  }

  /** One line of mixed-script text with its baseline at y; every run is placed by measured width. */
  private drawLine(text: string, x: number, baseline: number, width: number, style: Style, align: Align): void {
    if (text === '') return;
    const { doc } = this;
    const runs = fontRunsOf(text);
    const weight = style.weight ?? 400;
    const widths = runs.map((run) => runWidth(run.text, run.face, weight, style.size));
    const total = widths.reduce((a, b) => a + b, 0);
    let cursor = align === 'right' ? x + width - total : align === 'center' ? x + (width - total) / 2 : x;
    doc.fillColor(style.color ?? INK);
    runs.forEach((run, i) => {
      doc.font(fontName(run.face, style.weight)).fontSize(style.size);
      // Baselines, not tops: the faces have different ascenders, so tops would misalign scripts.
      doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
      cursor += widths[i] ?? 0;
    });
  }
}

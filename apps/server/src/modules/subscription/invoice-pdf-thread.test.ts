import type { Worker } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoicePdfThread } from './invoice-pdf-thread';
import { storedInvoice } from './stored-invoice.fixture';

const invoice = storedInvoice;

async function textOf(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items.map((i) => (i as TextItem).str).join(' ');
  await doc.destroy();
  return text;
}

/** The thread's worker, to stop it as a crash would (the class keeps it to itself). */
const workerOf = (thread: InvoicePdfThread) => (thread as unknown as { worker: Worker | undefined }).worker;

describe('invoice PDFs on a thread of their own', () => {
  let thread: InvoicePdfThread;
  afterEach(async () => thread.close());

  it('renders the invoice there, in the reader’s language, and keeps the thread for the next', { timeout: 30_000 }, async () => {
    thread = new InvoicePdfThread();
    expect(workerOf(thread), 'started on first use, not before').toBeUndefined();
    const english = await thread.render(invoice, 'en');
    expect(english.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await textOf(english)).toContain('TL/26-27/000001');
    const first = workerOf(thread);
    expect(first).toBeDefined();
    const marathi = await textOf(await thread.render(invoice, 'mr'));
    expect(marathi).toContain('MH12AB1000');
    expect(marathi).not.toContain('Rupees');
    expect(workerOf(thread)).toBe(first);
  });

  it('a thread that dies fails the render it had, and the next render starts another', { timeout: 30_000 }, async () => {
    thread = new InvoicePdfThread();
    await thread.warmUp();
    const dying = workerOf(thread);
    const inHand = thread.render(invoice, 'ta');
    await dying?.terminate();
    await expect(inHand).rejects.toThrow(/stopped/);
    const again = await thread.render(invoice, 'ta');
    expect(await textOf(again)).toContain('TL/26-27/000001');
    expect(workerOf(thread)).not.toBe(dying);
  });

  it('a thread that dies after a long life is replaced at once, before anyone asks for a PDF', { timeout: 30_000 }, async () => {
    thread = new InvoicePdfThread({ restartAheadAfterMs: 0 });
    await thread.warmUp();
    const dying = workerOf(thread);
    const inHand = thread.render(invoice, 'en');
    await dying?.terminate();
    await expect(inHand).rejects.toThrow(/stopped/);
    const next = workerOf(thread);
    expect(next, 'a new thread started when the old one died').toBeDefined();
    expect(next).not.toBe(dying);
    expect(await textOf(await thread.render(invoice, 'en'))).toContain('TL/26-27/000001');
    expect(workerOf(thread)).toBe(next);
  });

  it('a thread that dies young is not replaced ahead (no restart loop): the next render starts one', { timeout: 30_000 }, async () => {
    thread = new InvoicePdfThread({ restartAheadAfterMs: 60_000 });
    await thread.warmUp();
    const inHand = thread.render(invoice, 'en');
    await workerOf(thread)?.terminate();
    await expect(inHand).rejects.toThrow(/stopped/);
    expect(workerOf(thread)).toBeUndefined();
  });

  it('once closed, refuses renders and keeps no thread', { timeout: 30_000 }, async () => {
    thread = new InvoicePdfThread();
    await thread.warmUp();
    await thread.close();
    expect(workerOf(thread)).toBeUndefined();
    await expect(thread.render(invoice, 'en')).rejects.toThrow(/closing/);
  });
});

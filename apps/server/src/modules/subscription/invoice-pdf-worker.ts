// The invoice PDF thread: PDFKit, fontkit and the decoded Noto faces live in this isolate, so the
// thread that serves HTTP neither holds them (≈ 17 MB of its heap, which every full collection
// marked) nor stops for a render (p95 39 ms for a Hindi invoice). See invoice-pdf-thread.ts.
import { parentPort } from 'node:worker_threads';
import { invoicePdf } from './invoice-document';
import { warmUpInvoicePdf } from './invoice-pdf';
import type { FromPdfThread, ToPdfThread } from './invoice-pdf-thread';

const port = parentPort;
if (!port) throw new Error('invoice-pdf-worker.ts runs as a worker thread');

port.on('message', (m: ToPdfThread) => {
  const work = m.t === 'warm-up' ? warmUpInvoicePdf().then(() => undefined) : invoicePdf(m.invoice, m.language);
  work.then(
    (pdf) => {
      // A buffer of its own, handed over without a second copy.
      const bytes = pdf ? new Uint8Array(pdf) : undefined;
      const answer: FromPdfThread = { id: m.id, ...(bytes ? { pdf: bytes } : {}) };
      port.postMessage(answer, bytes ? [bytes.buffer] : []);
    },
    (err: unknown) => port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies FromPdfThread),
  );
});

import { amountInWords } from '@tractorlink/domain/amount-words';
import type { LanguageCode } from '@tractorlink/domain/languages';
import type { InvoiceView } from '@tractorlink/domain/subscription-api';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceLabels, packName, serviceLine } from './texts';

export type InvoicePdfRenderer = (invoice: InvoiceView, language: LanguageCode) => Promise<Buffer>;

const LOCALES: Record<LanguageCode, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', pa: 'pa-IN', gu: 'gu-IN', ta: 'ta-IN', te: 'te-IN' };

/** Money as Indian invoices print it, Latin digits in every language: ₹2,358.82. */
export const money = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function dateIn(language: LanguageCode, epochSeconds: number): string {
  return new Intl.DateTimeFormat(`${LOCALES[language]}-u-nu-latn`, { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' }).format(
    new Date(epochSeconds * 1000),
  );
}

/** The stored invoice, labelled and formatted in the owner's language, as a PDF. */
export const invoicePdf: InvoicePdfRenderer = (invoice, language) => {
  const intra = invoice.igstPaise === 0 && invoice.cgstPaise + invoice.sgstPaise > 0;
  return renderInvoicePdf({
    language,
    labels: invoiceLabels(language),
    number: invoice.number,
    date: dateIn(language, invoice.issuedAt),
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    placeOfSupply: invoice.placeOfSupply,
    referenceId: invoice.referenceId,
    transactionId: invoice.transactionId,
    lines: invoice.lines.map((line) => ({
      description: `${serviceLine(invoice.serviceDescription, language)} – ${packName(invoice.pack, language)} – ${line.regNo || line.vin}`,
      sac: invoice.sac,
      period: `${dateIn(language, line.validFrom)} – ${dateIn(language, line.validTill)}`,
      taxable: money(line.taxablePaise),
    })),
    taxes: intra
      ? [
          { label: 'CGST 9%', amount: money(invoice.cgstPaise) },
          { label: 'SGST 9%', amount: money(invoice.sgstPaise) },
        ]
      : [{ label: 'IGST 18%', amount: money(invoice.igstPaise) }],
    taxableTotal: money(invoice.taxablePaise),
    total: money(invoice.totalPaise),
    // In the PDF's language, whatever the stored invoice says (it keeps English).
    totalInWords: amountInWords(invoice.totalPaise, language),
  });
};

import { amountInWords } from '@tractorlink/domain/amount-words';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { type PaidPack, placeOfSupply } from '@tractorlink/domain/subscription';
import { type InvoiceView } from '@tractorlink/domain/subscription-api';
import type { Config } from '../../config';
import type { OrderRow } from './repo';

export interface InvoiceParty {
  name: string;
  mobile: string;
  address: string;
}

/** The invoice as issued at payment time (stored whole: later changes of configuration never alter it). */
export function buildInvoice(
  input: { number: string; issuedAt: number; order: OrderRow; paymentId: string; recipient: InvoiceParty; lines: InvoiceView['lines'] },
  settings: Config['payments'],
): InvoiceView {
  const { order } = input;
  const state = order.recipient_state;
  // The buyer's state on record, or the supplier's when it names none we know (IGST Act s. 12(2)(b)).
  const place = placeOfSupply(settings.supplier.state, state);
  return {
    number: input.number,
    issuedAt: Math.floor(input.issuedAt / 1000),
    orderId: order.id,
    referenceId: order.reference_id,
    transactionId: input.paymentId,
    supplier: { ...settings.supplier },
    recipient: { ...input.recipient, state },
    placeOfSupply: place.code ? `${place.state} (${place.code})` : place.state,
    sac: settings.invoice.sac,
    serviceDescription: settings.invoice.service,
    pack: order.pack as PaidPack,
    lines: input.lines,
    taxablePaise: order.basic_paise,
    cgstPaise: order.cgst_paise,
    sgstPaise: order.sgst_paise,
    igstPaise: order.igst_paise,
    totalPaise: order.total_paise,
    // Stored in English; readers get it in their language (invoiceIn).
    totalInWords: amountInWords(order.total_paise, 'en'),
  };
}

/** The stored invoice as shown to a reader: the amount in words in their language, the rest as issued. */
export function invoiceIn(invoice: InvoiceView, language: LanguageCode): InvoiceView {
  return { ...invoice, totalInWords: amountInWords(invoice.totalPaise, language) };
}

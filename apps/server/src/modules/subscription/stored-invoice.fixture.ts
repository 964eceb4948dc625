import type { InvoiceView } from '@tractorlink/domain/subscription-api';

/** An invoice as stored at payment time (its amount in words in English), for the PDF tests. */
export const storedInvoice: InvoiceView = {
  number: 'TL/26-27/000001',
  issuedAt: 1_795_000_000,
  orderId: 'ord_0123456789abcdef01234567',
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
  totalInWords: 'Rupees Two Thousand Three Hundred Fifty-Eight and Eighty-Two Paise Only',
};

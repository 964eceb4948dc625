import { describe, expect, it } from 'vitest';
import en from '../../locales/public/en.json';
import mr from '../../locales/public/mr.json';
import { billText, jobBillText, linkUrl, liveText, smsHref, whatsappHref } from './share';

const url = 'https://app.example.in/bill.html#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe("a shared link's message, in the customer's language (issue 17)", () => {
  it('says what is due, or that nothing is', () => {
    expect(billText(en, 'en', { name: 'Ramesh Patil', balancePaise: 184_400, url })).toBe(
      `Ramesh Patil, your tractor hire bill: ₹1,844 due. See the field drawing and the details: ${url}`,
    );
    expect(billText(en, 'en', { name: 'Ramesh Patil', balancePaise: 0, url })).toContain('nothing is due');
    expect(billText(en, 'en', { name: 'Ramesh Patil', balancePaise: -5_000, url })).toContain('nothing is due');
  });

  it('is written in Marathi for a Marathi customer', () => {
    const text = billText(mr, 'mr', { name: 'राजेंद्र पाटील', balancePaise: 120_000, url });
    expect(text).toBe(`राजेंद्र पाटील, तुमचे ट्रॅक्टर भाड्याचे बिल: ₹1,200 बाकी. शेताचे चित्र आणि पूर्ण तपशील पाहा: ${url}`);
  });

  it("names one job's day and amount, and a live link's end", () => {
    expect(jobBillText(en, 'en', { name: 'Ramesh', date: '2026-11-20', amountPaise: 284_400, url })).toContain('20 Nov 2026: ₹2,844.');
    // 1 Dec 2026 12:30 UTC is 6:00 pm in India.
    const live = liveText(en, 'en', { regNo: 'MH15EX4521', expiresAt: Date.UTC(2026, 11, 1, 12, 30) / 1000, url });
    expect(live).toBe(`See where tractor MH15EX4521 is now (this link works until 1 Dec, 6:00 pm): ${url}`);
  });
});

describe('ways to send it', () => {
  const text = 'Bill: ₹1,200 & more';

  it("WhatsApp to the customer's number (with India's code) or to a chat of the owner's choosing", () => {
    expect(whatsappHref(text, '9876543210')).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(text)}`);
    expect(whatsappHref(text, null)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    // Not an Indian mobile: no number rather than a wrong one.
    expect(whatsappHref(text, '12345')).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
  });

  it('SMS with the body ready', () => {
    expect(smsHref(text, '9876543210')).toBe(`sms:+919876543210?body=${encodeURIComponent(text)}`);
    expect(smsHref(text)).toBe(`sms:?body=${encodeURIComponent(text)}`);
    expect(decodeURIComponent(smsHref(text).split('body=')[1] ?? '')).toBe(text);
  });

  it("puts the page's path on the app's own address (the token stays in the fragment)", () => {
    expect(linkUrl('/bill.html#tok', 'https://app.example.in/#/hire-customer/1')).toBe('https://app.example.in/bill.html#tok');
    expect(linkUrl('/live.html#tok', 'https://example.in/tractorlink/index.html')).toBe('https://example.in/tractorlink/live.html#tok');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { changeAppLanguage, i18next } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { ForgotPinScreen } from './forgot-pin-screen';
import { englishBeforeAll } from '../../test/words';

const refuse = (status: number, code: string, retryAfterSeconds: number) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ error: { code, message: code, retryAfterSeconds } }), { status, headers: { 'Content-Type': 'application/json' } }),
  );

/** Forgot PIN up to the server's answer, with the words of the current language. */
async function askForCode(typed = '9876543210'): Promise<void> {
  render(
    <MemoryRouter initialEntries={['/forgot-pin']}>
      <ForgotPinScreen />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText(i18next.t('field.mobile')), { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: i18next.t('otp.send') }));
  await screen.findByRole('alert');
}

englishBeforeAll();

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeAppLanguage('en');
});

describe('Forgot PIN screen', () => {
  it("asks for the code with this browser's id, so the owner's own phone draws on its own allowance, and the app's language for the SMS", async () => {
    const fetch = refuse(429, 'OTP_SEND_LIMIT', 600);
    vi.stubGlobal('fetch', fetch);
    await askForCode();
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
    expect(body).toEqual({ mobileNo: '9876543210', purpose: 'reset', deviceID: storage.get('deviceid'), language: 'en' });
    expect(body.deviceID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the number the phone filled in as +91 98765 43210 as its 10 digits (spec §5)', async () => {
    const fetch = refuse(429, 'OTP_SEND_LIMIT', 600);
    vi.stubGlobal('fetch', fetch);
    await askForCode('+91 98765 43210');
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
    expect(body.mobileNo).toBe('9876543210');
  });

  // The server's Retry-After (s) read as a wait in minutes.
  it.each([
    [
      'en',
      'OTP_ADDRESS_LIMIT',
      429,
      1800,
      'Too many OTPs were asked for on this network. Try again in 30 minutes, or use another network (Wi-Fi or mobile data).',
    ],
    ['en', 'SMS_CAP_REACHED', 503, 1800, 'We cannot send more SMS just now. Please try again in 30 minutes.'],
    // The server says when the number's allowance frees up: 'after some time' left the owner guessing.
    ['en', 'OTP_SEND_LIMIT', 429, 1800, 'Too many OTPs sent to this number. Try again in 30 minutes.'],
    ['hi', 'OTP_SEND_LIMIT', 429, 1800, 'इस नंबर पर बहुत ज़्यादा OTP भेजे जा चुके हैं। 30 मिनट बाद फिर से कोशिश करें।'],
    ['ta', 'OTP_SEND_LIMIT', 429, 1800, 'இந்த எண்ணுக்கு அதிக OTP-கள் அனுப்பப்பட்டுவிட்டன. 30 நிமிடங்கள் கழித்து மீண்டும் முயற்சிக்கவும்.'],
    [
      'ta',
      'OTP_ADDRESS_LIMIT',
      429,
      1800,
      'இந்த நெட்வொர்க்கிலிருந்து அதிகமான OTP-கள் கேட்கப்பட்டுவிட்டன. 30 நிமிடங்கள் கழித்து மீண்டும் முயற்சிக்கவும், அல்லது வேறு நெட்வொர்க்கைப் (Wi-Fi அல்லது மொபைல் டேட்டா) பயன்படுத்தவும்.',
    ],
    ['ta', 'SMS_CAP_REACHED', 503, 1800, 'இப்போது மேலும் SMS அனுப்ப முடியாது. 30 நிமிடங்கள் கழித்து மீண்டும் முயற்சிக்கவும்.'],
    // Under a minute left is "1 minute", never "1 minutes" (i18next plural forms, chosen by the language).
    ['en', 'OTP_SEND_LIMIT', 429, 45, 'Too many OTPs sent to this number. Try again in 1 minute.'],
    ['en', 'SMS_CAP_REACHED', 503, 45, 'We cannot send more SMS just now. Please try again in 1 minute.'],
    ['mr', 'OTP_SEND_LIMIT', 429, 45, 'या नंबरवर खूप OTP पाठवले गेले आहेत. 1 मिनिटाने पुन्हा प्रयत्न करा.'],
    ['ta', 'SMS_CAP_REACHED', 503, 45, 'இப்போது மேலும் SMS அனுப்ப முடியாது. 1 நிமிடம் கழித்து மீண்டும் முயற்சிக்கவும்.'],
    ['te', 'OTP_SEND_LIMIT', 429, 45, 'ఈ నంబర్‌కు చాలా OTP లు పంపబడ్డాయి. 1 నిమిషం తర్వాత మళ్ళీ ప్రయత్నించండి.'],
  ] as const)('in %s, %s (%i) after %i s reads as a wait in minutes', async (lang, code, status, seconds, text) => {
    await changeAppLanguage(lang);
    vi.stubGlobal('fetch', refuse(status, code, seconds));
    await askForCode();
    expect(screen.getByRole('alert').textContent?.trim()).toBe(text);
  });
});

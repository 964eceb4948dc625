/** The GSM 03.38 default alphabet (one septet each) and its extension table (an escape and a septet: two). */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets in GSM-7, UTF-16 code units in UCS-2. */
  units: number;
  parts: number;
}

/**
 * How an SMS travels: GSM-7 when every character is in the GSM alphabet (160 septets in one part,
 * 153 a part when concatenated), else UCS-2 (70 UTF-16 units in one part, 67 a part).
 */
export function smsSize(text: string): SmsSize {
  const chars = [...text];
  if (chars.every((c) => GSM7_BASIC.includes(c) || GSM7_EXTENDED.includes(c))) {
    const units = chars.reduce((n, c) => n + (GSM7_EXTENDED.includes(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units, parts: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
}

import { randomInt } from 'node:crypto';
import { baseURL } from './browser';

interface InboxMessage {
  to: string;
  text: string;
  sentAt: number;
}

/** Messages the local SMS provider sent to a number (the demo's phone), oldest first. */
export async function smsTo(mobileNo: string): Promise<InboxMessage[]> {
  const res = await fetch(`${baseURL()}/api/v1/dev/sms-inbox?mobileNo=${mobileNo}`);
  if (!res.ok) throw new Error(`sms inbox answered ${res.status}`);
  return ((await res.json()) as { messages: InboxMessage[] }).messages;
}

/** The newest OTP sent to a number after `countBefore` messages, waiting for it to arrive. */
export async function latestOtp(mobileNo: string, countBefore = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const messages = await smsTo(mobileNo);
    const code = messages.length > countBefore ? /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no OTP reached ${mobileNo}`);
}

/** A fresh mobile number for one test: 9 followed by nine random digits. */
export function uniqueMobile(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

import type { FastifyBaseLogger } from 'fastify';
import { SmsSendError } from './sms-provider';
import type { SmsProvider } from './sms-provider';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** e.g. https://api.twilio.com (no trailing slash). */
  baseUrl: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
}

/** Twilio's Programmable Messaging REST API: one form-encoded POST per message. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';

  constructor(private readonly options: TwilioOptions) {}

  async send(toMobile10Digits: string, text: string): Promise<void> {
    const { accountSid, authToken, from, baseUrl, timeoutMs = 10_000, log } = this.options;
    const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const body = new URLSearchParams({ To: `+91${toMobile10Digits}`, From: from, Body: text });
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Network error or timeout. Log the kind of failure only: never the text (it holds the code).
      const reason = err instanceof Error ? err.name : 'unknown';
      log.error({ sms: { provider: 'twilio', reason, ms: Date.now() - started } }, 'SMS send failed');
      throw new SmsSendError(`Twilio request failed: ${reason}`);
    }
    if (!response.ok) {
      const errorCode = await twilioErrorCode(response);
      log.error({ sms: { provider: 'twilio', status: response.status, errorCode } }, 'SMS send refused');
      throw new SmsSendError(`Twilio answered ${response.status}`);
    }
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
  }
}

/** Twilio's numeric error code from its JSON error body, if any (never the message text). */
async function twilioErrorCode(response: Response): Promise<number | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'number') return body.code;
  } catch {
    // Not JSON: nothing to add.
  }
  return undefined;
}

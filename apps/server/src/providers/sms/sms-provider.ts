/** Sends one text message to an Indian mobile number (10 digits, no country code). */
export interface SmsProvider {
  readonly name: 'local' | 'twilio';
  send(toMobile10Digits: string, text: string): Promise<void>;
}

/** The gateway refused or did not answer. The message never carries the SMS text. */
export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}

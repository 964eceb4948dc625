import type { Clock } from '../../clock';
import type { SmsProvider } from './sms-provider';

export interface InboxMessage {
  to: string;
  text: string;
  sentAt: number;
}

export interface TextSink {
  write(text: string): unknown;
}

const INBOX_SIZE = 200;

/** "98765 43210": easier to match by eye on a busy console. */
const spaced = (mobile: string) => `${mobile.slice(0, 5)} ${mobile.slice(5)}`;

/**
 * The demo's and the tests' SMS gateway: prints each message in full on the console (directly,
 * never through the structured log, which must stay free of codes) and keeps the last 200 in
 * memory for GET /api/v1/dev/sms-inbox.
 */
export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local';
  private readonly inbox: InboxMessage[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly output: TextSink = process.stdout,
  ) {}

  async send(toMobile10Digits: string, text: string): Promise<void> {
    this.inbox.push({ to: toMobile10Digits, text, sentAt: this.clock.now() });
    if (this.inbox.length > INBOX_SIZE) this.inbox.splice(0, this.inbox.length - INBOX_SIZE);
    this.output.write(`\n──── LOCAL SMS INBOX ──── to ${spaced(toMobile10Digits)}\n${text}\n────────────────────────────────────────\n\n`);
  }

  /** Messages oldest first, optionally only those to one number. */
  messages(toMobile10Digits?: string): InboxMessage[] {
    return this.inbox.filter((m) => toMobile10Digits === undefined || m.to === toMobile10Digits).map((m) => ({ ...m }));
  }
}

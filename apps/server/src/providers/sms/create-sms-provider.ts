import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { LocalSmsProvider } from './local-sms';
import type { TextSink } from './local-sms';
import type { SmsProvider } from './sms-provider';
import { TwilioSmsProvider } from './twilio-sms';

export function createSmsProvider(config: Config, deps: { clock: Clock; log: FastifyBaseLogger; localOutput?: TextSink }): SmsProvider {
  if (config.sms.provider === 'twilio') {
    const { accountSid, authToken, from, baseUrl } = config.sms;
    return new TwilioSmsProvider({ accountSid, authToken, from, baseUrl, log: deps.log });
  }
  return new LocalSmsProvider(deps.clock, deps.localOutput);
}

import { createProvider, namedBy, type ChosenSettings } from '../provider-registry';
import { bulkSms } from './bulksms';
import { DEV_MAILBOX, devMailboxTexts } from './dev-mailbox';
import type { SmsProvider } from './transports';

/** Every SMS provider the shop can use, by the name SMS_PROVIDER gives. A new one is its own file and one line here. */
export const smsProviders = {
  [DEV_MAILBOX]: devMailboxTexts,
  bulksms: bulkSms,
};

export const smsProviderKind = namedBy(smsProviders, 'SMS_PROVIDER', DEV_MAILBOX);

export type SmsSettings = ChosenSettings<typeof smsProviders>;

export function createSmsProvider(config: { sms: SmsSettings }): SmsProvider {
  return createProvider(smsProviders, config.sms, {});
}

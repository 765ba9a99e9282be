/** One text message as the outbox keeps it (the row's payload when kind is 'sms'). */
export interface SmsMessage {
  /** E.164, e.g. +27821234567. */
  to: string;
  body: string;
}

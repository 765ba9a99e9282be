import { createHash } from 'node:crypto';
import { sameText } from '../lib/same-text';

/*
 * Ozow's hashes, for the provider (ozow.ts) and its stand-in (ozow-fake.ts): the payment request's
 * HashCheck and the notification's Hash, each SHA-512 of the fields in Ozow's documented order.
 */

/** The payment request's fields in the order Ozow hashes them (HashCheck comes last, outside the hash). */
export const PAYMENT_REQUEST_FIELDS = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
] as const;

/** The notification's fields in the order Ozow hashes them (Hash comes last, outside the hash). */
const NOTIFICATION_FIELDS = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
] as const;

export type RequestField = (typeof PAYMENT_REQUEST_FIELDS)[number];
export type NotificationField = (typeof NOTIFICATION_FIELDS)[number];

/**
 * Ozow's hash: the values in the documented order, the private key appended, all lower-cased,
 * SHA-512 in hex. An empty optional value adds nothing, so leaving it out hashes the same.
 */
function ozowHash(values: readonly string[], privateKey: string): string {
  return createHash('sha512').update((values.join('') + privateKey).toLowerCase(), 'utf8').digest('hex');
}

/** The HashCheck of a payment request. */
export function paymentRequestHash(fields: Partial<Record<RequestField, string>>, privateKey: string): string {
  return ozowHash(PAYMENT_REQUEST_FIELDS.map((name) => fields[name] ?? ''), privateKey);
}

/** The Hash of a notification. */
export function notificationHash(fields: Partial<Record<NotificationField, string>>, privateKey: string): string {
  return ozowHash(NOTIFICATION_FIELDS.map((name) => fields[name] ?? ''), privateKey);
}

/** Compares a hash Ozow or a link gave, in any letter case, with the one worked out, in constant time. */
export function sameHash(expected: string, given: string): boolean {
  return sameText(expected, given.toLowerCase());
}

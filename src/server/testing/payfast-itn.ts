/** PayFast's ITNs as the tests send them: the fields of a R190.00 payment, and the signed body. */
import { itnParamString, itnSignature } from '../payments/payfast';

/** A COMPLETE ITN of R190.00 for this checkout and merchant, in PayFast's order; `overrides` change or add fields. */
export function payfastItn(payment: { checkoutId: string; paymentId: string; merchantId: string; itemName?: string }, overrides: Record<string, string> = {}): [string, string][] {
  return Object.entries({
    m_payment_id: payment.checkoutId,
    pf_payment_id: payment.paymentId,
    payment_status: 'COMPLETE',
    item_name: payment.itemName ?? 'Flags',
    item_description: '',
    amount_gross: '190.00',
    amount_fee: '-6.65',
    amount_net: '183.35',
    custom_str1: '',
    name_first: 'Thabo',
    name_last: 'Mokoena',
    email_address: 'thabo@example.co.za',
    merchant_id: payment.merchantId,
    ...overrides,
  });
}

/** The form body PayFast posts: the fields and their signature with the passphrase. */
export const signedItn = (fields: [string, string][], passphrase: string) => `${itnParamString(fields)}&signature=${itnSignature(fields, passphrase)}`;

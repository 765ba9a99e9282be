/*
 * The checkout's customer fields as the form holds them. No validation here: the browser keeps
 * and forgets these at every sign-in and sign-out, so they load with the first page, and the
 * rules (zod) only with the checkout (customer-details.ts).
 */

export const customerFields = ['firstName', 'lastName', 'email', 'phone', 'company', 'vatNumber', 'billingAddress'] as const;
export type CustomerField = (typeof customerFields)[number];
export type CustomerValues = Record<CustomerField, string>;

export const emptyCustomer: CustomerValues = { firstName: '', lastName: '', email: '', phone: '', company: '', vatNumber: '', billingAddress: '' };

/** A customer remembered before the invoice fields existed gets them empty. */
export function withInvoiceFields(values: Partial<CustomerValues>): CustomerValues {
  return { ...emptyCustomer, ...values };
}

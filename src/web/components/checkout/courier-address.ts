// Free of zod: the checkout draft (checkout-storage.ts) is read on every page, and the address
// rules load with the checkout page (CheckoutPage.tsx parses with courierAddressSchema).
import type { CourierAddress } from '../../../shared/delivery';
import type { SavedAddress } from '../../../shared/profile';

/** The courier address fields in screen order: the first one with a problem gets the focus. */
export const courierAddressFields = ['street', 'suburb', 'city', 'province', 'postalCode', 'company', 'instructions'] as const;
export type CourierAddressField = (typeof courierAddressFields)[number];
export type CourierAddressValues = Record<CourierAddressField, string>;

export const emptyCourierAddress: CourierAddressValues = { street: '', suburb: '', city: '', province: '', postalCode: '', company: '', instructions: '' };

/** A saved address from My Profile as the courier form's values; what the book lacks (company, instructions) is kept as typed. */
export function fromSavedAddress(saved: SavedAddress, current: CourierAddressValues): CourierAddressValues {
  return { ...current, street: saved.street, suburb: saved.suburb ?? '', city: saved.city, province: saved.province, postalCode: saved.postalCode };
}

/** Identifies what a quote was for: the address and the flags in the cart. */
export function quoteKey(address: CourierAddress, cart: { itemCount: number; subtotalCents: number }): string {
  return JSON.stringify([address.street, address.suburb, address.city, address.province, address.postalCode, cart.itemCount, cart.subtotalCents]);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_DRAFT_DAYS,
  readCheckoutDraft,
  readChosenPoint,
  rememberCheckoutDraft,
  rememberChosenPoint,
  type CheckoutDraft,
} from './checkout-storage';
import { emptyCourierAddress } from './courier-address';
import { forgetCheckoutDraft } from '../../lib/shopper-storage';
import { profileChanges } from './customer-details';
import type { PaxiPoint } from './paxi-points';

/** The browser's Storage, kept in a Map: these tests run in Node. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const point: PaxiPoint = {
  id: 'SAMPLE-02',
  code: 'SAMPLE-02',
  name: 'PEP Sea Point (sample point)',
  address: 'Main Road, Sea Point',
  distance: 0.1,
  town: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8005',
};
const draft: CheckoutDraft = {
  customer: { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.co.za', phone: '082 123 4567', company: 'Nkosi Events', vatNumber: '', billingAddress: '' },
  speed: 'paxi-express',
  point,
  saveToProfile: false,
  method: 'courier',
  courierAddress: { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001', company: '', instructions: 'Ring twice' },
  courierService: 'overnight',
  saveAddress: true,
  discountCode: 'SPRING-10',
};
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the checkout draft', () => {
  it('gives a shopper back what they filled in, and never to another shopper, who finds it gone', () => {
    rememberCheckoutDraft('user-1', draft);
    expect(readCheckoutDraft('user-1')).toEqual(draft);
    expect(readCheckoutDraft('user-2')).toBeNull();
    // Dropped, not just hidden: the owner does not get it back either.
    expect(readCheckoutDraft('user-1')).toBeNull();
  });

  it("hides a signed-in shopper's draft from whoever uses the browser signed out", () => {
    rememberCheckoutDraft('user-1', draft);
    expect(readCheckoutDraft(null)).toBeNull();
    expect(localStorage.getItem('checkout-draft')).toBeNull();
  });

  it("keeps a guest's choice to pay as a guest and to make an account after paying, and drops a choice of the wrong type", () => {
    rememberCheckoutDraft(null, { ...draft, asGuest: true, createAccount: true });
    expect(readCheckoutDraft(null)).toEqual({ ...draft, asGuest: true, createAccount: true });
    localStorage.setItem('checkout-draft', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), createAccount: 'yes' }));
    expect(readCheckoutDraft(null)).toBeNull();
  });

  it('goes with a signed-out shopper who signs in', () => {
    rememberCheckoutDraft(null, draft);
    expect(readCheckoutDraft(null)).toEqual(draft);
    expect(readCheckoutDraft('user-1')).toEqual(draft);
  });

  it(`is dropped after ${CHECKOUT_DRAFT_DAYS} days`, () => {
    const savedAt = Date.UTC(2026, 0, 1);
    rememberCheckoutDraft('user-1', draft, savedAt);
    expect(readCheckoutDraft('user-1', savedAt + CHECKOUT_DRAFT_DAYS * DAY_MS)).toEqual(draft);
    expect(readCheckoutDraft('user-1', savedAt + CHECKOUT_DRAFT_DAYS * DAY_MS + 1)).toBeNull();
    expect(localStorage.getItem('checkout-draft')).toBeNull();
  });

  it.each([
    ['not JSON', '{nope'],
    ['a number', '42'],
    ['a wrong speed', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), speed: 'courier' })],
    ['a name too long', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), customer: { ...draft.customer, firstName: 'x'.repeat(51) } })],
    ['a point without a code', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), point: { name: 'PEP' } })],
    ['a company that is not text', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), customer: { ...draft.customer, company: ['Nkosi'] } })],
    ['no savedAt', JSON.stringify({ ...draft, owner: null })],
    ['a way of delivery the shop does not have', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), method: 'drone' })],
    ['a courier service the shop does not have', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), courierService: 'drone' })],
    ['a save-address answer that is not yes or no', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), saveAddress: 'yes' })],
    ['a discount code that is not text', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), discountCode: 10 })],
    ['a discount code of 31 characters', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), discountCode: 'A'.repeat(31) })],
    ['a discount code with a NUL byte', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), discountCode: 'SPRING\u0000' })],
    ['a discount code with markup', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), discountCode: '<b>SPRING</b>' })],
    ['a courier address without its street', JSON.stringify({ ...draft, owner: null, savedAt: Date.now(), courierAddress: { ...draft.courierAddress, street: 7 } })],
  ])('ignores and removes %s', (_, stored) => {
    localStorage.setItem('checkout-draft', stored);
    expect(readCheckoutDraft(null)).toBeNull();
    expect(localStorage.getItem('checkout-draft')).toBeNull();
  });

  it('gives a draft from before courier delivery back as PAXI collection with an empty address', () => {
    const { method: _method, courierAddress: _address, courierService: _service, saveAddress: _save, discountCode: _code, ...older } = draft;
    localStorage.setItem('checkout-draft', JSON.stringify({ ...older, owner: null, savedAt: Date.now() }));
    expect(readCheckoutDraft(null)).toEqual({ ...older, method: 'paxi', courierAddress: emptyCourierAddress });
  });

  it('gives a draft from before the invoice fields back with them empty', () => {
    const { company: _company, vatNumber: _vatNumber, billingAddress: _address, ...older } = draft.customer;
    localStorage.setItem('checkout-draft', JSON.stringify({ ...draft, customer: older, owner: null, savedAt: Date.now() }));
    expect(readCheckoutDraft(null)?.customer).toEqual({ ...older, company: '', vatNumber: '', billingAddress: '' });
  });

  it('is forgotten with the point chosen on the PAXI finder page (sign-out, account deletion)', () => {
    rememberCheckoutDraft('user-1', draft);
    rememberChosenPoint(point);
    forgetCheckoutDraft();
    expect(readCheckoutDraft('user-1')).toBeNull();
    expect(readChosenPoint()).toBeNull();
  });
});

describe('profileChanges', () => {
  const customer = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' };

  it('fills an empty profile with the names and cellphone, never the email', () => {
    expect(profileChanges(customer, { firstName: null, lastName: null, phone: null, dateOfBirth: null })).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      phone: '+27821234567',
    });
    expect(profileChanges(customer, undefined)).toEqual({ firstName: 'Thandi', lastName: 'Nkosi', phone: '+27821234567' });
  });

  it('sends only what changed, and nothing when the profile already matches', () => {
    const profile = { firstName: 'Thandi', lastName: 'Nkosi', phone: '+27821234567', dateOfBirth: '1990-05-01' };
    expect(profileChanges(customer, profile)).toBeNull();
    expect(profileChanges({ ...customer, phone: '+27831234567' }, profile)).toEqual({ phone: '+27831234567' });
  });
});

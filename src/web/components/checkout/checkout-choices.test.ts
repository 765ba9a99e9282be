import { describe, expect, it } from 'vitest';
import { checkoutChoicesReducer, initialChoices } from './checkout-choices';
import { PAXI_EXPRESS, PAXI_STANDARD } from '../../../shared/shop-facts';
import type { PaxiPoint } from './paxi-points';

const seaPoint = { id: 'P5772', name: 'PEP Sea Point' } as PaxiPoint;
const tableView = { id: 'P1001', name: 'PEP Table View' } as PaxiPoint;

describe('checkout choices', () => {
  it('start as a first visit has them: PAXI Standard, no point, economy courier, saving details but not the address', () => {
    expect(initialChoices(null, null)).toEqual({ method: 'paxi', speed: PAXI_STANDARD, point: null, level: 'economy', saveAddress: false, saveToProfile: true, asGuest: false, createAccount: false });
  });

  it('start as the shopper left them, with a point just chosen on the finder page first', () => {
    const draft = {
      customer: {} as never,
      speed: 'paxi-express' as const,
      point: seaPoint,
      saveToProfile: false,
      method: 'courier' as const,
      courierService: 'overnight' as const,
      saveAddress: true,
    };
    expect(initialChoices(draft, null)).toEqual({ method: 'courier', speed: PAXI_EXPRESS, point: seaPoint, level: 'overnight', saveAddress: true, saveToProfile: false, asGuest: false, createAccount: false });
    expect(initialChoices(draft, tableView).point).toBe(tableView);
    expect(initialChoices({ ...draft, speed: 'no-such-speed' as never }, null).speed).toBe(PAXI_STANDARD);
  });

  it("start a guest's checkout as a guest only where the shop takes guests", () => {
    // This shop asks for accounts (no guestCheckout in the page): a draft's guest choice does not count.
    expect(initialChoices({ customer: {} as never, speed: 'paxi-standard', point: null, saveToProfile: true, asGuest: true, createAccount: true }, null)).toMatchObject({ asGuest: false, createAccount: true });
  });

  it('keep the PAXI speed and point while the shopper looks at courier delivery, and change one thing at a time', () => {
    let choices = initialChoices(null, seaPoint);
    choices = checkoutChoicesReducer(choices, { type: 'speed', value: PAXI_EXPRESS });
    choices = checkoutChoicesReducer(choices, { type: 'method', value: 'courier' });
    choices = checkoutChoicesReducer(choices, { type: 'level', value: 'overnight' });
    choices = checkoutChoicesReducer(choices, { type: 'saveAddress', value: true });
    expect(choices).toEqual({ method: 'courier', speed: PAXI_EXPRESS, point: seaPoint, level: 'overnight', saveAddress: true, saveToProfile: true, asGuest: false, createAccount: false });
    choices = checkoutChoicesReducer(choices, { type: 'method', value: 'paxi' });
    choices = checkoutChoicesReducer(choices, { type: 'point', value: null });
    choices = checkoutChoicesReducer(choices, { type: 'saveToProfile', value: false });
    expect(choices).toEqual({ method: 'paxi', speed: PAXI_EXPRESS, point: null, level: 'overnight', saveAddress: true, saveToProfile: false, asGuest: false, createAccount: false });
  });
});

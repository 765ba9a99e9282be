import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, checkouts, discountCodeUses, type CheckoutSnapshot } from '../db/schema';
import { InvalidInputError } from '../errors';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { signedIn } from '../testing/test-admin';
import { createDiscountCodeSchema, discountMessages, type DiscountCodeView } from '../../shared/discounts';
import { dayInWords } from '../../shared/profile';
import { discountCents } from '../../shared/pricing';
import { todayInSouthAfrica } from '../../shared/profile';
import { createDiscountService, giveDiscountBack, type DiscountService } from './service';

const ADMIN = 'specials@example.co.za';
const origin = { origin: TEST_PUBLIC_URL };

describe('what a code takes off', () => {
  const percent = { kind: 'percent' as const, percent: 15, amountCents: null, includesDelivery: false };
  const amount = { kind: 'amount' as const, percent: null, amountCents: 5_000, includesDelivery: false };
  it('takes a percentage of the flags, rounded to the cent, and of the delivery fee only when the code says so', () => {
    expect(discountCents(percent, 39_000, 9_900)).toBe(5_850);
    expect(discountCents({ ...percent, percent: 33 }, 1_001, 0)).toBe(330);
    expect(discountCents({ ...percent, includesDelivery: true }, 39_000, 9_900)).toBe(7_335);
  });
  it('takes a fixed amount, never more than what it applies to, and always leaves the R2.00 a card can pay', () => {
    expect(discountCents(amount, 39_000, 9_900)).toBe(5_000);
    expect(discountCents(amount, 3_000, 9_900)).toBe(3_000);
    expect(discountCents({ ...amount, includesDelivery: true }, 3_000, 1_500)).toBe(4_300);
    expect(discountCents({ ...percent, percent: 100, includesDelivery: true }, 13_000, 9_900)).toBe(22_700);
  });
});

describeShop('discount codes', { env: { ADMIN_EMAILS: ADMIN } }, (shop) => {
  let admin: string;
  let discounts: DiscountService;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie: string | undefined = admin) =>
    shop.app.inject({ method, url, payload: payload as object, headers: { ...origin, ...(cookie ? { cookie } : {}) } });
  const create = async (body: object) => {
    const res = await call('POST', '/api/admin/discount-codes', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DiscountCodeView>();
  };

  /** A checkout row of the shopper's, for a use to belong to. */
  async function openCheckout(userId: string): Promise<string> {
    const [row] = await shop.db
      .insert(checkouts)
      .values({
        userId,
        cartSessionId: randomUUID(),
        provider: 'sandbox',
        subtotalCents: 39_000,
        deliveryFeeCents: 0,
        totalCents: 39_000,
        snapshot: {} as CheckoutSnapshot,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: checkouts.id });
    return row!.id;
  }
  async function shopperId(label: string): Promise<string> {
    const shopper = await shop.shoppers.signUp(label);
    const session = await shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { ...origin, cookie: shopper.cookie } });
    return session.json<{ user: { id: string } }>().user.id;
  }
  const take = (code: string, userId: string, checkoutId: string, subtotalCents = 39_000, deliveryFeeCents = 9_900) =>
    shop.db.transaction(async (tx) => {
      const applied = await discounts.claimUse(tx, { code, customer: { userId }, subtotalCents, codeSubtotalCents: subtotalCents, deliveryFeeCents });
      await discounts.holdUse(tx, applied, { checkoutId, customer: { userId } });
      return applied;
    });
  const refusedWith = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).code).toBe('discount_refused');
    return (err as Error).message;
  };

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, { name: 'Specials Desk', email: ADMIN, password: 'discounts-desk-1' });
    discounts = createDiscountService(shop.db, () => new Date('2026-12-16T10:00:00+02:00'));
  });

  it('lets only admins make and list codes', async () => {
    const shopper = await shop.shoppers.signUp('not-admin');
    for (const cookie of ['', shopper.cookie]) {
      expect((await call('GET', '/api/admin/discount-codes', undefined, cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await call('POST', '/api/admin/discount-codes', { code: 'FREE', kind: 'percent', percent: 100 }, cookie)).statusCode).toBe(cookie ? 403 : 401);
    }
  });

  it('makes a code in capitals with its limits, lists it, refuses the same code twice whatever its case, and keeps an audit line', async () => {
    const code = await create({ code: ' bafana-bafana ', kind: 'percent', percent: 15, minimumSpendCents: 50_000, startsOn: '2099-12-01', endsOn: '2099-12-31', totalUses: 100, usesPerCustomer: 2 });
    expect(code).toMatchObject({ code: 'BAFANA-BAFANA', kind: 'percent', percent: 15, amountCents: null, minimumSpendCents: 50_000, startsOn: '2099-12-01', endsOn: '2099-12-31', totalUses: 100, usesPerCustomer: 2, includesDelivery: false, active: true, uses: 0, orders: 0, revenueCents: 0 });
    const listed = (await call('GET', '/api/admin/discount-codes')).json<{ codes: DiscountCodeView[] }>().codes;
    expect(listed.map((c) => c.code)).toContain('BAFANA-BAFANA');
    const again = await call('POST', '/api/admin/discount-codes', { code: 'Bafana-Bafana', kind: 'amount', amountCents: 1_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'There is already a discount code BAFANA-BAFANA', code: 'conflict' });
    const [audit] = await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, code.id));
    expect(audit!.summary).toBe('Made discount code BAFANA-BAFANA: 15% off, from R500.00, from 2099-12-01, until 2099-12-31, 100 uses, 2 per customer');
  });

  it('refuses codes it cannot keep, in words, never with a 500', async () => {
    for (const [body, message] of [
      [{ code: 'AB', kind: 'percent', percent: 10 }, 'A code has 3 to 30 letters, digits or dashes, like HERITAGE-DAY'],
      [{ code: 'HALF PRICE', kind: 'percent', percent: 50 }, 'A code has 3 to 30 letters, digits or dashes'],
      [{ code: 'X'.repeat(31), kind: 'percent', percent: 10 }, 'A code has 3 to 30 letters'],
      [{ code: 'NUL\0CODE', kind: 'percent', percent: 10 }, 'contains a NUL character'],
      [{ code: 'OVER', kind: 'percent', percent: 101 }, 'The percentage off must be a whole number from 1 to 100'],
      [{ code: 'NOPCT', kind: 'percent' }, 'The percentage off must be a whole number from 1 to 100'],
      [{ code: 'NEG', kind: 'amount', amountCents: -500 }, 'Please enter the amount off in rand'],
      [{ code: 'HUGE', kind: 'amount', amountCents: 1e12 }, 'Please enter the amount off in rand'],
      [{ code: 'KIND', kind: 'bogo', percent: 10 }, 'Choose a percentage or a fixed amount off'],
      [{ code: 'DATES', kind: 'percent', percent: 10, startsOn: '2026-12-31', endsOn: '2026-12-01' }, 'The last day must be on or after the first day'],
      [{ code: 'BADDAY', kind: 'percent', percent: 10, startsOn: '2026-02-30' }, 'Please enter a date like 2026-12-16, or leave it empty'],
      [{ code: 'USES', kind: 'percent', percent: 10, totalUses: 0 }, 'Total uses must be a whole number of at least 1'],
      [{ code: 'PER', kind: 'percent', percent: 10, usesPerCustomer: 1.5 }, 'Uses per customer must be a whole number of at least 1'],
      [{ code: 'EXTRA', kind: 'percent', percent: 10, free: true }, 'Unrecognized key'],
      [['HERITAGE'], 'The request body must be a JSON object'],
    ] as const) {
      const res = await call('POST', '/api/admin/discount-codes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect((await call('PATCH', `/api/admin/discount-codes/${randomUUID()}`, { active: false })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/discount-codes/not-an-id', { active: false })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/discount-codes/${randomUUID()}`, { active: 'no' })).statusCode).toBe(400);
  });

  it('refuses a code whose last day has already passed, and takes one that ends today', async () => {
    const today = todayInSouthAfrica();
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await call('POST', '/api/admin/discount-codes', { code: 'TOO-LATE', kind: 'percent', percent: 10, endsOn: yesterday });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: discountMessages.endedAlready(yesterday, today), code: 'invalid_input' });
    expect(res.json<{ message: string }>().message).toBe(
      `The last day, ${dayInWords(yesterday)}, has already passed, so shoppers could never use this code. Choose ${dayInWords(today)} or a later day, or leave it empty.`,
    );
    const listed = (await call('GET', '/api/admin/discount-codes')).json<{ codes: DiscountCodeView[] }>().codes;
    expect(listed.map((c) => c.code)).not.toContain('TOO-LATE');
    expect(await create({ code: 'LAST-CHANCE', kind: 'percent', percent: 10, endsOn: today })).toMatchObject({ code: 'LAST-CHANCE', endsOn: today });
  });

  it('takes a use when a checkout is created, refuses in the shopper\'s words, and gives the use back when the checkout ends unpaid', async () => {
    await create({ code: 'HERITAGE', kind: 'amount', amountCents: 5_000, minimumSpendCents: 20_000, totalUses: 2, usesPerCustomer: 1, includesDelivery: true });
    await create({ code: 'SUMMER27', kind: 'percent', percent: 10, startsOn: '2027-01-01' });
    // Made in November, while it still ran; the checkouts below come in December.
    const november = createDiscountService(shop.db, () => new Date('2026-11-01T10:00:00+02:00'));
    await november.create({ id: 'admin-1', email: ADMIN }, createDiscountCodeSchema.parse({ code: 'SPRING', kind: 'percent', percent: 10, endsOn: '2026-11-30' }));
    const switchedOff = await create({ code: 'OLDCODE', kind: 'percent', percent: 10 });
    expect((await call('PATCH', `/api/admin/discount-codes/${switchedOff.id}`, { active: false })).json()).toMatchObject({ active: false });

    const [thandi, sipho, lerato] = [await shopperId('thandi'), await shopperId('sipho'), await shopperId('lerato')];
    expect(await refusedWith(take('NOSUCH', thandi, await openCheckout(thandi)))).toBe('This discount code is not valid. Please check it and try again.');
    expect(await refusedWith(take('summer27', thandi, await openCheckout(thandi)))).toBe('This discount code can be used from 1 January 2027.');
    expect(await refusedWith(take('SPRING', thandi, await openCheckout(thandi)))).toBe('This discount code has expired.');
    expect(await refusedWith(take('OLDCODE', thandi, await openCheckout(thandi)))).toBe('This discount code is no longer available.');
    expect(await refusedWith(take('HERITAGE', thandi, await openCheckout(thandi), 19_999))).toBe('This discount code needs flags worth at least R200.00 in your cart.');

    const first = await openCheckout(thandi);
    expect(await take(' heritage ', thandi, first)).toMatchObject({ code: 'HERITAGE', discountCents: 5_000 });
    // Her first checkout is not paid yet: its page still holds her use.
    expect(await refusedWith(take('HERITAGE', thandi, await openCheckout(thandi)))).toMatch(/^Your earlier payment page still holds this discount code until \d\d:\d\d\./);
    await take('HERITAGE', sipho, await openCheckout(sipho));
    expect(await refusedWith(take('HERITAGE', lerato, await openCheckout(lerato)))).toBe('This discount code has been used up.');

    // Thandi's checkout ended unpaid: her use is free again, for her or for someone else.
    await giveDiscountBack(shop.db, first);
    await take('HERITAGE', lerato, await openCheckout(lerato));
    const listed = (await call('GET', '/api/admin/discount-codes')).json<{ codes: DiscountCodeView[] }>().codes;
    expect(listed.find((c) => c.code === 'HERITAGE')).toMatchObject({ uses: 2, orders: 0, revenueCents: 0 });
  });

  it('gives the last use to one shopper only when many check out at once', async () => {
    await create({ code: 'LAST-ONE', kind: 'percent', percent: 20, totalUses: 1, usesPerCustomer: 1 });
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => shopperId(`racer-${i}`)));
    const checkoutIds = await Promise.all(racers.map((id) => openCheckout(id)));
    const outcomes = await Promise.allSettled(racers.map((id, i) => take('LAST-ONE', id, checkoutIds[i]!)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []));
    expect(refusals).toEqual(Array(5).fill('This discount code has been used up.'));
    const code = (await call('GET', '/api/admin/discount-codes')).json<{ codes: DiscountCodeView[] }>().codes.find((c) => c.code === 'LAST-ONE')!;
    expect((await shop.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code.id))).length).toBe(1);
  });
});

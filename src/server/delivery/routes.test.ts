import { afterAll, beforeEach, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { startShiplogicFake, type ShiplogicFake } from '../testing/shiplogic-fake';
import { COURIER_NOT_SERVED_MESSAGE, COURIER_UNAVAILABLE_MESSAGE } from './courier';
import { setMainSize } from '../testing/main-size';

const address = { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' };

let fake: ShiplogicFake;
/** The fake starts before each database's shop, which is started with its address. */
const withFake = async () => {
  fake = await startShiplogicFake();
  return { env: fake.settings };
};

describeShop('courier rates for the cart', withFake, (shop) => {
  const rates = (cookie: string | undefined, body: unknown, headers: Record<string, string> = { origin: TEST_PUBLIC_URL }) =>
    shop.app.inject({ method: 'POST', url: '/api/delivery/courier-rates', payload: body as object, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(async () => {
    fake.notServed.clear();
    await shop.db.delete(rateLimits);
  });

  it("prices the signed-in shopper's cart to the address, packed from each flag's weight and folded size", async () => {
    const shopper = await shop.shoppers.signUp('courier');
    await shop.shoppers.addToCart(shopper, 'south-africa', 2);
    await shop.shoppers.addToCart(shopper, 'kenya', 1);
    const res = await rates(shopper.cookie, { address });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // 3 flags of 200 g and 100 g of packaging: charged as 1 kg.
    expect(res.json()).toEqual({
      rates: [
        { serviceLevel: 'economy', name: 'Economy (3-5 business days)', priceCents: 11_000 },
        { serviceLevel: 'overnight', name: 'Overnight (next business day)', priceCents: 17_000 },
      ],
    });
    expect(fake.requests.at(-1)!.body).toMatchObject({
      parcels: [{ submitted_length_cm: 30, submitted_width_cm: 20, submitted_height_cm: 6, submitted_weight_kg: 0.7 }],
      declared_value: 425,
    });

    // A heavier flag, as the order desk set it, makes a heavier parcel.
    await setMainSize(shop.db, 'kenya', { weightGrams: 1_500 });
    expect((await rates(shopper.cookie, { address })).json<{ rates: { priceCents: number }[] }>().rates[0]!.priceCents).toBe(12_500);
  });

  it('says in words when the courier cannot deliver there or cannot be reached, so the shopper can pick PAXI', async () => {
    const shopper = await shop.shoppers.signUp('far-away');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    fake.notServed.add('8001');
    const notServed = await rates(shopper.cookie, { address });
    expect(notServed.statusCode).toBe(422);
    expect(notServed.json()).toEqual({ message: COURIER_NOT_SERVED_MESSAGE, code: 'courier_unavailable' });

    fake.failNext('/v2/rates', 503, 'Service Unavailable');
    const down = await rates(shopper.cookie, { address });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ message: COURIER_UNAVAILABLE_MESSAGE, code: 'courier_unavailable' });
  });

  it('refuses a signed-out shopper, an empty cart, another website and a bad address in words, never with a 500', async () => {
    expect((await rates(undefined, { address })).statusCode).toBe(401);
    const shopper = await shop.shoppers.signUp('empty-cart');
    const empty = await rates(shopper.cookie, { address });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('cart_empty');

    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const elsewhere = await rates(shopper.cookie, { address }, { origin: 'https://evil.example' });
    expect(elsewhere.statusCode).toBe(403);

    for (const [body, message] of [
      [{}, 'Please enter the delivery address'],
      [{ address: 'Cape Town' }, 'Please enter the delivery address'],
      [{ address: { ...address, province: 'Transvaal' } }, 'Please choose a province'],
      [{ address: { ...address, postalCode: '80010' } }, 'Please enter a 4-digit postal code'],
      [{ address: { ...address, postalCode: -8001 } }, 'Please enter a 4-digit postal code'],
      [{ address: { ...address, suburb: 'x'.repeat(10_000) } }, 'Suburb must be at most 100 characters'],
      [{ address: { ...address, street: '12 Long\0Street' } }, 'contains a NUL character'],
      [[address], 'The request body must be a JSON object'],
    ] as const) {
      const res = await rates(shopper.cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('lets one address ask for 30 quotes in ten minutes, then refuses in words with a Retry-After', async () => {
    const shopper = await shop.shoppers.signUp('quote-loop');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    for (let i = 0; i < 30; i += 1) expect((await rates(shopper.cookie, { address })).statusCode).toBe(200);
    const asked = fake.requests.length;
    const refused = await rates(shopper.cookie, { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many delivery quotes from this address. Please try again in a few minutes.', code: 'too_many_attempts' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake.requests.length).toBe(asked);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { pickupPoints } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { importPickupPoints } from './service';
import { samplePoints, seedSamplePickupPoints } from './sample-points';
import type { PointInput } from './point-list';

/** Where the gazetteer puts 'Sea Point, Cape Town' and 'Stellenbosch'. */
const SEA_POINT = { latitude: -33.9175, longitude: 18.3872 };
const STELLENBOSCH = { latitude: -33.9346, longitude: 18.8668 };

/**
 * Points placed at known distances. Due north, one degree of latitude is 6371 km × π/180 =
 * 111.195 km, so 0.01° = 1.112 km, 0.045° = 5.004 km, 0.1° = 11.119 km, 0.2° = 22.239 km. Due
 * east at latitude 33.9175° S, 0.05° of longitude is 111.195 × cos(33.9175°) × 0.05 = 4.614 km.
 */
const point = (code: string, at: { latitude: number; longitude: number }, extra: Partial<typeof pickupPoints.$inferInsert> = {}) => ({
  code,
  name: `PEP Test ${code}`,
  address: 'Main Road, Sea Point',
  town: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8005',
  phone: '021 555 0100',
  latitude: at.latitude,
  longitude: at.longitude,
  ...extra,
});
const north = (from: { latitude: number; longitude: number }, degrees: number) => ({ latitude: from.latitude + degrees, longitude: from.longitude });
const fixtures = [
  point('T-NEAR1', north(SEA_POINT, 0.01)),
  point('T-NEAR2', north(SEA_POINT, 0.045)),
  point('T-EAST', { latitude: SEA_POINT.latitude, longitude: SEA_POINT.longitude + 0.05 }),
  point('T-CLOSED', north(SEA_POINT, 0.02), { isOpen: false }),
  point('T-FAR', north(SEA_POINT, 0.1)),
  point('T-VERYFAR', north(SEA_POINT, 0.2)),
  point('T-STEL', north(STELLENBOSCH, 0.1), { address: 'Bird Street', town: 'Stellenbosch', postalCode: '7600' }),
  point('T-NDLOVU', { latitude: -28.1, longitude: 30.2 }, { address: '1 Test Street', town: 'Ndlovu Park', province: 'KwaZulu-Natal', postalCode: '3999' }),
  // Northern Cape, measured from the province's middle (29.3° S, 21.5° E): Prieska 127.3 km,
  // Calvinia 292.5 km, Kimberley 323.6 km; none within 50 km of Upington.
  ...(
    [
      ['T-PRIESKA', -29.664, 22.747, 'Prieska', '8940'],
      ['T-CALVINIA', -31.47, 19.776, 'Calvinia', '8190'],
      ['T-KIMBERLEY', -28.733, 24.764, 'Kimberley', '8301'],
    ] as const
  ).map(([code, latitude, longitude, town, postalCode]) =>
    point(code, { latitude, longitude }, { address: 'Main Street', town, province: 'Northern Cape', postalCode }),
  ),
  point('T-NC-CLOSED', { latitude: -29.3, longitude: 21.5 }, { address: 'Main Street', town: 'Kenhardt', province: 'Northern Cape', postalCode: '8900', isOpen: false }),
];

const ADDRESS_REQUIRED = 'Address Required: Please enter your suburb, town or postal code to find a PAXI point to collect from.';

interface Found {
  paxiPoints: { id: string; code: string; name: string; address: string; town: string; province: string; postalCode: string | null; distance: number; isSample: boolean }[];
  count: number;
  location: { address: string; latitude: number; longitude: number };
  area: 'place' | 'province';
  radiusKm: number | null;
  requestedRadiusKm: number;
  widened: boolean;
  notice: string | null;
}

describeShop('PAXI point finder', {}, (shop) => {
  beforeAll(async () => {
    await shop.db.delete(pickupPoints);
    await shop.db.insert(pickupPoints).values(fixtures);
  });

  /** A body as an object, or as raw JSON text for what JSON.stringify cannot write (a lone surrogate). */
  const search = (payload: object | string) =>
    shop.app.inject({ method: 'POST', url: '/api/paxi-points', headers: { 'content-type': 'application/json' }, payload });
  const found = async (payload: object): Promise<Found> => {
    const res = await search(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Found>();
  };

  it('lists open points within 8 km, nearest first, with distances in km to 0.1', async () => {
    const body = await found({ address: 'Sea Point, Cape Town', radiusKm: 8 });
    expect(body.paxiPoints.map((p) => [p.id, p.distance])).toEqual([
      ['T-NEAR1', 1.1],
      ['T-EAST', 4.6],
      ['T-NEAR2', 5.0],
    ]);
    expect(body.count).toBe(3);
    expect(body.location).toEqual({ address: 'Sea Point, Cape Town, Western Cape', ...SEA_POINT });
    expect(body).toMatchObject({ area: 'place', radiusKm: 8, requestedRadiusKm: 8, widened: false, notice: null });
    expect(body.paxiPoints[0]).toEqual({
      id: 'T-NEAR1',
      code: 'T-NEAR1',
      name: 'PEP Test T-NEAR1',
      address: 'Main Road, Sea Point, Cape Town, Western Cape, 8005',
      street: 'Main Road, Sea Point',
      town: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8005',
      phone: '021 555 0100',
      isSample: false,
      latitude: SEA_POINT.latitude + 0.01,
      longitude: SEA_POINT.longitude,
      distance: 1.1,
    });
  });

  it('takes 8 km when no radius is given, and honours a smaller or larger one', async () => {
    expect((await found({ address: 'sea point' })).paxiPoints.map((p) => p.id)).toEqual(['T-NEAR1', 'T-EAST', 'T-NEAR2']);
    expect((await found({ address: 'Sea Point', radiusKm: 3 })).paxiPoints.map((p) => p.id)).toEqual(['T-NEAR1']);
    const wide = await found({ address: 'Sea Point', radiusKm: 12 });
    expect(wide.paxiPoints.map((p) => [p.id, p.distance])).toEqual([
      ['T-NEAR1', 1.1],
      ['T-EAST', 4.6],
      ['T-NEAR2', 5.0],
      ['T-FAR', 11.1],
    ]);
  });

  it('never lists a closed point', async () => {
    const body = await found({ address: 'Sea Point, Cape Town', radiusKm: 30 });
    expect(body.paxiPoints.map((p) => p.id)).not.toContain('T-CLOSED');
    expect(body.paxiPoints.map((p) => p.id)).toEqual(['T-NEAR1', 'T-EAST', 'T-NEAR2', 'T-FAR', 'T-VERYFAR']);
    expect(body.paxiPoints.at(-1)?.distance).toBe(22.2);
  });

  it('looks as far as 20 km when nothing is within 8 km, and says so', async () => {
    const body = await found({ address: 'Stellenbosch', radiusKm: 8 });
    expect(body.paxiPoints.map((p) => [p.id, p.distance])).toEqual([['T-STEL', 11.1]]);
    expect(body).toMatchObject({ radiusKm: 20, requestedRadiusKm: 8, widened: true, count: 1 });
    expect(body.notice).toBe('No PAXI points within 8 km, so these are the nearest within 20 km.');
    expect(body.location.address).toBe('Stellenbosch, Western Cape');
  });

  it("answers the spec's message when nothing is within 20 km", async () => {
    const res = await search({ address: 'Upington', radiusKm: 8 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No pickup points found within 20km of your address.', code: 'not_found' });
    const wider = await search({ address: 'Upington', radiusKm: 50 });
    expect(wider.statusCode).toBe(404);
    expect(wider.json()).toEqual({ message: 'No pickup points found within 50km of your address.', code: 'not_found' });
  });

  it('finds a postal code and a full street address', async () => {
    const byCode = await found({ address: '8005' });
    expect(byCode.location.address).toBe('Sea Point, Cape Town, Western Cape 8005');
    expect(byCode.paxiPoints[0]?.id).toBe('T-NEAR1');
    const street = await found({ address: '12 Main Road, Sea Point, Cape Town 8005' });
    expect(street.location).toEqual({ address: 'Sea Point, Cape Town, Western Cape 8005', ...SEA_POINT });
  });

  it("finds a town that only the imported points know, by name or postal code", async () => {
    for (const address of ['Ndlovu Park', '3999']) {
      const body = await found({ address });
      expect(body.location.address).toBe('Ndlovu Park, KwaZulu-Natal');
      expect(body.paxiPoints.map((p) => [p.id, p.distance])).toEqual([['T-NDLOVU', 0]]);
    }
  });

  it.each([
    ['an empty address', { address: '' }],
    ['a blank address', { address: '   ' }],
    ['no address', { radiusKm: 8 }],
    ['an address that is not text', { address: 42 }],
  ])('refuses %s with the spec message', async (_label, payload) => {
    const res = await search(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ADDRESS_REQUIRED, code: 'address_required' });
  });

  it('refuses a request without a body the same way', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/paxi-points' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ADDRESS_REQUIRED, code: 'address_required' });
  });

  it.each([[0], [51], ['8'], [-3]])('refuses radiusKm %j', async (radiusKm) => {
    const res = await search({ address: 'Sea Point', radiusKm });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'radiusKm must be a number of kilometres from 1 to 50', code: 'invalid_input' });
  });

  it('says when it cannot place the address, and how to find the points of its province', async () => {
    for (const address of ['xyz', 'Sutherland']) {
      const res = await search({ address });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: `We couldn't find '${address}'. Try your suburb and town or your postal code, or add your province to see the PAXI points in it.`,
        code: 'not_found',
      });
    }
  });

  it.each([
    ['Sutherland, Northern Cape', 'Sutherland'],
    ['Sutherland Northern Cape', 'Sutherland'],
    ['sutherland, NC, South Africa', 'sutherland'],
    ['12 Piet Retief Street, Sutherland; Noord-Kaap', '12 Piet Retief Street, Sutherland'],
  ])(
    'lists the points of the province %j names, nearest its middle, when the town is not known, and says so',
    async (address, unplaced) => {
      const body = await found({ address });
      expect(body.paxiPoints.map((p) => [p.id, p.province, p.distance])).toEqual([
        ['T-PRIESKA', 'Northern Cape', 127.3],
        ['T-CALVINIA', 'Northern Cape', 292.5],
        ['T-KIMBERLEY', 'Northern Cape', 323.6],
      ]);
      expect(body).toMatchObject({ area: 'province', count: 3, radiusKm: null, widened: false });
      expect(body.location).toEqual({ address: 'Northern Cape', latitude: -29.3, longitude: 21.5 });
      expect(body.notice).toBe(`We couldn't find '${unplaced}', so these are the PAXI points in Northern Cape nearest the middle of the province.`);
    },
  );

  it('lists the points of a province searched for by name alone', async () => {
    const body = await found({ address: 'northern cape' });
    expect(body.paxiPoints.map((p) => p.id)).toEqual(['T-PRIESKA', 'T-CALVINIA', 'T-KIMBERLEY']);
    expect(body.notice).toBe('These are the PAXI points in Northern Cape nearest the middle of the province.');
  });

  it('still places a known town by its own place, not its province', async () => {
    const body = await found({ address: 'Stellenbosch, Western Cape' });
    expect(body).toMatchObject({ area: 'place', location: { address: 'Stellenbosch, Western Cape' } });
    expect(body.paxiPoints.map((p) => p.id)).toEqual(['T-STEL']);
  });

  it('says when the province named has no open point', async () => {
    const res = await search({ address: 'Haenertsburg, Limpopo' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No PAXI points found in Limpopo.', code: 'not_found' });
  });

  it.each([
    ['a NUL character in the address', { address: 'Sea\u0000 Point' }, 'address contains a NUL character, which is not allowed'],
    ['a 10 kB address', { address: 'Sea Point '.repeat(1024) }, 'The address is too long (200 characters at most)'],
    ['an address that is a list', { address: ['Sea Point'] }, ADDRESS_REQUIRED],
    ['an address that is an object', { address: { town: 'Sea Point' } }, ADDRESS_REQUIRED],
    ['a huge radius', { address: 'Sea Point', radiusKm: 1e308 }, 'radiusKm must be a number of kilometres from 1 to 50'],
    ['a radius that is not a number', { address: 'Sea Point', radiusKm: { km: 8 } }, 'radiusKm must be a number of kilometres from 1 to 50'],
  ])('refuses %s in words', async (_label, payload, message) => {
    const res = await search(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('refuses a body that is not an object, and a broken character, in words', async () => {
    const list = await search([{ address: 'Sea Point' }]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ message: 'The request body must be a JSON object', code: 'invalid_input' });
    const broken = await search('{"address": "Sea \\ud800 Point"}');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'address contains a broken character (an unpaired UTF-16 surrogate), which is not allowed', code: 'invalid_input' });
  });

  it('shows one open point by its code, for checkout', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/paxi-points/t-near1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'T-NEAR1',
      code: 'T-NEAR1',
      address: 'Main Road, Sea Point, Cape Town, Western Cape, 8005',
      town: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8005',
    });
    expect(res.json()).not.toHaveProperty('distance');
    for (const code of ['T-CLOSED', 'P0000', 'P'.repeat(33)]) {
      const missing = await shop.app.inject({ method: 'GET', url: `/api/paxi-points/${code}` });
      expect(missing.statusCode, code).toBe(404);
      expect(missing.json()).toEqual({ message: 'That PAXI point is not available. Please choose another collection point.', code: 'point_unavailable' });
    }
    const huge = await shop.app.inject({ method: 'GET', url: `/api/paxi-points/${'P'.repeat(10_000)}` });
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toMatchObject({ message: 'The address is too long' });
    const nul = await shop.app.inject({ method: 'GET', url: '/api/paxi-points/P%00001' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: 'The address (code) contains a NUL character, which is not allowed' });
  });

  it('imports by code: adds, updates, keeps or removes with replace, and takes out the sample', async () => {
    const db = shop.db;
    await db.insert(pickupPoints).values(samplePoints[0]!);
    const listed: PointInput[] = [
      { ...point('T-NEAR1', north(SEA_POINT, 0.01)), province: 'Western Cape', isOpen: true },
      { ...point('P9001', north(SEA_POINT, 0.03)), name: 'PEP Fresnaye', province: 'Western Cape', isOpen: true },
      { ...point('T-NEAR2', north(SEA_POINT, 0.045)), name: 'PEP Renamed', province: 'Western Cape', isOpen: true },
    ];
    const first = await importPickupPoints(db, listed, { replace: false });
    expect(first).toEqual({ added: 1, updated: 1, unchanged: 1, removed: 0, sampleRemoved: 1 });
    expect((await db.select().from(pickupPoints).where(eq(pickupPoints.code, 'T-NEAR2')))[0]?.name).toBe('PEP Renamed');
    expect(await db.$count(pickupPoints, eq(pickupPoints.isSample, true))).toBe(0);

    const again = await importPickupPoints(db, listed, { replace: true });
    expect(again).toEqual({ added: 0, updated: 0, unchanged: 3, removed: fixtures.length - 2, sampleRemoved: 0 });
    expect((await db.select({ code: pickupPoints.code }).from(pickupPoints)).map((r) => r.code).sort()).toEqual(['P9001', 'T-NEAR1', 'T-NEAR2']);

    // Back to the fixtures for the tests that follow.
    await db.delete(pickupPoints);
    await db.insert(pickupPoints).values(fixtures);
  });

  it('seeds the labelled sample into an empty table only, and the finder shows it', async () => {
    const db = shop.db;
    expect(await seedSamplePickupPoints(db)).toBe(0);
    await db.delete(pickupPoints);
    expect(await seedSamplePickupPoints(db)).toBe(samplePoints.length);
    expect(await seedSamplePickupPoints(db)).toBe(0);

    const body = await found({ address: 'Sea Point, Cape Town' });
    expect(body.paxiPoints[0]).toMatchObject({ id: 'SAMPLE-02', name: 'PEP Sea Point (sample point)', isSample: true });
    for (const p of body.paxiPoints) expect(p.name).toMatch(/\(sample point\)$/);
  });
});

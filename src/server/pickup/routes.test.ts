import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPoints } from '../db/schema';
import { startTestApp, testDatabases, type TestApp } from '../testing/test-support';
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
];

interface Found {
  paxiPoints: { id: string; code: string; name: string; address: string; town: string; province: string; postalCode: string | null; distance: number; isSample: boolean }[];
  count: number;
  location: { address: string; latitude: number; longitude: number };
  radiusKm: number;
  requestedRadiusKm: number;
  widened: boolean;
}

describe.each(testDatabases())('PAXI point finder on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
    await t.database.db.delete(pickupPoints);
    await t.database.db.insert(pickupPoints).values(fixtures);
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (payload: object) => t.app.inject({ method: 'POST', url: '/api/paxi-points', payload });
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
    expect(body).toMatchObject({ radiusKm: 8, requestedRadiusKm: 8, widened: false });
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
    expect(res.json()).toEqual({ message: 'Address Required: Please enter your delivery address first.', code: 'address_required' });
  });

  it('refuses a request without a body the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/paxi-points' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Address Required: Please enter your delivery address first.', code: 'address_required' });
  });

  it.each([[0], [51], ['8'], [-3]])('refuses radiusKm %j', async (radiusKm) => {
    const res = await search({ address: 'Sea Point', radiusKm });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'radiusKm must be a number of kilometres from 1 to 50', code: 'invalid_input' });
  });

  it('says when it cannot place the address', async () => {
    const res = await search({ address: 'xyz' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "We couldn't find 'xyz'. Try your suburb and town, or your postal code.", code: 'not_found' });
  });

  it('shows one open point by its code, for checkout', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/paxi-points/t-near1' });
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
    for (const code of ['T-CLOSED', 'P0000']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/paxi-points/${code}` });
      expect(missing.statusCode, code).toBe(404);
      expect(missing.json()).toEqual({ message: 'That PAXI point is not available. Please choose another collection point.', code: 'point_unavailable' });
    }
  });

  it('imports by code: adds, updates, keeps or removes with replace, and takes out the sample', async () => {
    const db = t.database.db;
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
    const db = t.database.db;
    expect(await seedSamplePickupPoints(db)).toBe(0);
    await db.delete(pickupPoints);
    expect(await seedSamplePickupPoints(db)).toBe(samplePoints.length);
    expect(await seedSamplePickupPoints(db)).toBe(0);

    const body = await found({ address: 'Sea Point, Cape Town' });
    expect(body.paxiPoints[0]).toMatchObject({ id: 'SAMPLE-02', name: 'PEP Sea Point (sample point)', isSample: true });
    for (const p of body.paxiPoints) expect(p.name).toMatch(/\(sample point\)$/);
  });
});

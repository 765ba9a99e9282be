import { and, asc, between, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pickupPoints } from '../db/schema';
import { NotFoundError } from '../errors';
import { geocode, normalisePlaceName, type GeocodedPlace } from './geocode';
import type { PointInput } from './point-list';
import { provinces } from './provinces';

/** The finder's wording (spec sections 5 and 8). */
export const pickupMessages = {
  addressRequired: 'Address Required: Please enter your delivery address first.',
  noPointsWithin: (radiusKm: number) => `No pickup points found within ${radiusKm}km of your address.`,
  placeNotFound: (address: string) => `We couldn't find '${address}'. Try your suburb and town, or your postal code.`,
  pointNotAvailable: 'That PAXI point is not available. Please choose another collection point.',
} as const;

/** The finder asks for 8 km (spec section 9); when nothing is that close it looks as far as 20 km. */
export const DEFAULT_RADIUS_KM = 8;
export const WIDER_RADIUS_KM = 20;
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 50;
/** At most this many points in one answer, nearest first. */
export const MAX_POINTS = 20;

/** A pickup point as the finder and checkout see it. */
export interface PickupPoint {
  /** The spec's id: PAXI's point code. */
  id: string;
  code: string;
  name: string;
  /** One line: street, town, province, postal code. */
  address: string;
  /** The street lines alone. */
  street: string;
  town: string;
  province: string;
  postalCode: string | null;
  phone: string | null;
  /** A point of the shipped sample, not a real PAXI point. */
  isSample: boolean;
}

export interface NearbyPickupPoint extends PickupPoint {
  /** Great-circle distance in km, to 0.1 km. */
  distance: number;
}

export interface PickupSearchResult {
  paxiPoints: NearbyPickupPoint[];
  count: number;
  location: { address: string; latitude: number; longitude: number };
  /** The radius the points were found in: the one asked for, or 20 km when nothing was closer. */
  radiusKm: number;
  requestedRadiusKm: number;
  widened: boolean;
}

type PointRow = typeof pickupPoints.$inferSelect;

/** 'Main Road, Sea Point' in Cape Town → 'Main Road, Sea Point, Cape Town, Western Cape, 8005'. */
export function oneLineAddress(point: Pick<PointRow, 'address' | 'town' | 'province' | 'postalCode'>): string {
  const street = point.address.trim();
  // PAXI's address lines sometimes end with the town already.
  const endsWithTown = normalisePlaceName(street).endsWith(normalisePlaceName(point.town));
  return [street, endsWithTown ? '' : point.town, point.province, point.postalCode ?? ''].filter(Boolean).join(', ');
}

function toPickupPoint(row: Pick<PointRow, 'code' | 'name' | 'address' | 'town' | 'province' | 'postalCode' | 'phone' | 'isSample'>): PickupPoint {
  return {
    id: row.code,
    code: row.code,
    name: row.name,
    address: oneLineAddress(row),
    street: row.address,
    town: row.town,
    province: row.province,
    postalCode: row.postalCode,
    phone: row.phone,
    isSample: row.isSample,
  };
}

/** An open point by its code, for checkout to check the shopper's choice; null when unknown or closed. */
export async function findPoint(db: Database, code: string): Promise<PickupPoint | null> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return null;
  const [row] = await db
    .select()
    .from(pickupPoints)
    .where(and(eq(pickupPoints.code, wanted), eq(pickupPoints.isOpen, true)));
  return row ? toPickupPoint(row) : null;
}

const KM_PER_DEGREE = (6371 * Math.PI) / 180;

/**
 * Open points within radiusKm of a place, nearest first. Computed in SQL: about 2,800 rows, cut
 * to a box around the place before the haversine, so every process sees the latest import without
 * a cache to keep in step.
 */
async function openPointsNear(db: Database, at: { latitude: number; longitude: number }, radiusKm: number) {
  const lat = sql`${at.latitude}::double precision`;
  const lng = sql`${at.longitude}::double precision`;
  const distance = sql<number>`(12742 * asin(least(1, sqrt(
    power(sin(radians(${pickupPoints.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${pickupPoints.latitude})) * power(sin(radians(${pickupPoints.longitude} - ${lng}) / 2), 2)))))`;
  const latSpan = radiusKm / KM_PER_DEGREE;
  const lngSpan = radiusKm / (KM_PER_DEGREE * Math.max(0.2, Math.cos((at.latitude * Math.PI) / 180)));
  const rows = await db
    .select({
      code: pickupPoints.code,
      name: pickupPoints.name,
      address: pickupPoints.address,
      town: pickupPoints.town,
      province: pickupPoints.province,
      postalCode: pickupPoints.postalCode,
      phone: pickupPoints.phone,
      isSample: pickupPoints.isSample,
      distance,
    })
    .from(pickupPoints)
    .where(
      and(
        eq(pickupPoints.isOpen, true),
        between(pickupPoints.latitude, at.latitude - latSpan, at.latitude + latSpan),
        between(pickupPoints.longitude, at.longitude - lngSpan, at.longitude + lngSpan),
      ),
    )
    .orderBy(asc(distance), asc(pickupPoints.code))
    .limit(MAX_POINTS);
  return rows
    .map((row) => ({ ...toPickupPoint(row), distance: Number(row.distance) }))
    .filter((point) => point.distance <= radiusKm);
}

/**
 * Places an address the gazetteer does not know by the towns and postal codes of the pickup
 * points themselves: once PAXI's list is imported, every town with a point can be found.
 */
async function locateByPoints(db: Database, address: string): Promise<GeocodedPlace | null> {
  const codes = [...address.matchAll(/\b\d{4}\b/g)].map((m) => m[0]);
  const towns = address
    .split(/[,;\n]+/)
    .map((part) => part.replace(/\d+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase())
    .filter(Boolean);
  const centre = async (where: ReturnType<typeof and>) => {
    const [row] = await db
      .select({
        town: pickupPoints.town,
        province: pickupPoints.province,
        latitude: sql<number>`avg(${pickupPoints.latitude})`,
        longitude: sql<number>`avg(${pickupPoints.longitude})`,
      })
      .from(pickupPoints)
      .where(where)
      .groupBy(pickupPoints.town, pickupPoints.province)
      .orderBy(sql`count(*) desc`, asc(pickupPoints.town))
      .limit(1);
    return row ? { label: `${row.town}, ${row.province}`, latitude: Number(row.latitude), longitude: Number(row.longitude) } : null;
  };
  if (codes.length > 0) {
    const found = await centre(and(eq(pickupPoints.isSample, false), inArray(pickupPoints.postalCode, codes)));
    if (found) return found;
  }
  if (towns.length > 0) {
    return centre(and(eq(pickupPoints.isSample, false), inArray(sql`lower(${pickupPoints.town})`, towns)));
  }
  return null;
}

export interface ImportOutcome {
  added: number;
  updated: number;
  unchanged: number;
  /** Points no longer in PAXI's list (only with replace). */
  removed: number;
  /** Sample points taken out because a real list arrived. */
  sampleRemoved: number;
}

const sameAs = (row: PointRow, point: PointInput) =>
  !row.isSample &&
  row.name === point.name &&
  row.address === point.address &&
  row.town === point.town &&
  row.province === point.province &&
  row.postalCode === point.postalCode &&
  row.phone === point.phone &&
  row.latitude === point.latitude &&
  row.longitude === point.longitude &&
  row.isOpen === point.isOpen;

/**
 * Writes a point list in one transaction: new codes are added, known codes updated, the sample
 * removed; with replace, points missing from the list are removed too.
 */
export async function importPickupPoints(db: Database, points: PointInput[], { replace }: { replace: boolean }): Promise<ImportOutcome> {
  if (points.length === 0) throw new Error('The list has no valid points; nothing was changed.');
  return db.transaction(async (tx) => {
    const existing = new Map((await tx.select().from(pickupPoints)).map((row) => [row.code, row]));
    const codes = points.map((p) => p.code);
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    const writes: PointInput[] = [];
    for (const point of points) {
      const row = existing.get(point.code);
      if (!row) added++;
      else if (sameAs(row, point)) {
        unchanged++;
        continue;
      } else updated++;
      writes.push(point);
    }
    for (let i = 0; i < writes.length; i += 500) {
      await tx
        .insert(pickupPoints)
        .values(writes.slice(i, i + 500).map((point) => ({ ...point, isSample: false })))
        .onConflictDoUpdate({
          target: pickupPoints.code,
          set: {
            name: sql`excluded.name`,
            address: sql`excluded.address`,
            town: sql`excluded.town`,
            province: sql`excluded.province`,
            postalCode: sql`excluded.postal_code`,
            phone: sql`excluded.phone`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            isOpen: sql`excluded.is_open`,
            isSample: false,
            updatedAt: sql`now()`,
          },
        });
    }
    const sample = await tx
      .delete(pickupPoints)
      .where(and(eq(pickupPoints.isSample, true), notInArray(pickupPoints.code, codes)))
      .returning({ code: pickupPoints.code });
    const removed = replace
      ? await tx
          .delete(pickupPoints)
          .where(and(eq(pickupPoints.isSample, false), notInArray(pickupPoints.code, codes)))
          .returning({ code: pickupPoints.code })
      : [];
    return { added, updated, unchanged, removed: removed.length, sampleRemoved: sample.length };
  });
}

export interface PickupPointSummary {
  byProvince: { province: string; open: number; closed: number }[];
  open: number;
  closed: number;
  samplePoints: number;
}

/** How many points each province has, and whether the sample is still in use. */
export async function pickupPointSummary(db: Database): Promise<PickupPointSummary> {
  const rows = await db
    .select({ province: pickupPoints.province, isOpen: pickupPoints.isOpen, isSample: pickupPoints.isSample, n: count() })
    .from(pickupPoints)
    .groupBy(pickupPoints.province, pickupPoints.isOpen, pickupPoints.isSample);
  const byProvince = new Map<string, { province: string; open: number; closed: number }>(
    provinces.map((province) => [province, { province, open: 0, closed: 0 }]),
  );
  let samplePoints = 0;
  for (const row of rows) {
    const entry = byProvince.get(row.province) ?? { province: row.province, open: 0, closed: 0 };
    if (row.isOpen) entry.open += row.n;
    else entry.closed += row.n;
    byProvince.set(row.province, entry);
    if (row.isSample) samplePoints += row.n;
  }
  const list = [...byProvince.values()];
  return {
    byProvince: list,
    open: list.reduce((sum, p) => sum + p.open, 0),
    closed: list.reduce((sum, p) => sum + p.closed, 0),
    samplePoints,
  };
}

export function createPickupService(db: Database) {
  return {
    /**
     * The PAXI finder: places the address, then lists open points nearest first within the radius
     * asked for (8 km by default); when none is that close, within 20 km. Nothing within 20 km (or
     * a larger radius asked for) is the spec's 'No pickup points found within 20km of your address.'
     */
    async search(address: string, requestedRadiusKm: number = DEFAULT_RADIUS_KM): Promise<PickupSearchResult> {
      const place = geocode(address) ?? (await locateByPoints(db, address));
      if (!place) throw new NotFoundError(pickupMessages.placeNotFound(address));
      const outerRadiusKm = Math.max(requestedRadiusKm, WIDER_RADIUS_KM);
      const found = await openPointsNear(db, place, outerRadiusKm);
      const close = found.filter((point) => point.distance <= requestedRadiusKm);
      const paxiPoints = (close.length > 0 ? close : found).map((point) => ({ ...point, distance: Math.round(point.distance * 10) / 10 }));
      if (paxiPoints.length === 0) throw new NotFoundError(pickupMessages.noPointsWithin(outerRadiusKm));
      const widened = close.length === 0;
      return {
        paxiPoints,
        count: paxiPoints.length,
        location: { address: place.label, latitude: place.latitude, longitude: place.longitude },
        radiusKm: widened ? outerRadiusKm : requestedRadiusKm,
        requestedRadiusKm,
        widened,
      };
    },
    findPoint: (code: string) => findPoint(db, code),
  };
}

export type PickupService = ReturnType<typeof createPickupService>;

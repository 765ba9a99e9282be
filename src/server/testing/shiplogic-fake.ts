import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake for Shiplogic's REST API (v2), written from its public documentation and
 * answers recorded from its sandbox, for tests: rates, shipments, labels (a signed link to a PDF)
 * and tracking, each refusing a wrong key as Shiplogic does.
 */

interface FakeShipment {
  id: number;
  short_tracking_reference: string;
  status: string;
  customer_reference: string;
  service_level_code: string;
  request: Record<string, unknown>;
  /** Newest first, as Shiplogic lists them. */
  tracking_events: { id: number; date: string; status: string; message: string; location?: string }[];
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** Where the fake's courier collects from: the shop's SHIPLOGIC_COLLECTION_ADDRESS in the tests. */
export const FAKE_COLLECTION_ADDRESS = '1 Flag Lane; Hatfield; Pretoria; Gauteng; 0083';

export interface ShiplogicFake {
  url: string;
  apiKey: string;
  /** The settings of a shop that uses this fake as its courier. */
  readonly settings: Record<string, string>;
  requests: RecordedRequest[];
  shipments: Map<number, FakeShipment>;
  /** Postal codes the courier does not serve: rates answers with none. */
  notServed: Set<string>;
  /** The next answer to a path, whatever was asked (e.g. a 500). */
  failNext(path: string, status: number, body: string): void;
  /** Waits this long before answering rates. */
  ratesDelayMs: number;
  /** Waits this long before booking a shipment, as a busy courier does: clicks meanwhile overlap. */
  shipmentsDelayMs: number;
  /**
   * Adds a tracking event to a shipment, as the courier's scanners do, and when a webhook address
   * is set, calls it as Shiplogic does: resolves with the shop's answer's status, or undefined.
   */
  track(trackingReference: string, status: string, details?: { location?: string; message?: string; at?: Date }): Promise<number | undefined>;
  /** Where Shiplogic sends its tracking webhook, the shop's secret included (set in its portal). */
  webhookUrl?: string;
  close(): Promise<void>;
}

/** The smallest file a PDF reader opens: enough to tell a label from an error page. */
const LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 298 420]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const SERVICE_LEVELS = [
  { code: 'ECO', name: 'Economy', base: 95, perKg: 15, days: [2, 3] },
  { code: 'OVN', name: 'Overnight', base: 150, perKg: 20, days: [1, 1] },
];

const ADDRESS_FIELDS = ['street_address', 'local_area', 'city', 'zone', 'code'] as const;

function problemWith(body: Record<string, unknown>, withContacts: boolean): string | undefined {
  for (const side of ['collection', 'delivery'] as const) {
    const address = body[`${side}_address`] as Record<string, unknown> | undefined;
    if (!address || typeof address !== 'object') return `The ${side} address is missing.`;
    for (const field of ADDRESS_FIELDS) if (typeof address[field] !== 'string' || address[field] === '') return `The ${side} address ${field} is missing.`;
    if (withContacts) {
      const who = body[`${side}_contact`] as Record<string, unknown> | undefined;
      if (!who || (typeof who.email !== 'string' && typeof who.mobile_number !== 'string')) return `The ${side} contact is missing.`;
    }
  }
  const parcels = body.parcels;
  if (!Array.isArray(parcels) || parcels.length === 0) return 'At least one parcel is required.';
  for (const parcel of parcels as Record<string, unknown>[]) {
    for (const field of ['submitted_length_cm', 'submitted_width_cm', 'submitted_height_cm', 'submitted_weight_kg']) {
      if (typeof parcel[field] !== 'number' || !((parcel[field] as number) > 0)) return `Parcel ${field} must be a positive number.`;
    }
  }
  return undefined;
}

const weightKg = (body: Record<string, unknown>) =>
  (body.parcels as Record<string, number>[]).reduce((sum, parcel) => sum + Math.max(parcel.submitted_weight_kg!, (parcel.submitted_length_cm! * parcel.submitted_width_cm! * parcel.submitted_height_cm!) / 5000), 0);

export async function startShiplogicFake(apiKey = `sl_${randomBytes(12).toString('hex')}`): Promise<ShiplogicFake> {
  const requests: RecordedRequest[] = [];
  const shipments = new Map<number, FakeShipment>();
  const failures = new Map<string, { status: number; body: string }>();
  let nextId = 95_464_038;
  let nextEventId = 2_129_570_191;
  let baseUrl = '';

  const fake: ShiplogicFake = {
    url: '',
    apiKey,
    get settings() {
      return { COURIER_PROVIDER: 'shiplogic', SHIPLOGIC_API_KEY: apiKey, SHIPLOGIC_API_URL: fake.url, SHIPLOGIC_COLLECTION_ADDRESS: FAKE_COLLECTION_ADDRESS };
    },
    requests,
    shipments,
    notServed: new Set(),
    ratesDelayMs: 0,
    shipmentsDelayMs: 0,
    failNext: (path, status, body) => void failures.set(path, { status, body }),
    async track(reference, status, details = {}) {
      const shipment = [...shipments.values()].find((s) => s.short_tracking_reference === reference);
      if (!shipment) throw new Error(`no shipment ${reference}`);
      const date = (details.at ?? new Date()).toISOString();
      shipment.status = status;
      shipment.tracking_events.unshift({
        id: nextEventId++,
        date,
        status,
        message: details.message ?? '',
        ...(details.location ? { location: details.location } : {}),
      });
      if (!fake.webhookUrl) return undefined;
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shipment_id: shipment.id, short_tracking_reference: reference, status, event_time: date }),
      });
      return response.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(req, Buffer.concat(chunks).toString('utf8'), res);
    });
  });

  async function answer(req: http.IncomingMessage, text: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };

    // The label link is signed by the storage, not by the key.
    const label = /^\/labels\/Label_(\d+)\.pdf$/.exec(url.pathname);
    if (label && req.method === 'GET') {
      if (!shipments.has(Number(label[1]))) return json(404, { message: 'NoSuchKey' });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(LABEL_PDF);
    }
    const failure = failures.get(url.pathname);
    if (failure) {
      failures.delete(url.pathname);
      res.writeHead(failure.status, { 'content-type': 'text/plain' });
      return res.end(failure.body);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('Authentication failed, please check your API key.');
    }

    if (req.method === 'POST' && url.pathname === '/v2/rates') {
      if (fake.ratesDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.ratesDelayMs));
      if (!body || typeof body !== 'object') return json(400, { message: 'The request body is missing.' });
      const problem = problemWith(body as Record<string, unknown>, false);
      if (problem) return json(400, { message: problem });
      const delivery = (body as { delivery_address: { code: string } }).delivery_address;
      if (fake.notServed.has(delivery.code)) return json(200, { message: 'Success', rates: [] });
      const kg = Math.ceil(weightKg(body as Record<string, unknown>));
      return json(200, {
        message: 'Success',
        service_days: { collection_service_days: null, delivery_service_days: null },
        rates: SERVICE_LEVELS.map((level) => {
          const rate = level.base + level.perKg * kg;
          return {
            rate,
            rate_excluding_vat: Math.round((rate / 1.15) * 10_000) / 10_000,
            base_rate: { charge: rate, vat_percentage: 15, total_calculated_weight: kg },
            service_level: { id: 139_841 + level.base, code: level.code, name: level.name, description: `Delivered within ${level.days.join('-')} days` },
            surcharges: [],
            rate_adjustments: [],
            charged_weight: kg,
          };
        }),
      });
    }

    if (req.method === 'POST' && url.pathname === '/v2/shipments') {
      if (fake.shipmentsDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.shipmentsDelayMs));
      if (!body || typeof body !== 'object') return json(400, { message: 'The request body is missing.' });
      const request = body as Record<string, unknown>;
      const problem = problemWith(request, true);
      if (problem) return json(400, { message: problem });
      const level = SERVICE_LEVELS.find((l) => l.code === request.service_level_code);
      if (!level) return json(400, { message: 'Invalid service level code.' });
      const id = nextId++;
      const shipment: FakeShipment = {
        id,
        short_tracking_reference: randomBytes(4).toString('hex').toUpperCase().slice(0, 6),
        status: 'submitted',
        customer_reference: String(request.customer_reference ?? ''),
        service_level_code: level.code,
        request,
        tracking_events: [],
      };
      shipments.set(id, shipment);
      shipment.tracking_events.push({ id: nextEventId++, date: new Date().toISOString(), status: 'submitted', message: '' });
      return json(200, { ...shipment, request: undefined, rate: level.base + level.perKg * Math.ceil(weightKg(request)), tracking_events: null });
    }

    if (req.method === 'GET' && url.pathname === '/v2/shipments/label') {
      const shipment = shipments.get(Number(url.searchParams.get('id')));
      if (!shipment) return json(404, { message: 'Shipment not found' });
      const filename = `Label_${shipment.id}.pdf`;
      return json(200, { url: `${baseUrl}/labels/${filename}?X-Amz-Expires=604800`, filename, file_size: LABEL_PDF.length, expiry_duration: '7 days' });
    }

    if (req.method === 'GET' && url.pathname === '/v2/tracking/shipments') {
      const reference = url.searchParams.get('tracking_reference');
      const shipment = [...shipments.values()].find((s) => s.short_tracking_reference === reference);
      if (!shipment) return json(200, { shipments: [] });
      return json(200, {
        shipments: [
          {
            shipment_id: shipment.id,
            short_tracking_reference: shipment.short_tracking_reference,
            status: shipment.status,
            service_level_code: shipment.service_level_code,
            tracking_events: shipment.tracking_events,
          },
        ],
      });
    }
    return json(404, { message: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = baseUrl;
  return fake;
}

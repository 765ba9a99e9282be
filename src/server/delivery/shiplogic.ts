import { z } from 'zod';
import { unsetWhenBlank } from '../provider-registry';
import { courierAddressSchema, courierServiceLevelCodes, type CourierAddress, type CourierServiceLevel, type CourierTrackingEvent, type CourierTrackingStatus } from '../../shared/delivery';
import {
  COURIER_NOT_SERVED_MESSAGE,
  COURIER_UNAVAILABLE_MESSAGE,
  CourierUnavailableError,
  type BookedShipment,
  type CourierContact,
  type CourierProvider,
  type CourierProviderContext,
  type CourierProviderDefinition,
  type CourierQuoteRequest,
  type CourierRate,
  type Parcel,
  type ShipmentRequest,
  type TrackingNudge,
  trackingLink,
  trackingPageSetting,
} from './courier';

/*
 * A client of Shiplogic's REST API (v2), the platform of The Courier Guy: rates for an address and
 * a parcel, booking a shipment, its label and its tracking events. Written from the API's public
 * documentation; a local fake (src/server/testing/shiplogic-fake.ts) serves the tests.
 */

/** A shopper waits for the rates at checkout: a courier slower than this is reported unavailable. */
const QUOTE_TIMEOUT_MS = 8_000;
/** The order desk waits for a booking, a label or tracking. */
const DESK_TIMEOUT_MS = 20_000;
/** Shiplogic's codes for the shop's service levels unless SHIPLOGIC_SERVICE_LEVELS says otherwise. */
const DEFAULT_SERVICE_CODES = 'economy=ECO,overnight=OVN';

/** Shiplogic's statuses the shop tells customers about; the others (booked, at a hub, …) it keeps to itself. */
const SHOP_STATUS: Record<string, CourierTrackingStatus> = {
  collected: 'collected',
  'in-transit': 'in_transit',
  'at-destination-hub': 'in_transit',
  'out-for-delivery': 'out_for_delivery',
  delivered: 'delivered',
  'delivery-failed-attempt': 'delivery_failed',
  'delivery-exception': 'delivery_failed',
  undeliverable: 'delivery_failed',
  'returned-to-sender': 'delivery_failed',
  cancelled: 'cancelled',
};

function parseServiceCodes(text: string): Partial<Record<CourierServiceLevel, string>> | string {
  const codes: Partial<Record<CourierServiceLevel, string>> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const match = /^([a-z]+)\s*=\s*([A-Z0-9]{2,10})$/.exec(part);
    if (!match || !courierServiceLevelCodes.includes(match[1] as CourierServiceLevel)) {
      return `"${part}" is not one of ${courierServiceLevelCodes.join(' or ')} and a Shiplogic service code, such as economy=ECO`;
    }
    codes[match[1] as CourierServiceLevel] = match[2]!;
  }
  return Object.keys(codes).length > 0 ? codes : 'name at least one service level and its Shiplogic code, such as economy=ECO';
}

/** 'street; suburb; city; province; postal code', as the shop's own address for collections. */
function parseCollectionAddress(text: string): CourierAddress | string {
  const [street, suburb, city, province, postalCode, ...rest] = text.split(';').map((part) => part.trim());
  const parsed = courierAddressSchema.safeParse({ street, suburb, city, province, postalCode });
  if (rest.length > 0 || !parsed.success) {
    const why = parsed.success ? 'too many parts' : parsed.error.issues[0]!.message;
    return `must be "street; suburb; city; province; postal code", such as "12 Long Street; Gardens; Cape Town; Western Cape; 8001" (${why})`;
  }
  return parsed.data;
}

const shiplogicSettings = z
  .object({
    SHIPLOGIC_API_KEY: z.string().trim().min(1),
    SHIPLOGIC_API_URL: z.string().trim().min(1),
    SHIPLOGIC_COLLECTION_ADDRESS: z.string().trim().min(1),
    SHIPLOGIC_SERVICE_LEVELS: unsetWhenBlank,
    SHIPLOGIC_WEBHOOK_SECRET: unsetWhenBlank.refine(
      (secret) => secret === undefined || /^[A-Za-z0-9_-]{24,200}$/.test(secret),
      'must be at least 24 letters, digits, - or _ (make one with: openssl rand -hex 24)',
    ),
    COURIER_TRACKING_URL: trackingPageSetting,
  })
  .transform((env, ctx) => {
    const fail = (variable: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [variable], message });
      return z.NEVER;
    };
    let apiUrl: URL;
    try {
      apiUrl = new URL(env.SHIPLOGIC_API_URL);
    } catch {
      return fail('SHIPLOGIC_API_URL', 'must be an address such as https://api.shiplogic.com');
    }
    if (apiUrl.protocol !== 'https:' && apiUrl.protocol !== 'http:') return fail('SHIPLOGIC_API_URL', 'must be an http(s) address such as https://api.shiplogic.com');
    const collectionAddress = parseCollectionAddress(env.SHIPLOGIC_COLLECTION_ADDRESS);
    if (typeof collectionAddress === 'string') return fail('SHIPLOGIC_COLLECTION_ADDRESS', collectionAddress);
    const serviceCodes = parseServiceCodes(env.SHIPLOGIC_SERVICE_LEVELS ?? DEFAULT_SERVICE_CODES);
    if (typeof serviceCodes === 'string') return fail('SHIPLOGIC_SERVICE_LEVELS', serviceCodes);
    return {
      apiKey: env.SHIPLOGIC_API_KEY,
      apiUrl: apiUrl.href.replace(/\/+$/, ''),
      collectionAddress,
      serviceCodes,
      trackingUrl: env.COURIER_TRACKING_URL,
      webhookSecret: env.SHIPLOGIC_WEBHOOK_SECRET,
    };
  });

export type ShiplogicSettings = z.output<typeof shiplogicSettings>;

export interface ShiplogicOptions extends Omit<ShiplogicSettings, 'webhookSecret'> {
  webhookSecret?: string;
  fetch?: typeof fetch;
  /** Replaced in tests, to see a slow courier refused without waiting seconds. */
  quoteTimeoutMs?: number;
  deskTimeoutMs?: number;
}

const rateAnswer = z.object({
  rates: z
    .array(
      z.object({
        rate: z.number().nonnegative(),
        service_level: z.object({ code: z.string() }),
      }),
    )
    .default([]),
});
const shipmentAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  short_tracking_reference: z.string().min(1),
  custom_tracking_reference: z.string().nullish(),
});
const labelAnswer = z.object({ url: z.string().url() });
const trackingAnswer = z.object({
  shipments: z
    .array(
      z.object({
        tracking_events: z
          .array(
            z.object({
              status: z.string(),
              date: z.string(),
              location: z.string().nullish(),
              message: z.string().nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .default([]),
});

const notAShipment = "must be the shipment's number in Shiplogic";

/** Shiplogic's tracking webhook: a shipment's id and references beside its new status, which the shop asks for itself. */
const trackingWebhookBody = z
  .object({
    shipment_id: z
      .union(
        [
          z.number({ error: notAShipment }).int({ error: notAShipment }).positive({ error: notAShipment }).max(Number.MAX_SAFE_INTEGER, { error: notAShipment }),
          z.string().trim().regex(/^[1-9]\d{0,19}$/, { error: notAShipment }),
        ],
        { error: notAShipment },
      )
      .optional(),
    short_tracking_reference: z.string().trim().min(1).max(100).optional(),
    custom_tracking_reference: z.string().trim().min(1).max(100).nullish(),
    tracking_reference: z.string().trim().min(1).max(100).optional(),
  })
  .refine((body) => body.shipment_id !== undefined || body.short_tracking_reference || body.custom_tracking_reference || body.tracking_reference, {
    message: 'The webhook names no shipment: send shipment_id or short_tracking_reference',
  });

export function readTrackingWebhook(body: unknown): TrackingNudge | string {
  const parsed = trackingWebhookBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
  }
  const { shipment_id: id, custom_tracking_reference: custom, short_tracking_reference: short, tracking_reference: reference } = parsed.data;
  return { shipmentId: id === undefined ? undefined : String(id), trackingNumber: custom || short || reference };
}

/** A refusal or a failure of Shiplogic's, for the log; the shopper or the desk gets the shop's own words. */
export class ShiplogicError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ShiplogicError';
  }
}

const shiplogicAddress = (address: CourierAddress, type: 'business' | 'residential') => ({
  type,
  company: address.company ?? '',
  street_address: address.street,
  local_area: address.suburb,
  city: address.city,
  zone: address.province,
  country: 'ZA',
  code: address.postalCode,
});

const shiplogicParcels = (parcels: Parcel[]) =>
  parcels.map((parcel) => ({
    submitted_length_cm: parcel.lengthCm,
    submitted_width_cm: parcel.widthCm,
    submitted_height_cm: parcel.heightCm,
    submitted_weight_kg: parcel.weightGrams / 1000,
    parcel_description: 'Flags',
  }));

const contact = (who: CourierContact) => ({ name: who.name, mobile_number: who.phone, email: who.email });

export function createShiplogicCourier(options: ShiplogicOptions, shop: CourierProviderContext): CourierProvider & Required<Pick<CourierProvider, 'book' | 'label' | 'trackingEvents'>> {
  const fetchImpl = options.fetch ?? fetch;
  const quoteTimeoutMs = options.quoteTimeoutMs ?? QUOTE_TIMEOUT_MS;
  const deskTimeoutMs = options.deskTimeoutMs ?? DESK_TIMEOUT_MS;

  async function call<T>(method: 'GET' | 'POST', path: string, answer: z.ZodType<T>, timeoutMs: number, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      throw new ShiplogicError(timedOut ? `${method} ${path} took longer than ${timeoutMs} ms` : `${method} ${path} failed: ${(err as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      // Errors are usually {message}, sometimes plain text.
      let said = text.slice(0, 300);
      try {
        said = String((JSON.parse(text) as { message?: unknown }).message ?? said);
      } catch {
        // plain text, kept as it is
      }
      throw new ShiplogicError(`${method} ${path} answered ${response.status}: ${said}`, response.status);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ShiplogicError(`${method} ${path} answered something that is not JSON`);
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) throw new ShiplogicError(`${method} ${path} answered in a shape the shop does not know: ${parsed.error.issues[0]!.message}`);
    return parsed.data;
  }

  const collection = shiplogicAddress({ ...options.collectionAddress, company: shop.shopName }, 'business');

  return {
    name: 'shiplogic',

    async quote(request: CourierQuoteRequest): Promise<CourierRate[]> {
      let answer: z.output<typeof rateAnswer>;
      try {
        answer = await call('POST', '/v2/rates', rateAnswer, quoteTimeoutMs, {
          collection_address: collection,
          delivery_address: shiplogicAddress(request.deliveryAddress, request.deliveryAddress.company ? 'business' : 'residential'),
          parcels: shiplogicParcels(request.parcels),
          declared_value: request.declaredValueCents / 100,
        });
      } catch (err) {
        // A refusal of the address itself (4xx other than the key's) is the shopper's to fix; the rest is ours.
        const status = err instanceof ShiplogicError ? err.status : undefined;
        if (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
          throw new CourierUnavailableError(COURIER_NOT_SERVED_MESSAGE, 422, err);
        }
        throw new CourierUnavailableError(COURIER_UNAVAILABLE_MESSAGE, 502, err);
      }
      const rates = courierServiceLevelCodes.flatMap((level) => {
        const code = options.serviceCodes[level];
        const rate = code === undefined ? undefined : answer.rates.find((r) => r.service_level.code === code);
        return rate ? [{ serviceLevel: level, priceCents: Math.round(rate.rate * 100) }] : [];
      });
      if (rates.length === 0) throw new CourierUnavailableError(COURIER_NOT_SERVED_MESSAGE, 422);
      return rates;
    },

    async book(request: ShipmentRequest): Promise<BookedShipment> {
      const code = options.serviceCodes[request.serviceLevel];
      if (code === undefined) throw new ShiplogicError(`no Shiplogic service code for ${request.serviceLevel}`);
      const shipment = await call('POST', '/v2/shipments', shipmentAnswer, deskTimeoutMs, {
        collection_address: collection,
        collection_contact: contact({ name: shop.shopName, phone: shop.shopPhone, email: shop.shopEmail }),
        delivery_address: shiplogicAddress(request.deliveryAddress, request.deliveryAddress.company ? 'business' : 'residential'),
        delivery_contact: contact(request.deliveryContact),
        parcels: shiplogicParcels(request.parcels),
        declared_value: request.declaredValueCents / 100,
        special_instructions_delivery: request.deliveryAddress.instructions ?? '',
        customer_reference: request.orderNumber,
        service_level_code: code,
      });
      return {
        shipmentId: String(shipment.id),
        trackingNumber: shipment.custom_tracking_reference || shipment.short_tracking_reference,
      };
    },

    async label(shipmentId: string): Promise<Buffer> {
      const { url } = await call('GET', `/v2/shipments/label?id=${encodeURIComponent(shipmentId)}`, labelAnswer, deskTimeoutMs);
      // The answer names a signed link to the PDF, which needs no key.
      let response: Response;
      try {
        response = await fetchImpl(url, { signal: AbortSignal.timeout(deskTimeoutMs) });
      } catch (err) {
        throw new ShiplogicError(`the label of shipment ${shipmentId} could not be fetched: ${(err as Error).message}`);
      }
      const pdf = Buffer.from(await response.arrayBuffer());
      if (!response.ok || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        throw new ShiplogicError(`the label of shipment ${shipmentId} is not a PDF (answer ${response.status})`);
      }
      return pdf;
    },

    async trackingEvents(trackingNumber: string): Promise<CourierTrackingEvent[]> {
      const answer = await call('GET', `/v2/tracking/shipments?tracking_reference=${encodeURIComponent(trackingNumber)}`, trackingAnswer, deskTimeoutMs);
      const events = (answer.shipments[0]?.tracking_events ?? []).flatMap((event) => {
        const status = SHOP_STATUS[event.status];
        const at = new Date(event.date);
        if (!status || Number.isNaN(at.getTime())) return [];
        return [{ status, providerStatus: event.status, at, location: event.location ?? undefined, message: event.message || undefined }];
      });
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    },

    trackingUrl: (trackingNumber) => trackingLink(options.trackingUrl, trackingNumber),
    ...(options.webhookSecret ? { trackingWebhook: { secret: options.webhookSecret, read: readTrackingWebhook } } : {}),
  };
}

export const shiplogicCourier: CourierProviderDefinition<ShiplogicSettings> = {
  settings: shiplogicSettings,
  whereToGetThem: "an API key from Shiplogic's or The Courier Guy's portal, and the shop's collection address",
  create: (settings, shop) => createShiplogicCourier(settings, shop),
};

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startShiplogicFake, FAKE_COLLECTION_ADDRESS, type ShiplogicFake } from '../testing/shiplogic-fake';
import { DEFAULT_FLAG_PACKING, type CourierAddress } from '../../shared/delivery';
import { COURIER_NOT_SERVED_MESSAGE, COURIER_UNAVAILABLE_MESSAGE, CourierUnavailableError, parcelFor, type ShipmentRequest } from './courier';
import { createCourierProvider } from './providers';
import { createShiplogicCourier, readTrackingWebhook, ShiplogicError } from './shiplogic';
import { rejectionOf } from '../testing/rejections';

const COLLECTION = FAKE_COLLECTION_ADDRESS;
const home: CourierAddress = { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const school: CourierAddress = { ...home, company: 'Gardens Primary', instructions: 'Deliver to the school office' };
const twoFlags = [parcelFor([{ quantity: 2, packing: DEFAULT_FLAG_PACKING }])];

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, CourierUnavailableError);

describe('the Shiplogic courier against the fake', () => {
  let fake: ShiplogicFake;
  const shop = { shopName: 'Flag Shop', shopPhone: '+27121234567', shopEmail: 'orders@flags.example.co.za' };
  const courier = () =>
    createCourierProvider({
      ...loadConfig({
        ...fake.settings,
        COURIER_TRACKING_URL: 'https://portal.thecourierguy.co.za/track?ref={trackingNumber}',
      }),
      shop: { ...loadConfig({}).shop, name: shop.shopName, phone: shop.shopPhone, email: shop.shopEmail },
    });

  beforeAll(async () => {
    fake = await startShiplogicFake();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.notServed.clear();
    fake.ratesDelayMs = 0;
  });

  it('quotes economy and overnight for the parcel and the address, in cents with VAT, with the bearer key', async () => {
    // 2 flags and packaging: 0.5 kg, charged as 1 kg.
    expect(await courier().quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 })).toEqual([
      { serviceLevel: 'economy', priceCents: 11_000 },
      { serviceLevel: 'overnight', priceCents: 17_000 },
    ]);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/rates', headers: { authorization: `Bearer ${fake.apiKey}` } });
    expect(request!.body).toMatchObject({
      collection_address: { type: 'business', company: 'Flag Shop', street_address: '1 Flag Lane', local_area: 'Hatfield', city: 'Pretoria', zone: 'Gauteng', country: 'ZA', code: '0083' },
      delivery_address: { type: 'residential', street_address: '12 Long Street', local_area: 'Gardens', city: 'Cape Town', zone: 'Western Cape', code: '8001' },
      parcels: [{ submitted_length_cm: 30, submitted_width_cm: 20, submitted_height_cm: 4, submitted_weight_kg: 0.5 }],
      declared_value: 260,
    });
  });

  it('says in words when the courier does not serve the address, so the shopper can choose PAXI', async () => {
    fake.notServed.add('8001');
    const err = await refusal(courier().quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 }));
    expect([err.status, err.code, err.message]).toEqual([422, 'courier_unavailable', COURIER_NOT_SERVED_MESSAGE]);
  });

  it('reports a failing, refusing or slow courier as unavailable, never as the shopper\'s mistake', async () => {
    fake.failNext('/v2/rates', 500, 'Internal Server Error');
    let err = await refusal(courier().quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 }));
    expect([err.status, err.message]).toEqual([502, COURIER_UNAVAILABLE_MESSAGE]);
    expect(String((err.cause as Error).message)).toBe('POST /v2/rates answered 500: Internal Server Error');

    const wrongKey = createShiplogicCourier(
      { apiKey: 'not-the-key', apiUrl: fake.url, collectionAddress: { ...home }, serviceCodes: { economy: 'ECO' }, trackingUrl: undefined },
      shop,
    );
    err = await refusal(wrongKey.quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 }));
    expect([err.status, String((err.cause as Error).message)]).toEqual([502, 'POST /v2/rates answered 401: Authentication failed, please check your API key.']);

    fake.ratesDelayMs = 500;
    const impatient = createShiplogicCourier(
      { apiKey: fake.apiKey, apiUrl: fake.url, collectionAddress: { ...home }, serviceCodes: { economy: 'ECO' }, trackingUrl: undefined, quoteTimeoutMs: 50 },
      shop,
    );
    err = await refusal(impatient.quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 }));
    expect([err.status, String((err.cause as Error).message)]).toEqual([502, 'POST /v2/rates took longer than 50 ms']);

    const nobody = createShiplogicCourier(
      { apiKey: 'k', apiUrl: 'http://127.0.0.1:9', collectionAddress: { ...home }, serviceCodes: { economy: 'ECO' }, trackingUrl: undefined },
      shop,
    );
    err = await refusal(nobody.quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 }));
    expect(err.status).toBe(502);
  });

  it('offers only the services the shop has a code for, and none when the courier has none of them', async () => {
    const economyOnly = createShiplogicCourier(
      { apiKey: fake.apiKey, apiUrl: fake.url, collectionAddress: { ...home }, serviceCodes: { economy: 'ECO' }, trackingUrl: undefined },
      shop,
    );
    expect(await economyOnly.quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 })).toEqual([{ serviceLevel: 'economy', priceCents: 11_000 }]);
    const unknownCode = createShiplogicCourier(
      { apiKey: fake.apiKey, apiUrl: fake.url, collectionAddress: { ...home }, serviceCodes: { overnight: 'SDX' }, trackingUrl: undefined },
      shop,
    );
    const err = await refusal(unknownCode.quote({ deliveryAddress: home, parcels: twoFlags, declaredValueCents: 26_000 }));
    expect(err.message).toBe(COURIER_NOT_SERVED_MESSAGE);
  });

  it('books a paid order, fetches its label as a PDF and follows its tracking events in the shop\'s words', async () => {
    const shiplogic = courier();
    const request: ShipmentRequest = {
      orderNumber: 'CF-100042',
      serviceLevel: 'overnight',
      deliveryAddress: school,
      deliveryContact: { name: 'Thandi Mokoena', phone: '+27821234567', email: 'thandi@example.co.za' },
      parcels: twoFlags,
      declaredValueCents: 26_000,
    };
    const booked = await shiplogic.book!(request);
    expect(booked.trackingNumber).toMatch(/^[0-9A-F]{6}$/);
    const stored = fake.shipments.get(Number(booked.shipmentId))!;
    expect(stored.request).toMatchObject({
      service_level_code: 'OVN',
      customer_reference: 'CF-100042',
      special_instructions_delivery: 'Deliver to the school office',
      delivery_address: { type: 'business', company: 'Gardens Primary' },
      delivery_contact: { name: 'Thandi Mokoena', mobile_number: '+27821234567', email: 'thandi@example.co.za' },
      collection_contact: { name: 'Flag Shop', mobile_number: '+27121234567', email: 'orders@flags.example.co.za' },
    });

    const label = await shiplogic.label!(booked.shipmentId);
    expect(label.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(shiplogic.label!('1')).rejects.toThrow(ShiplogicError);

    // Before collection there is nothing to tell the customer.
    expect(await shiplogic.trackingEvents!(booked.trackingNumber)).toEqual([]);
    const day = (h: number) => new Date(Date.UTC(2026, 10, 26, h));
    await fake.track(booked.trackingNumber, 'collection-assigned', { at: day(6) });
    await fake.track(booked.trackingNumber, 'collected', { at: day(8), location: 'PTA' });
    await fake.track(booked.trackingNumber, 'at-hub', { at: day(12), location: 'JHB' });
    await fake.track(booked.trackingNumber, 'out-for-delivery', { at: day(20), location: 'CPT', message: 'With driver' });
    expect(await shiplogic.trackingEvents!(booked.trackingNumber)).toEqual([
      { status: 'collected', providerStatus: 'collected', at: day(8), location: 'PTA', message: undefined },
      { status: 'out_for_delivery', providerStatus: 'out-for-delivery', at: day(20), location: 'CPT', message: 'With driver' },
    ]);
    await fake.track(booked.trackingNumber, 'delivered', { at: day(22) });
    expect((await shiplogic.trackingEvents!(booked.trackingNumber)).at(-1)).toMatchObject({ status: 'delivered' });
    expect(await shiplogic.trackingEvents!('NOSUCH')).toEqual([]);
    expect(shiplogic.trackingUrl(booked.trackingNumber)).toBe(`https://portal.thecourierguy.co.za/track?ref=${booked.trackingNumber}`);
  });

  it('refuses a booking the courier refuses, with its reason for the order desk', async () => {
    fake.failNext('/v2/shipments', 400, JSON.stringify({ message: 'The delivery address is missing.' }));
    await expect(
      courier().book!({
        orderNumber: 'CF-100043',
        serviceLevel: 'economy',
        deliveryAddress: home,
        deliveryContact: { name: 'Sipho', phone: '+27821234567', email: 'sipho@example.co.za' },
        parcels: twoFlags,
        declaredValueCents: 13_000,
      }),
    ).rejects.toThrow('POST /v2/shipments answered 400: The delivery address is missing.');
  });
});

describe('COURIER_PROVIDER=shiplogic settings', () => {
  const base = { COURIER_PROVIDER: 'shiplogic', SHIPLOGIC_API_KEY: 'key', SHIPLOGIC_API_URL: 'https://api.shiplogic.com', SHIPLOGIC_COLLECTION_ADDRESS: COLLECTION };

  it('reads the key, the address of the API, the shop\'s collection address and the service codes', () => {
    expect(loadConfig(base).courier).toEqual({
      provider: 'shiplogic',
      apiKey: 'key',
      apiUrl: 'https://api.shiplogic.com',
      collectionAddress: { street: '1 Flag Lane', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postalCode: '0083' },
      serviceCodes: { economy: 'ECO', overnight: 'OVN' },
      trackingUrl: undefined,
      webhookSecret: undefined,
    });
    expect(loadConfig({ ...base, SHIPLOGIC_SERVICE_LEVELS: 'economy=ECOR' }).courier).toMatchObject({ serviceCodes: { economy: 'ECOR' } });
  });

  it('stops the start without the key, the address of the API or the collection address, naming them', () => {
    expect(() => loadConfig({ COURIER_PROVIDER: 'shiplogic' })).toThrow(
      "COURIER_PROVIDER=shiplogic needs SHIPLOGIC_API_KEY and SHIPLOGIC_API_URL and SHIPLOGIC_COLLECTION_ADDRESS (an API key from Shiplogic's or The Courier Guy's portal, and the shop's collection address)",
    );
    expect(() => loadConfig({ ...base, SHIPLOGIC_API_KEY: '  ' })).toThrow('COURIER_PROVIDER=shiplogic needs SHIPLOGIC_API_KEY');
  });

  it('refuses settings it cannot use, in words', () => {
    for (const [change, message] of [
      [{ SHIPLOGIC_API_URL: 'api.shiplogic.com' }, 'SHIPLOGIC_API_URL: must be an address such as https://api.shiplogic.com'],
      [{ SHIPLOGIC_API_URL: 'file:///etc/passwd' }, 'SHIPLOGIC_API_URL: must be an http(s) address'],
      [{ SHIPLOGIC_COLLECTION_ADDRESS: '1 Flag Lane, Hatfield, Pretoria' }, 'SHIPLOGIC_COLLECTION_ADDRESS: must be "street; suburb; city; province; postal code"'],
      [{ SHIPLOGIC_COLLECTION_ADDRESS: '1 Flag Lane; Hatfield; Pretoria; Gauteng; 83' }, '(Please enter a 4-digit postal code)'],
      [{ SHIPLOGIC_COLLECTION_ADDRESS: `${COLLECTION}; South Africa` }, '(too many parts)'],
      [{ SHIPLOGIC_SERVICE_LEVELS: 'economy:ECO' }, 'SHIPLOGIC_SERVICE_LEVELS: "economy:ECO" is not one of economy or overnight'],
      [{ SHIPLOGIC_SERVICE_LEVELS: 'sameday=SDX' }, 'SHIPLOGIC_SERVICE_LEVELS: "sameday=SDX" is not one of economy or overnight'],
      [{ COURIER_TRACKING_URL: 'https://portal.thecourierguy.co.za/track' }, 'COURIER_TRACKING_URL: must be an http(s) address with {trackingNumber}'],
      [{ SHIPLOGIC_WEBHOOK_SECRET: 'short' }, 'SHIPLOGIC_WEBHOOK_SECRET: must be at least 24 letters, digits, - or _'],
      [{ SHIPLOGIC_WEBHOOK_SECRET: `${'a'.repeat(30)}&x=1` }, 'SHIPLOGIC_WEBHOOK_SECRET: must be at least 24'],
    ] as const) {
      expect(() => loadConfig({ ...base, ...change }), JSON.stringify(change)).toThrow(message);
    }
  });
});

describe("Shiplogic's tracking webhook", () => {
  it('names the shipment by its id or references, and never takes its status as the truth', () => {
    expect(readTrackingWebhook({ shipment_id: 95464038, short_tracking_reference: 'AB12CD', status: 'delivered' })).toEqual({ shipmentId: '95464038', trackingNumber: 'AB12CD' });
    expect(readTrackingWebhook({ shipment_id: '95464038' })).toEqual({ shipmentId: '95464038', trackingNumber: undefined });
    expect(readTrackingWebhook({ short_tracking_reference: 'AB12CD', custom_tracking_reference: 'FLAGS-1' })).toEqual({ shipmentId: undefined, trackingNumber: 'FLAGS-1' });
  });

  it('says what is wrong with a body it cannot read', () => {
    expect(readTrackingWebhook({ status: 'delivered' })).toBe('The webhook names no shipment: send shipment_id or short_tracking_reference');
    expect(readTrackingWebhook(null)).toMatch(/expected object/i);
    expect(readTrackingWebhook([])).toMatch(/expected object/i);
    expect(readTrackingWebhook({ shipment_id: -4 })).toBe("shipment_id: must be the shipment's number in Shiplogic");
    expect(readTrackingWebhook({ shipment_id: Number.POSITIVE_INFINITY })).toBe("shipment_id: must be the shipment's number in Shiplogic");
    expect(readTrackingWebhook({ shipment_id: '1; drop table orders' })).toMatch(/^shipment_id: /);
    expect(readTrackingWebhook({ short_tracking_reference: 'x'.repeat(101) })).toMatch(/^short_tracking_reference: /);
    expect(readTrackingWebhook({ short_tracking_reference: 42 })).toMatch(/^short_tracking_reference: /);
  });
});

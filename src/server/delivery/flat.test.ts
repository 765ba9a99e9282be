import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEFAULT_FLAT_RATES, parseFlatRates } from './flat';
import { createCourierProvider } from './providers';
import { parcelFor, type CourierQuoteRequest } from './courier';
import { DEFAULT_FLAG_PACKING } from '../../shared/delivery';

const quoteRequest: CourierQuoteRequest = {
  deliveryAddress: { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' },
  parcels: [parcelFor([{ quantity: 2, packing: DEFAULT_FLAG_PACKING }])],
  declaredValueCents: 50_000,
};

const courierFor = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return createCourierProvider(config);
};

describe('the flat courier (the default)', () => {
  it('quotes economy R99 and overnight R149 unless told otherwise, whatever the parcel and address', async () => {
    const courier = courierFor({});
    expect(courier.name).toBe('flat');
    expect(await courier.quote(quoteRequest)).toEqual([
      { serviceLevel: 'economy', priceCents: 9_900 },
      { serviceLevel: 'overnight', priceCents: 14_900 },
    ]);
    expect(courier.book).toBeUndefined();
  });

  it('takes the shop owner\'s prices, in rand with cents, in the order given', async () => {
    const courier = courierFor({ COURIER_FLAT_RATES: ' overnight = 150.50 , economy=0 ' });
    expect(await courier.quote(quoteRequest)).toEqual([
      { serviceLevel: 'overnight', priceCents: 15_050 },
      { serviceLevel: 'economy', priceCents: 0 },
    ]);
  });

  it('links to the courier\'s tracking page when COURIER_TRACKING_URL says where the number goes', () => {
    const courier = courierFor({ COURIER_TRACKING_URL: 'https://track.example.co.za/?ref={trackingNumber}' });
    expect(courier.trackingUrl('TCG 123/4')).toBe('https://track.example.co.za/?ref=TCG%20123%2F4');
    expect(courierFor({}).trackingUrl('TCG1234')).toBeUndefined();
  });

  it('stops the start on prices it cannot read, naming the variable and the part', () => {
    const refusals: [string, string][] = [
      ['economy', '"economy" is not a service level and a price in rand, such as economy=99'],
      ['economy=-5', '"economy=-5" is not a service level and a price in rand, such as economy=99'],
      ['economy=9.999', '"economy=9.999" is not a service level and a price in rand, such as economy=99'],
      ['same-day=99', '"same-day=99" is not a service level and a price in rand, such as economy=99'],
      ['express=99', '"express" is not a service level the shop knows; use economy or overnight'],
      ['economy=99,economy=120', 'economy is given twice'],
      ['economy=14900', 'R14900 for economy is more than R5000'],
      ['economy=99\0', '"economy=99\0" is not a service level and a price in rand, such as economy=99'],
      [',', 'name at least one service level and its price, such as economy=99'],
    ];
    for (const [value, problem] of refusals) {
      expect(() => loadConfig({ COURIER_FLAT_RATES: value }), value).toThrow(`COURIER_FLAT_RATES: ${problem}`);
    }
  });

  it('refuses a tracking address without a place for the number, or not on the web', () => {
    for (const value of ['https://track.example.co.za/', 'javascript:alert(1)//{trackingNumber}', 'ftp://x/{trackingNumber}']) {
      expect(() => loadConfig({ COURIER_TRACKING_URL: value }), value).toThrow('COURIER_TRACKING_URL: must be an http(s) address with {trackingNumber}');
    }
  });

  it('is the default, and an unknown COURIER_PROVIDER is refused with the known ones', () => {
    expect(loadConfig({}).courier).toEqual({ provider: 'flat', rates: parseFlatRates(DEFAULT_FLAT_RATES).rates, trackingUrl: undefined });
    expect(() => loadConfig({ COURIER_PROVIDER: 'aramex' })).toThrow('COURIER_PROVIDER=aramex is not known; set one of: flat, shiplogic');
  });
});

describe('parcelFor', () => {
  it('stacks the folded flags in one box and adds the packaging to their weight', () => {
    const big = { weightGrams: 450, foldedLengthCm: 45, foldedWidthCm: 30, foldedHeightCm: 4 };
    expect(parcelFor([{ quantity: 3, packing: DEFAULT_FLAG_PACKING }, { quantity: 1, packing: big }])).toEqual({
      lengthCm: 45,
      widthCm: 30,
      heightCm: 10,
      weightGrams: 100 + 3 * 200 + 450,
    });
  });

  it('needs a flag to pack', () => {
    expect(() => parcelFor([])).toThrow('a parcel needs at least one flag');
  });
});

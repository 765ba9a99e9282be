import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakPriceCents, discountCents, priceOrder, quantityBreakFor, type CodeTerms, type PriceLine } from './pricing';
import { MINIMUM_CARD_PAYMENT_CENTS } from './shop-facts';

const line = fc.record({ unitPriceCents: fc.integer({ min: 1, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 10 }) });
const lines = fc.array(line, { minLength: 1, maxLength: 20 });
const fee = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 }));
const terms: fc.Arbitrary<CodeTerms> = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }), amountCents: fc.constant(null), includesDelivery: fc.boolean() }),
  fc.record({ kind: fc.constant('amount' as const), percent: fc.constant(null), amountCents: fc.integer({ min: 1, max: 10_000_000 }), includesDelivery: fc.boolean() }),
);

/** An order priced with a code, as the checkout does: the code's cents worked out, then the order priced. */
function withCode(lines: PriceLine[], deliveryFeeCents: number, code: CodeTerms | undefined) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return priceOrder({ lines, deliveryFeeCents, discountCents: code && discountCents(code, subtotalCents, deliveryFeeCents), vatRegistered: true });
}

describe('priceOrder', () => {
  it('prices two flags and a delivery fee, with 15% VAT inside', () => {
    const price = priceOrder({ lines: [{ unitPriceCents: 13_000, quantity: 2 }], deliveryFeeCents: 5_995, vatRegistered: true });
    expect(price.subtotalCents).toBe(26_000);
    expect(price.totalCents).toBe(31_995);
    expect(price.vatCents).toBe(4_173);
    expect(price.exclusiveCents).toBe(27_822);
    expect(price.lines[0]!.vatCents + price.delivery.vatCents).toBe(4_173);
    expect(price.discount).toEqual({ cents: 0, vatCents: 0 });
  });

  it('takes a code off the flags, and off the delivery fee only when the code says so', () => {
    const flags = [{ unitPriceCents: 39_000, quantity: 1 }];
    const fifteenPercent: CodeTerms = { kind: 'percent', percent: 15, amountCents: null, includesDelivery: false };
    expect(withCode(flags, 9_900, fifteenPercent).discount.cents).toBe(5_850);
    expect(withCode(flags, 9_900, { ...fifteenPercent, includesDelivery: true }).discount.cents).toBe(7_335);
  });

  it('keeps what a checkout already took off as it was', () => {
    const price = priceOrder({ lines: [{ unitPriceCents: 13_000, quantity: 1 }], deliveryFeeCents: 5_995, discountCents: 1_300, vatRegistered: true });
    expect(price.discount.cents).toBe(1_300);
    expect(price.totalCents).toBe(17_695);
  });

  it('charges no VAT for a shop that is not a VAT vendor', () => {
    const price = priceOrder({ lines: [{ unitPriceCents: 13_000, quantity: 3 }], deliveryFeeCents: 5_995, vatRegistered: false });
    expect(price.vatCents).toBe(0);
    expect(price.exclusiveCents).toBe(price.totalCents);
    expect([...price.lines.map((l) => l.vatCents), price.delivery.vatCents, price.discount.vatCents]).toEqual([0, 0, 0]);
  });

  it('the total is the flags and the delivery fee less the discount, and the VAT is total × 3/23 to the nearest cent', () => {
    fc.assert(
      fc.property(lines, fee, fc.option(terms, { nil: undefined }), (flags, deliveryFeeCents, code) => {
        const price = withCode(flags, deliveryFeeCents, code);
        const subtotal = flags.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        expect(price.subtotalCents).toBe(subtotal);
        expect(price.totalCents).toBe(subtotal + deliveryFeeCents - price.discount.cents);
        expect(price.vatCents).toBe(Math.round((price.totalCents * 3) / 23));
        expect(price.exclusiveCents + price.vatCents).toBe(price.totalCents);
      }),
    );
  });

  it('the VAT of the lines, the delivery fee and the discount adds up to the VAT of the total, to the cent', () => {
    fc.assert(
      fc.property(lines, fee, fc.option(terms, { nil: undefined }), (flags, deliveryFeeCents, code) => {
        const price = withCode(flags, deliveryFeeCents, code);
        const parts = price.lines.reduce((sum, l) => sum + l.vatCents, 0) + price.delivery.vatCents + price.discount.vatCents;
        expect(parts).toBe(price.vatCents);
        expect(price.discount.vatCents).toBeLessThanOrEqual(0);
        for (const l of price.lines) expect(l.vatCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a discount is never below zero, never leaves less than the least card payment, and takes off delivery only when the code says so', () => {
    fc.assert(
      fc.property(lines, fee, terms, (flags, deliveryFeeCents, code) => {
        const price = withCode(flags, deliveryFeeCents, code);
        expect(price.discount.cents).toBeGreaterThanOrEqual(0);
        expect(price.totalCents).toBeGreaterThanOrEqual(Math.min(MINIMUM_CARD_PAYMENT_CENTS, price.subtotalCents + deliveryFeeCents));
        if (!code.includesDelivery) expect(price.discount.cents).toBeLessThanOrEqual(price.subtotalCents);
        if (code.kind === 'amount') expect(price.discount.cents).toBeLessThanOrEqual(code.amountCents!);
      }),
    );
  });

  it('a discount already taken is never below zero nor more than the order', () => {
    fc.assert(
      fc.property(lines, fee, fc.integer({ min: -10_000_000, max: 100_000_000 }), (flags, deliveryFeeCents, cents) => {
        const price = priceOrder({ lines: flags, deliveryFeeCents, discountCents: cents, vatRegistered: true });
        expect(price.discount.cents).toBeGreaterThanOrEqual(0);
        expect(price.totalCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('quantity breaks', () => {
  const breaks = [
    { minQuantity: 10, percentOff: 10 },
    { minQuantity: 25, percentOff: 15 },
  ];

  it('finds the largest break a line reaches, none below the first', () => {
    expect(quantityBreakFor(9, breaks)).toBeUndefined();
    expect(quantityBreakFor(10, breaks)).toEqual({ minQuantity: 10, percentOff: 10 });
    expect(quantityBreakFor(24, breaks)).toEqual({ minQuantity: 10, percentOff: 10 });
    expect(quantityBreakFor(1000, breaks)).toEqual({ minQuantity: 25, percentOff: 15 });
    expect(quantityBreakFor(50, [])).toBeUndefined();
  });

  it('takes the percentage off one flag to the nearest cent', () => {
    expect(breakPriceCents(9_000, 10)).toBe(8_100);
    expect(breakPriceCents(13_335, 15)).toBe(11_335);
    expect(breakPriceCents(999, 10)).toBe(899);
  });
});

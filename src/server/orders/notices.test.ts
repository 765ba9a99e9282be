import { describe, expect, it } from 'vitest';
import { sampleShop } from '../config';
import { collectionNotes, orderConfirmationMessage } from '../notify/templates';
import type { EmailMessage, SmsMessage } from '../lib/outbox-messages';
import { collectedEmail, orderSentEmail, orderSentSms, readyForCollectionEmail, readyForCollectionSms, type NoticeOrder } from './notices';

const ctx = { shop: sampleShop, publicUrl: 'https://capeflags.example', courierFees: { kind: 'quoted' } } as const;
const order: NoticeOrder = {
  orderNumber: 'CF-1001',
  userId: 'user-1',
  placedAsGuest: false,
  customerName: 'Thandi Nkosi',
  customerEmail: 'thandi@example.co.za',
  customerPhone: '0821234567',
  deliveryOption: 'paxi_express',
  paxiLocationName: 'PEP Sea Point',
  paxiLocationAddress: '112 Main Road, Sea Point',
  totalAmount: 24_000,
  trackingNumber: 'PX-2026-0042',
};

/** What a customer may need at the PAXI point, and what the shop commits to about it. */
const facts = [
  order.orderNumber,
  order.trackingNumber!,
  order.paxiLocationName!,
  order.paxiLocationAddress!,
  'PAXI Express, 3-5 business days',
  collectionNotes.arrivalSms,
  collectionNotes.bring,
  collectionNotes.uncollected,
];

const events: [step: string, email: EmailMessage, sms: SmsMessage | undefined][] = [
  ['handed to PAXI', orderSentEmail(ctx, order), orderSentSms(ctx, order)],
  ['ready for collection', readyForCollectionEmail(ctx, order), readyForCollectionSms(ctx, order)],
];

describe.each(events)('the text message sent when an order is %s', (_step, email, sms) => {
  it('carries every fact and promise of the email of the same step', () => {
    expect(sms).toBeDefined();
    const promised = facts.filter((fact) => email.text.includes(fact));
    expect(promised).toContain(collectionNotes.bring);
    for (const fact of promised) expect(sms!.body, fact).toContain(fact);
  });

  it('goes to the number on the order and fits in four SMS parts', () => {
    expect(sms!.to).toBe('+27821234567');
    expect(sms!.body.length).toBeLessThanOrEqual(612);
  });
});

describe('the PIN for collecting', () => {
  const confirmation = orderConfirmationMessage(ctx, {
    ...order,
    items: [{ productName: 'KENYA', productPrice: 13_000, quantity: 1 }],
    subtotalCents: 13_000,
    deliveryFeeCents: 11_000,
  });
  const messages = [confirmation.text, collectedEmail(ctx, order).text, ...events.flatMap(([, email, sms]) => [email.text, sms!.body])];

  it("is promised only as PAXI's, in the same sentence everywhere, since the shop's own texts carry none", () => {
    for (const text of messages) {
      const mentions = text.match(/\bPIN\b/g)?.length ?? 0;
      const sentences = text.split(collectionNotes.bring).length - 1;
      expect(mentions, text).toBe(sentences);
    }
    expect(confirmation.text).toContain(collectionNotes.arrivalSms);
    expect(confirmation.text).toContain(collectionNotes.bring);
  });
});

describe('the confirmation email', () => {
  const confirmed = { ...order, items: [{ productName: 'KENYA', productPrice: 13_000, quantity: 1 }], subtotalCents: 13_000, deliveryFeeCents: 11_000 };

  it('says the tax invoice is attached, carries it, and links to the order itself', () => {
    const email = orderConfirmationMessage(ctx, confirmed, { serial: 'INV-000042', title: 'Tax Invoice' });
    expect(email.attachments).toEqual([{ taxDocument: 'INV-000042' }]);
    expect(email.text).toContain('Your tax invoice INV-000042 is attached.');
    expect(email.text).toContain('VAT included (15%)');
    expect(email.html).toContain('https://capeflags.example/profile/orders/CF-1001');
  });

  it('from a shop without a VAT number says nothing of VAT, and calls its invoice an invoice', () => {
    const email = orderConfirmationMessage({ ...ctx, shop: { ...sampleShop, vatNumber: '' } }, confirmed, { serial: 'INV-000043', title: 'Invoice' });
    expect(email.text).not.toMatch(/VAT/);
    expect(email.html).not.toMatch(/VAT/);
    expect(email.text).toContain('Your invoice INV-000043 is attached.');
  });
});

describe('the text message sent when a courier takes the parcel', () => {
  const courierOrder = (deliveryOption: 'courier_overnight' | 'courier_economy'): NoticeOrder => ({
    ...order,
    deliveryOption,
    paxiLocationName: null,
    paxiLocationAddress: null,
    shippingStreet: '5 Main Road',
    shippingSuburb: 'Rondebosch',
    shippingCity: 'Cape Town',
    shippingProvince: 'Western Cape',
    shippingPostalCode: '7700',
    trackingNumber: 'TCG123',
  });

  it('says the courier and its speed once, plainly', () => {
    const overnight = orderSentSms(ctx, courierOrder('courier_overnight'))!.body;
    expect(overnight).toContain('is on its way to 5 Main Road, Rondebosch, Cape Town, Western Cape, 7700 by courier (overnight, on the next business day).');
    expect(overnight.match(/courier/gi)).toHaveLength(1);
    expect(orderSentSms(ctx, courierOrder('courier_economy'))!.body).toContain('by courier (economy, within 3-5 business days).');
  });
});

describe('the amounts in the confirmation email', () => {
  const email = orderConfirmationMessage(ctx, {
    ...order,
    items: [
      { productName: 'KENYA', productPrice: 13_000, quantity: 2 },
      { productName: 'UNITED STATES OF AMERICA', productPrice: 15_000, quantity: 1 },
    ],
    subtotalCents: 41_000,
    deliveryFeeCents: 11_000,
    discountCode: 'HERITAGE',
    discountCents: 5_000,
    totalAmount: 47_000,
  });

  it('stand right-aligned in their own cells, as email clients read align="right"', () => {
    for (const amount of ['R260.00', 'R150.00', 'R410.00', 'R110.00', '-R50.00', 'R470.00']) {
      expect(email.html, amount).toMatch(new RegExp(`<td align="right"[^>]*>${amount.replace(/[.$]/g, '\\$&')}</td>`));
    }
    // The words beside them stay on the left, and the order's other facts are not amounts.
    expect(email.html).toContain('<th align="left"');
    expect(email.html).toMatch(/<th align="left"[^>]*>2 x Kenya<\/th>/);
    expect(email.html).not.toMatch(/<td align="right"[^>]*>CF-1001<\/td>/);
  });
});

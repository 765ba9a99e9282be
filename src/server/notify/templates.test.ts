import { describe, expect, it } from 'vitest';
import { sampleShop } from '../config';
import type { CourierFees } from '../../shared/delivery';
import { collectedEmail } from '../orders/notices';
import { contactCopyToSender, verifyEmailMessage, welcomeMessage } from './templates';

const shopper = { name: 'Thandi Nkosi', email: 'thandi@example.co.za' };
const courierFees: CourierFees = { kind: 'fixed', rates: [{ serviceLevel: 'economy', priceCents: 9900 }, { serviceLevel: 'overnight', priceCents: 14900 }] };

describe('a shop name that ends in its own full stop', () => {
  const ctx = { shop: { ...sampleShop, name: 'Cape Flag Co.' }, publicUrl: 'https://capeflags.example', courierFees };
  const messages = [
    contactCopyToSender(ctx, { ...shopper, message: 'Do you have Lesotho?' }),
    verifyEmailMessage(ctx, shopper, 'https://capeflags.example/verify-email?token=t'),
    welcomeMessage(ctx, shopper),
    collectedEmail(ctx, {
      orderNumber: 'CF-1001',
      userId: 'user-1',
      placedAsGuest: false,
      customerName: shopper.name,
      customerEmail: shopper.email,
      customerPhone: '0821234567',
      deliveryOption: 'paxi_standard',
      paxiLocationName: 'PEP Sea Point',
      paxiLocationAddress: 'Main Road, Sea Point',
      totalAmount: 19_000,
      trackingNumber: 'PX123',
    }),
  ];

  it.each(messages.map((m) => [m.subject, m] as const))('is not followed by a second one in "%s"', (_subject, message) => {
    expect(message.text).toMatch(/Cape Flag Co\.(\s|$)/m);
    expect(message.text).not.toContain('Co..');
    expect(message.html).not.toContain('Co..');
  });

  it('still gets one after a name without it', () => {
    const plain = welcomeMessage({ ...ctx, shop: { ...sampleShop, name: 'Flag World' } }, shopper);
    expect(plain.text).toContain('Thank you for joining Flag World. Your cart');
  });
});

describe('the welcome email', () => {
  const ctx = { shop: sampleShop, publicUrl: 'https://capeflags.example', courierFees };

  it('offers both ways an order reaches the shopper, with the fees from the shop\'s settings', () => {
    const { text, html } = welcomeMessage(ctx, shopper);
    expect(text).toContain('collect it at a PAXI point near you, standard in 7-9 business days (R60) or express in 3-5 business days (R110), bringing your ID');
    expect(text).toContain('have a courier bring it to your door: Economy (3-5 business days) R99.00 or Overnight (next business day) R149.00.');
    expect(text).not.toContain('Orders are collected at a PAXI point');
    expect(html).toContain('have a courier bring it to your door');
  });

  it('says the courier prices each parcel at checkout when the shop does not set its own prices', () => {
    const { text } = welcomeMessage({ ...ctx, courierFees: { kind: 'quoted' } }, shopper);
    expect(text).toContain('Economy (3-5 business days) or Overnight (next business day), priced by the courier for your parcel and address at checkout.');
  });
});

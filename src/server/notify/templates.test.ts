import { describe, expect, it } from 'vitest';
import { sampleShop } from '../config';
import { collectedEmail } from '../orders/notices';
import { contactCopyToSender, verifyEmailMessage, welcomeMessage } from './templates';

const shopper = { name: 'Thandi Nkosi', email: 'thandi@example.co.za' };

describe('a shop name that ends in its own full stop', () => {
  const ctx = { shop: { ...sampleShop, name: 'Cape Flag Co.' }, publicUrl: 'https://capeflags.example' };
  const messages = [
    contactCopyToSender(ctx, { ...shopper, message: 'Do you have Lesotho?' }),
    verifyEmailMessage(ctx, shopper, 'https://capeflags.example/verify-email?token=t'),
    welcomeMessage(ctx, shopper),
    collectedEmail(ctx, {
      orderNumber: 'CF-1001',
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

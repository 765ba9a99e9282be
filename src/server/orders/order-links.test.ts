import { describe, expect, it } from 'vitest';
import { createOrderLinks } from './order-links';
import { ORDER_LINK_DAYS } from '../../shared/guest-orders';

const DAY_MS = 86_400_000;
const now = Date.parse('2026-11-29T10:00:00Z');
const links = createOrderLinks('a-secret-of-the-shop-0123456789', 'https://flags.example.co.za', () => now);

describe('order links', () => {
  it('opens its own order until it expires, and says when it has', () => {
    const key = links.keyFor('CF-100001');
    expect(links.linkTo('CF-100001')).toBe(`https://flags.example.co.za/orders/CF-100001?key=${key}`);
    expect(links.check('CF-100001', key)).toBe('valid');
    const later = (days: number) => createOrderLinks('a-secret-of-the-shop-0123456789', 'https://flags.example.co.za', () => now + days * DAY_MS);
    expect(later(ORDER_LINK_DAYS - 1).check('CF-100001', key)).toBe('valid');
    expect(later(ORDER_LINK_DAYS + 1).check('CF-100001', key)).toBe('expired');
  });

  it('refuses another order, a longer life, another shop’s secret and anything malformed', () => {
    const key = links.keyFor('CF-100001');
    const [expires, signature] = key.split('.') as [string, string];
    const otherShop = createOrderLinks('another-shop-secret-0123456789', 'https://flags.example.co.za', () => now);
    for (const [orderNumber, tried] of [
      ['CF-100002', key],
      ['CF-100001', `${Number(expires) + 365 * 86_400}.${signature}`],
      ['CF-100001', otherShop.keyFor('CF-100001')],
      ['CF-100001', signature],
      ['CF-100001', `${expires}.${signature}x`],
      ['CF-100001', `-1.${signature}`],
      ['CF-100001', ''],
      ['CF-100001', `${expires}.${signature.slice(0, -1)}\u0000`],
    ]) {
      expect(links.check(orderNumber!, tried!), tried).toBe('invalid');
    }
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { contacts, users } from '../db/schema';
import { refusedText } from './text-guard';

const BEL = '\u0007';
const ESC = '\u001b';

describe('refusedText', () => {
  it('refuses C0 and C1 control characters and DEL in any text, naming the character', () => {
    expect(refusedText(`Thandi${BEL}`)).toBe('contains a control character (U+0007)');
    expect(refusedText(`${ESC}[31mThandi`, 'lines')).toBe('contains a control character (U+001B)');
    expect(refusedText('Thandi\u009b2J')).toBe('contains a control character (U+009B)');
    expect(refusedText('Thandi\u007f')).toBe('contains a control character (U+007F)');
    expect(refusedText('Thandi\u0000')).toBe('contains a NUL character');
  });

  it('keeps line breaks and tabs to the texts that run over lines', () => {
    expect(refusedText('Cape Flag Co.\nVAT number 4111111111')).toBe('contains a line break');
    expect(refusedText('Cape Flag Co.\u2028VAT number 4111111111')).toBe('contains a line break');
    expect(refusedText('Cape\tFlag')).toBe('contains a tab');
    expect(refusedText('Hello,\r\n\tthe flag arrived.\nThanks', 'lines')).toBeUndefined();
    expect(refusedText('Łukasz 王 😀 Ｔｈａｎｄｉ', 'line')).toBeUndefined();
  });

  it('takes any storable character in a password, which is never shown', () => {
    expect(refusedText(`pass${ESC}word\t1`, 'secret')).toBeUndefined();
    expect(refusedText('pass\u0000word', 'secret')).toBe('contains a NUL character');
  });
});

describeShop('control characters at the edge', {}, (shop) => {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: { origin: TEST_PUBLIC_URL } });

  const checkout = (customerInfo: object) => ({
    amount: 19_000,
    metadata: {
      customerInfo: { firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@example.co.za', phone: '082 123 4567', ...customerInfo },
      deliveryMethod: 'paxi',
      deliverySpeed: 'paxi-standard',
      paxiPoint: { id: 'P5772' },
    },
  });

  it.each([
    ['POST', '/api/contact', { name: `Thandi${BEL}`, email: 'thandi@example.co.za', message: 'Hello' }, 'name contains a control character (U+0007)'],
    ['POST', '/api/contact', { name: 'Thandi', email: 'thandi@example.co.za', message: `Hello ${ESC}[2J` }, 'message contains a control character (U+001B)'],
    ['POST', '/api/contact', { name: 'Thandi\nMokoena', email: 'thandi@example.co.za', message: 'Hello' }, 'name contains a line break'],
    ['POST', '/api/payments/yoco/create-checkout', checkout({ firstName: `Tha${ESC}ndi` }), 'metadata.customerInfo.firstName contains a control character (U+001B)'],
    ['POST', '/api/payments/yoco/create-checkout', checkout({ company: 'Cape Events\nVAT number 4111111111' }), 'metadata.customerInfo.company contains a line break'],
    ['POST', '/api/payments/yoco/create-checkout', checkout({ billingAddress: `7 Long Street${BEL}` }), 'metadata.customerInfo.billingAddress contains a control character (U+0007)'],
    ['POST', '/api/paxi-points', { address: `Sea Point${BEL}`, radiusKm: 5 }, 'address contains a control character (U+0007)'],
    ['PUT', '/api/profile', { firstName: `Sipho${BEL}`, lastName: 'Mokoena' }, 'firstName contains a control character (U+0007)'],
    ['POST', '/api/admin/products', { name: `Lesotho${ESC}`, description: 'A flag', priceCents: 13_000 }, 'name contains a control character (U+001B)'],
    ['POST', '/api/admin/products', { name: 'Lesotho', description: `Blue, white\nand green${BEL}`, priceCents: 13_000 }, 'description contains a control character (U+0007)'],
    ['POST', `/api/admin/orders/${randomUUID()}/note`, { note: `Phoned${BEL}` }, 'note contains a control character (U+0007)'],
    ['POST', `/api/admin/orders/${randomUUID()}/refund`, { amountCents: 100, reason: 'Torn\nflag' }, 'reason contains a line break'],
    ['POST', '/api/admin/discount-codes', { code: 'WINTER\t10', kind: 'percent', percent: 10 }, 'code contains a tab'],
    ['POST', '/api/auth/sign-up/email', { name: `Thandi${BEL}`, email: 'bel@example.co.za', password: 'sign-up-1' }, 'name contains a control character (U+0007)'],
    ['GET', `/api/admin/orders?q=${encodeURIComponent(ESC)}`, undefined, 'The query parameter q contains a control character (U+001B)'],
    ['GET', '/api/products/south%07africa', undefined, 'The address (key) contains a control character (U+0007)'],
  ] as const)('%s %s refuses %j with a 400 naming the field', async (method, url, payload, problem) => {
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: `${problem}, which is not allowed`, code: 'invalid_input' });
  });

  it('takes line breaks and tabs where a text runs over lines, and stores nothing refused', async () => {
    const message = 'Good morning,\r\n\tthe flag arrived torn.\nThandi';
    expect((await send('POST', '/api/contact', { name: 'Thandi Mokoena', email: 'thandi@example.co.za', message })).statusCode).toBe(201);
    const stored = await shop.db.select().from(contacts).where(eq(contacts.email, 'thandi@example.co.za'));
    expect(stored.map((contact) => contact.message)).toEqual([message]);
    expect(await shop.db.select().from(users).where(eq(users.email, 'bel@example.co.za'))).toEqual([]);
  });
});

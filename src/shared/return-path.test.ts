import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH_LENGTH, shopPath } from './return-path';
import { returnPathSchema } from './schemas';

describe('shopPath', () => {
  it.each([
    ['/', '/'],
    ['/checkout', '/checkout'],
    ['/shop?region=africa&sort=price-asc', '/shop?region=africa&sort=price-asc'],
    ['/product/south-africa#reviews', '/product/south-africa#reviews'],
    ['/a/../checkout', '/checkout'],
    ['/shop//africa', '/shop//africa'],
  ])('keeps %j as %j', (input, path) => {
    expect(shopPath(input)).toBe(path);
  });

  it.each([
    'https://evil.example',
    'https://evil.example/checkout',
    '//evil.example',
    '//evil.example/checkout',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    // Paths that the URL parser tidies into '//host', which a browser then reads as another site.
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/a/..//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E%2E//evil.example/x',
    '/a/b/../..//evil.example/x',
    '/.\\/evil.example/x',
    '/.%2f/evil.example/x',
    '/.%5c/evil.example/x',
    '/\t/evil.example',
    '/checkout\u0000',
    'javascript:alert(1)',
    'checkout',
    '',
    ' /checkout',
    `/${'a'.repeat(MAX_RETURN_PATH_LENGTH)}`,
  ])('refuses %j', (input) => {
    expect(shopPath(input)).toBeNull();
  });

  it.each([null, undefined, 42, -1, {}, ['/checkout'], true])('refuses %j, which is not text', (input) => {
    expect(shopPath(input)).toBeNull();
  });
});

describe('returnPathSchema', () => {
  it('accepts a path on this shop and refuses another site in words naming the field', () => {
    const schema = returnPathSchema('callbackURL');
    expect(schema.safeParse('/checkout').success).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', 7]) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('callbackURL must be a path on this shop, such as /checkout');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseProductForm, productFormValues } from './product-form';
import type { AdminProduct } from '../../../../shared/product-admin';

const filled = { ...productFormValues(undefined), name: 'malawi', description: 'Red sun on black, red and green.', priceCents: 'R1 400.50' };

describe('the product form', () => {
  it('reads rand as typed into cents, empty stock as not counted, an empty web address as made from the name', () => {
    expect(parseProductForm({ ...filled, salePriceCents: '99', stockQuantity: ' 3 ' })).toEqual({
      success: true,
      data: {
        name: 'MALAWI',
        description: 'Red sun on black, red and green.',
        priceCents: 140_050,
        salePriceCents: 9_900,
        stockQuantity: 3,
        featured: false,
        isActive: true,
      },
    });
    expect(parseProductForm(filled).data).toMatchObject({ salePriceCents: null, stockQuantity: null });
  });

  it.each([
    [{ priceCents: 'abc' }, 'priceCents', 'Please enter the price in rand, like 130.00'],
    [{ salePriceCents: '1500' }, 'salePriceCents', 'The sale price must be lower than the price'],
    [{ stockQuantity: '2.5' }, 'stockQuantity', 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag'],
    [{ stockQuantity: '-1' }, 'stockQuantity', 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag'],
  ])('puts the message for %o on its field', (change, field, message) => {
    const result = parseProductForm({ ...filled, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('starts an edit from the saved flag, prices in rand', () => {
    const saved = { name: 'KENYA', slug: 'kenya', description: 'd', priceCents: 19_000, salePriceCents: 16_500, stockQuantity: 0, featured: true, isActive: false } as AdminProduct;
    expect(productFormValues(saved)).toEqual({
      name: 'KENYA',
      slug: 'kenya',
      description: 'd',
      priceCents: '190.00',
      salePriceCents: '165.00',
      stockQuantity: '0',
      featured: true,
      isActive: false,
    });
  });
});

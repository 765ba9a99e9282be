import { describe, expect, it } from 'vitest';
import { parseProductForm, productFormValues, shopperName, suggestedRegion } from './product-form';
import type { AdminProduct } from '../../../../shared/product-admin';

const filled = { ...productFormValues(undefined), name: 'malawi', description: 'Red sun on black, red and green.', region: 'Africa', priceCents: 'R1 400.50' };

describe('the product form', () => {
  it('reads rand as typed into cents, empty stock as not counted, an empty web address as made from the name', () => {
    expect(parseProductForm({ ...filled, salePriceCents: '99', stockQuantity: ' 3 ' })).toEqual({
      success: true,
      data: {
        name: 'MALAWI',
        description: 'Red sun on black, red and green.',
        region: 'Africa',
        priceCents: 140_050,
        salePriceCents: 9_900,
        stockQuantity: 3,
        weightGrams: 200,
        foldedLengthCm: 30,
        foldedWidthCm: 20,
        foldedHeightCm: 2,
        featured: false,
        isActive: true,
        showWithoutPicture: false,
      },
    });
    expect(parseProductForm({ ...filled, weightGrams: ' 450 ', foldedHeightCm: '4' }).data).toMatchObject({ weightGrams: 450, foldedHeightCm: 4 });
    expect(parseProductForm(filled).data).toMatchObject({ salePriceCents: null, stockQuantity: null });
    expect(parseProductForm({ ...filled, region: 'none', showWithoutPicture: true }).data).toMatchObject({ region: null, showWithoutPicture: true });
  });

  it('suggests the region of a country the shop knows, and never overrides a choice', () => {
    expect(suggestedRegion({ name: 'Kenya', region: '' })).toBe('Africa');
    expect(suggestedRegion({ name: 'Atlantis', region: '' })).toBe('');
    expect(suggestedRegion({ name: 'Kenya', region: 'none' })).toBe('none');
    expect(suggestedRegion({ name: 'Kenya', region: 'Europe' })).toBe('Europe');
  });

  it.each([
    [{ priceCents: 'abc' }, 'priceCents', 'Please enter the price in rand, like 130.00'],
    [{ region: '' }, 'region', "Choose the flag's region: Africa, Europe, Americas, Asia, Oceania, or none"],
    [{ salePriceCents: '1500' }, 'salePriceCents', 'The sale price must be lower than the price'],
    [{ stockQuantity: '2.5' }, 'stockQuantity', 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag'],
    [{ stockQuantity: '-1' }, 'stockQuantity', 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag'],
    [{ weightGrams: '' }, 'weightGrams', 'Please enter the weight of one packed flag in whole grams, from 1 to 30 000'],
    [{ weightGrams: '0.2kg' }, 'weightGrams', 'Please enter the weight of one packed flag in whole grams, from 1 to 30 000'],
    [{ foldedWidthCm: '0' }, 'foldedWidthCm', 'Please enter the folded size in whole centimetres, from 1 to 150'],
    [{ foldedLengthCm: '151' }, 'foldedLengthCm', 'Please enter the folded size in whole centimetres, from 1 to 150'],
  ])('puts the message for %o on its field', (change, field, message) => {
    const result = parseProductForm({ ...filled, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('finds every field with a problem in one go, the sale price against the price too', () => {
    const fields = (change: Partial<typeof filled>) => {
      const result = parseProductForm({ ...filled, ...change });
      return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path[0]))];
    };
    expect(fields({ salePriceCents: '1500', stockQuantity: '-1' })).toEqual(expect.arrayContaining(['salePriceCents', 'stockQuantity']));
    expect(fields({ name: '', salePriceCents: '1500', weightGrams: 'heavy', region: '' })).toEqual(
      expect.arrayContaining(['name', 'salePriceCents', 'weightGrams', 'region']),
    );
    // No comparison with a price that is itself wrong.
    expect(fields({ priceCents: 'abc', salePriceCents: '1500' })).toEqual(['priceCents']);
  });

  it('shows the name as shoppers will see it, whatever capitals were typed', () => {
    expect(shopperName('  united   states of america ')).toBe('United States of America');
    expect(shopperName('JAPAN')).toBe('Japan');
    expect(shopperName('')).toBe('');
  });

  it('starts an edit from the saved flag as shoppers see its name, prices in rand', () => {
    const saved = {
      name: 'KENYA',
      slug: 'kenya',
      description: 'd',
      region: null,
      priceCents: 19_000,
      salePriceCents: 16_500,
      stockQuantity: 0,
      featured: true,
      isActive: false,
      showWithoutPicture: true,
      weightGrams: 450,
      foldedLengthCm: 45,
      foldedWidthCm: 30,
      foldedHeightCm: 4,
    } as AdminProduct;
    expect(productFormValues(saved)).toEqual({
      name: 'Kenya',
      slug: 'kenya',
      description: 'd',
      region: 'none',
      priceCents: '190.00',
      salePriceCents: '165.00',
      stockQuantity: '0',
      weightGrams: '450',
      foldedLengthCm: '45',
      foldedWidthCm: '30',
      foldedHeightCm: '4',
      featured: true,
      isActive: false,
      showWithoutPicture: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { movedSizeOrder, parseNewSize, parseSizeChange, parseSizePrice, sizeCodesOf, sizeFormValues, sizePriceDone, sizePriceQuestion } from './size-form';
import type { AdminProductSize } from '../../../../shared/product-admin';

const filled = { ...sizeFormValues(undefined), label: '180 × 120 cm', code: '180x120', sku: 'zimbabwe-180x120', priceCents: 'R260.00' };

const saved: AdminProductSize = {
  id: '00000000-0000-4000-8000-000000000001',
  code: '90x60',
  label: '90 × 60 cm',
  material: null,
  sku: 'KENYA-90X60',
  price: '90.00',
  priceCents: 9_000,
  salePrice: '70.00',
  salePriceCents: 7_000,
  stockQuantity: 12,
  weightGrams: 150,
  foldedLengthCm: 25,
  foldedWidthCm: 15,
  foldedHeightCm: 2,
  isActive: true,
  position: 1,
};

const messageOn = (result: ReturnType<typeof parseNewSize> | ReturnType<typeof parseSizeChange>, field: string) => result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('the size form', () => {
  it('reads a new size: rand as typed into cents, empty stock as not counted, the usual packing, the SKU in capitals', () => {
    expect(parseNewSize({ ...filled, stockQuantity: ' 4 ' })).toEqual({
      success: true,
      data: {
        label: '180 × 120 cm',
        code: '180x120',
        sku: 'ZIMBABWE-180X120',
        material: null,
        priceCents: 26_000,
        salePriceCents: null,
        stockQuantity: 4,
        weightGrams: 200,
        foldedLengthCm: 30,
        foldedWidthCm: 20,
        foldedHeightCm: 2,
        isActive: true,
      },
    });
    expect(parseNewSize(filled).data).toMatchObject({ stockQuantity: null, salePriceCents: null });
    expect(parseNewSize({ ...filled, material: ' Satin ', salePriceCents: '199.50' }).data).toMatchObject({ material: 'Satin', salePriceCents: 19_950 });
  });

  it('starts an edit from the saved size, and sends it back unchanged as the same values', () => {
    const values = sizeFormValues(saved);
    expect(values).toMatchObject({ priceCents: '90.00', salePriceCents: '70.00', stockQuantity: '12', material: '', weightGrams: '150' });
    expect(parseSizeChange(values).data).toEqual({
      label: '90 × 60 cm',
      code: '90x60',
      sku: 'KENYA-90X60',
      material: null,
      priceCents: 9_000,
      salePriceCents: 7_000,
      stockQuantity: 12,
      weightGrams: 150,
      foldedLengthCm: 25,
      foldedWidthCm: 15,
      foldedHeightCm: 2,
    });
    expect(parseSizeChange({ ...values, stockQuantity: '' }).data).toMatchObject({ stockQuantity: null });
  });

  it.each([
    [{ label: '  ' }, 'label', 'Please name the size as shoppers read it, like 90 × 60 cm (1 to 60 characters)'],
    [{ priceCents: '0' }, 'priceCents', 'Please enter the price in rand, like 130.00'],
    [{ priceCents: 'abc' }, 'priceCents', 'Please enter the price in rand, like 130.00'],
    [{ priceCents: '' }, 'priceCents', 'Please enter the price in rand, like 130.00'],
    [{ stockQuantity: '-1' }, 'stockQuantity', 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag'],
    [{ salePriceCents: '300' }, 'salePriceCents', 'The sale price must be lower than the price'],
    [{ code: '180 x 120' }, 'code', 'The size code goes in the web address: lower-case letters, digits and single dashes, like 90x60 (20 characters at most)'],
    [{ sku: 'ZIMBABWE 180' }, 'sku', 'The SKU may use capital letters, digits and dashes, like KENYA-90X60 (40 characters at most)'],
    [{ foldedWidthCm: '0' }, 'foldedWidthCm', 'Please enter the folded size in whole centimetres, from 1 to 150'],
  ])('puts the message for %o on its field, for a new size and a change alike', (change, field, message) => {
    expect(messageOn(parseNewSize({ ...filled, ...change }), field)).toBe(message);
    expect(messageOn(parseSizeChange({ ...filled, ...change }), field)).toBe(message);
  });

  it('moves a size one place, and leaves the order as it is at either end', () => {
    const sizes = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(movedSizeOrder(sizes, 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(movedSizeOrder(sizes, 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(movedSizeOrder(sizes, 0, 'up')).toEqual(['a', 'b', 'c']);
    expect(movedSizeOrder(sizes, 2, 'down')).toEqual(['a', 'b', 'c']);
  });
});

describe('the price of one size on every flag', () => {
  it('offers each size code once, from every flag, switched-off sizes too', () => {
    const products = [
      { allSizes: [{ ...saved, code: '150x90', label: '150 × 90 cm' }, saved] },
      { allSizes: [{ ...saved, code: 'desk', label: 'Desk flag', isActive: false }, saved] },
    ];
    expect(sizeCodesOf(products)).toEqual([
      { code: '150x90', label: '150 × 90 cm' },
      { code: '90x60', label: '90 × 60 cm' },
      { code: 'desk', label: 'Desk flag' },
    ]);
  });

  it('reads the price, asks before setting it and says how many flags it set', () => {
    const input = parseSizePrice({ code: '90x60', priceCents: '99', salePriceCents: '' });
    expect(input.data).toEqual({ code: '90x60', priceCents: 9_900, salePriceCents: null });
    expect(sizePriceQuestion('90 × 60 cm', 9_900, null)).toBe('Set every 90 × 60 cm flag to R99.00?');
    expect(sizePriceQuestion('90 × 60 cm', 9_900, 7_900)).toBe('Set every 90 × 60 cm flag to R99.00, on sale at R79.00?');
    expect(sizePriceDone(64)).toBe('Set the price of 64 flags');
    expect(sizePriceDone(1)).toBe('Set the price of 1 flag');
  });

  it('refuses a size not chosen and a price that is not rand', () => {
    const result = parseSizePrice({ code: '', priceCents: 'abc', salePriceCents: '' });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(expect.arrayContaining(['code', 'priceCents']));
  });
});

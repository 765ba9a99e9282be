import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SizePicker } from './SizePicker';
import { shopper } from '../../testing/shopper-events';
import type { ProductSize } from '../../../shared/product';

const size = (code: string, label: string, priceCents: number, fields: Partial<ProductSize> = {}): ProductSize => ({
  id: `size-${code}`,
  code,
  label,
  material: null,
  sku: `KENYA-${code.toUpperCase()}`,
  price: (priceCents / 100).toFixed(2),
  priceCents,
  salePrice: null,
  salePriceCents: null,
  stockQuantity: null,
  weightGrams: 200,
  ...fields,
});

const sizes = [
  size('150x90', '150 × 90 cm', 13_000, { salePrice: '110.00', salePriceCents: 11_000 }),
  size('90x60', '90 × 60 cm', 9_000, { stockQuantity: 3 }),
  size('desk', 'Desk flag', 5_000, { stockQuantity: 0, material: 'Printed satin, 21 × 14 cm, on a 30 cm chrome stand' }),
];

/** The picker as a page holds it: the chosen size is the page's. */
function Picker() {
  const [chosen, setChosen] = useState(sizes[0]!);
  return (
    <>
      <SizePicker sizes={sizes} chosen={chosen} onChoose={setChosen} />
      <output data-testid="chosen">{chosen.code}</output>
    </>
  );
}

describe('the size picker', () => {
  it('is a group of radio buttons named Size, each naming its size, price and stock', () => {
    render(<Picker />);
    const group = screen.getByRole('group', { name: 'Size' });
    expect(group).toBeTruthy();
    const options = screen.getAllByRole('radio');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['150x90', '90x60', 'desk']);
    expect(screen.getByRole('radio', { name: /150 × 90 cm.*Sale price: R110\.00/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /90 × 60 cm.*R90\.00.*Only 3 left/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: /Desk flag.*R50\.00.*Sold out/ })).toBeTruthy();
  });

  it('moves between sizes with the arrow keys and by a press, and can show a sold-out size', async () => {
    const user = shopper();
    render(<Picker />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('chosen').textContent).toBe('90x60');
    await user.click(screen.getByText('Desk flag'));
    expect(screen.getByTestId('chosen').textContent).toBe('desk');
    expect(screen.getAllByRole('radio').filter((option) => (option as HTMLInputElement).checked)).toHaveLength(1);
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuantityBreaks } from './QuantityBreaks';

const breaks = [
  { minQuantity: 10, percentOff: 10 },
  { minQuantity: 25, percentOff: 15 },
];

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the quantity breaks of a size', () => {
  it('lists the price of one flag by how many are on one line, and marks the row the quantity reaches', () => {
    const { rerender } = render(<QuantityBreaks unitCents={9_000} breaks={breaks} quantity={1} />);
    expect(screen.getByRole('heading', { name: 'Buy more of one size, pay less' })).toBeTruthy();
    const cells = () => rows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells()).toEqual([
      ['1 to 9', 'R90.00', ''],
      ['10 or more', 'R81.00', '10% off'],
      ['25 or more', 'R76.50', '15% off'],
    ]);
    expect(rows()[0]!.getAttribute('aria-current')).toBe('true');
    rerender(<QuantityBreaks unitCents={9_000} breaks={breaks} quantity={12} />);
    expect(rows().map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    rerender(<QuantityBreaks unitCents={9_000} breaks={breaks} quantity={30} />);
    expect(rows().map((row) => row.getAttribute('aria-current'))).toEqual([null, null, 'true']);
  });

  it('shows nothing when the shop has no quantity breaks', () => {
    const { container } = render(<QuantityBreaks unitCents={9_000} breaks={[]} quantity={12} />);
    expect(container.textContent).toBe('');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProofsOfPayment } from './ProofsOfPayment';

const orderId = '0b7e2f4a-5c1d-4e8f-9a3b-6d2c1e0f9a11';

describe("the desk's proofs of payment", () => {
  it('opens each proof from the admin address in a new tab, named with its size', () => {
    render(
      <ProofsOfPayment
        orderId={orderId}
        proofs={[
          { id: '7f1c2b9e-4d3a-4e5f-8a6b-1c2d3e4f5a6b', fileName: 'slip.pdf', sizeBytes: 120 * 1024, uploadedAt: '2026-11-29T12:02:00.000Z' },
          { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', fileName: 'bank slip.png', sizeBytes: 4_800_000, uploadedAt: '2026-11-29T13:10:00.000Z' },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Open slip.pdf (120 KB), opens in a new tab', 'Open bank slip.png (4.6 MB), opens in a new tab']);
    expect(links[0]!.getAttribute('href')).toBe(`/api/admin/orders/${orderId}/proofs/7f1c2b9e-4d3a-4e5f-8a6b-1c2d3e4f5a6b`);
    expect(links.every((link) => link.getAttribute('target') === '_blank' && link.getAttribute('rel') === 'noopener noreferrer')).toBe(true);
  });

  it('says when the buyer sent none', () => {
    render(<ProofsOfPayment orderId={orderId} proofs={[]} />);
    expect(screen.getByText('None sent yet.')).toBeDefined();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});

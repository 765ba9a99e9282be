import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProFormaLink } from './ProFormaLink';

describe('ProFormaLink', () => {
  it("downloads the order's pro-forma invoice", () => {
    render(<ProFormaLink orderNumber="CF-100042" />);
    const link = screen.getByRole('link', { name: 'Download pro-forma invoice' });
    expect(link.getAttribute('href')).toBe('/api/profile/orders/CF-100042/pro-forma.pdf');
    expect(link.hasAttribute('download')).toBe(true);
  });
});

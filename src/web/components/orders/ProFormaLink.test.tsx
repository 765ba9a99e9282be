import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProFormaLink } from './ProFormaLink';
import { orderCalls } from './order-calls';

describe('ProFormaLink', () => {
  it.each([
    ['in My Profile', undefined, '/api/profile/orders/CF-100042/pro-forma.pdf'],
    ["by the order's link", '1798761600.abc_DEF-123', '/api/orders/CF-100042/pro-forma.pdf?key=1798761600.abc_DEF-123'],
  ])("downloads the order's pro-forma invoice %s", (_where, orderKey, href) => {
    render(<ProFormaLink url={orderCalls('CF-100042', orderKey).proForma} />);
    const link = screen.getByRole('link', { name: 'Download pro-forma invoice' });
    expect(link.getAttribute('href')).toBe(href);
    expect(link.hasAttribute('download')).toBe(true);
  });
});

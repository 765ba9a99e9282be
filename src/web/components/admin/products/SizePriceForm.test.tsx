import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizePriceForm } from './SizePriceForm';
import { shopper } from '../../../testing/shopper-events';
import type { AdminProduct, AdminProductSize } from '../../../../shared/product-admin';

const sized = (code: string, label: string) => ({ code, label }) as AdminProductSize;
const products = [
  { allSizes: [sized('150x90', '150 × 90 cm'), sized('90x60', '90 × 60 cm')] },
  { allSizes: [sized('150x90', '150 × 90 cm'), sized('desk', 'Desk flag')] },
] as AdminProduct[];

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SizePriceForm products={products} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the price of one size on every flag', () => {
  it('offers the sizes of every flag, asks before it sets the price, and says how many flags it set', async () => {
    const user = shopper();
    const send = vi.fn(async () => new Response(JSON.stringify({ code: '90x60', flags: 64 }), { status: 200 }));
    vi.stubGlobal('fetch', send);
    renderForm();
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect([...size.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Choose a size', '150 × 90 cm (150x90)', '90 × 60 cm (90x60)', 'Desk flag (desk)']);

    await user.selectOptions(size, '90x60');
    await user.type(screen.getByRole('textbox', { name: 'Price (R)' }), '99');
    await user.click(screen.getByRole('button', { name: 'Set Price' }));
    expect(screen.getByText('Set every 90 × 60 cm flag to R99.00?')).toBeDefined();
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Yes, Set Prices' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Set the price of 64 flags.'));
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/sizes/price');
    expect(JSON.parse(String(init.body))).toEqual({ code: '90x60', priceCents: 9_900, salePriceCents: null });
  });

  it('sends nothing without a size and a price in rand', async () => {
    const user = shopper();
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Price (R)' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Set Price' }));
    expect(screen.getByText('Please enter the price in rand, like 130.00')).toBeDefined();
    expect(screen.getByRole('combobox', { name: 'Size' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Set every/)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the shop's refusal in its words and lets the owner try again", async () => {
    const user = shopper();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'No flag is sold in 90 × 60 cm', code: 'NOT_FOUND' }), { status: 404 })));
    renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '90x60');
    await user.type(screen.getByRole('textbox', { name: 'Price (R)' }), '99');
    await user.click(screen.getByRole('button', { name: 'Set Price' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Set Prices' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No flag is sold in 90 × 60 cm'));
    expect(screen.getByRole('button', { name: 'Set Price' })).toBeDefined();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizesEditor } from './SizesEditor';
import { shopper } from '../../../testing/shopper-events';
import type { AdminProduct, AdminProductSize } from '../../../../shared/product-admin';

const size = (change: Partial<AdminProductSize>): AdminProductSize => ({
  id: '00000000-0000-4000-8000-000000000001',
  code: '150x90',
  label: '150 × 90 cm',
  material: null,
  sku: 'JAPAN-150X90',
  price: '130.00',
  priceCents: 13_000,
  salePrice: null,
  salePriceCents: null,
  stockQuantity: 7,
  weightGrams: 200,
  foldedLengthCm: 30,
  foldedWidthCm: 20,
  foldedHeightCm: 2,
  isActive: true,
  position: 0,
  ...change,
});

const main = size({});
const desk = size({ id: '00000000-0000-4000-8000-000000000002', code: 'desk', label: 'Desk flag', sku: 'JAPAN-DESK', priceCents: 6_000, salePriceCents: 4_500, stockQuantity: null, isActive: false, position: 1 });
const japan = { id: '00000000-0000-4000-8000-0000000000aa', name: 'JAPAN', allSizes: [main, desk] } as AdminProduct;

function renderEditor() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SizesEditor product={japan} />
    </QueryClientProvider>,
  );
  return screen.getAllByTestId('product-size');
}

const refusal = (status: number, message: string) => vi.fn(async () => new Response(JSON.stringify({ message, code: 'REFUSED' }), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a flag's sizes in the product dialog", () => {
  it('lists every size in order, the main size first, with its prices, stock and whether it is sold', () => {
    const [first, second] = renderEditor();
    expect(screen.getByText(/Shoppers see the first size first/)).toBeDefined();
    expect(first!.textContent).toContain('Main size');
    expect(first!.textContent).toContain('On sale');
    expect(first!.textContent).toContain('R130.00');
    expect(first!.textContent).toContain('Stock 7');
    expect(second!.textContent).toContain('Switched off');
    expect(second!.textContent).toContain('R60.00 (sale price R45.00)');
    expect(second!.textContent).toContain('Stock Not counted');
    expect(within(first!).getByRole('button', { name: 'Move 150 × 90 cm up' }).hasAttribute('disabled')).toBe(true);
    expect(within(second!).getByRole('button', { name: 'Move Desk flag down' }).hasAttribute('disabled')).toBe(true);
    expect(within(second!).getByRole('button', { name: 'Switch on Desk flag' })).toBeDefined();
  });

  it('names every problem of a new size before anything is sent, and the focus goes to the first', async () => {
    const user = shopper();
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    const form = screen.getByRole('form', { name: 'New size' });
    await user.type(within(form).getByRole('textbox', { name: 'Price (R)' }), 'abc');
    await user.type(within(form).getByRole('textbox', { name: 'Stock' }), '-2');
    await user.click(within(form).getByRole('button', { name: 'Add Size' }));
    expect(within(form).getByText(/Please name the size as shoppers read it/)).toBeDefined();
    expect(within(form).getByText('Please enter the price in rand, like 130.00')).toBeDefined();
    expect(within(form).getByText(/Stock must be a whole number, 0 or more/)).toBeDefined();
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Size name' }));
    expect(send).not.toHaveBeenCalled();
  });

  it("shows the shop's refusal in its words, beside the size it is about", async () => {
    const user = shopper();
    vi.stubGlobal('fetch', refusal(409, '150 × 90 cm is the last size of Japan on sale. To stop selling the flag, hide it from the shop instead.'));
    const [first] = renderEditor();
    await user.click(within(first!).getByRole('button', { name: 'Switch off 150 × 90 cm' }));
    await waitFor(() => expect(within(first!).getByRole('alert').textContent).toBe('150 × 90 cm is the last size of Japan on sale. To stop selling the flag, hide it from the shop instead.'));
  });

  it('sends a new size as the API takes it and shows a refused SKU in the form', async () => {
    const user = shopper();
    const send = refusal(409, 'The SKU JAPAN-90X60 is already used by Japan (90 × 60 cm)');
    vi.stubGlobal('fetch', send);
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    const form = screen.getByRole('form', { name: 'New size' });
    await user.type(within(form).getByRole('textbox', { name: 'Size name' }), '90 × 60 cm');
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), '90x60');
    await user.type(within(form).getByRole('textbox', { name: 'SKU' }), 'japan-90x60');
    await user.type(within(form).getByRole('textbox', { name: 'Price (R)' }), '90');
    await user.click(within(form).getByRole('button', { name: 'Add Size' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('The SKU JAPAN-90X60 is already used by Japan (90 × 60 cm)'));
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/admin/products/${japan.id}/sizes`);
    expect(JSON.parse(String(init.body))).toMatchObject({ label: '90 × 60 cm', code: '90x60', sku: 'JAPAN-90X60', priceCents: 9_000, stockQuantity: null, isActive: true });
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuoteRequestForm } from './QuoteRequestForm';
import { shopper } from '../../testing/shopper-events';
import type { ListedProduct, Product, ProductSize } from '../../../shared/product';

const size = (code: string, label: string, id: string): ProductSize => ({
  id,
  code,
  label,
  material: null,
  sku: `SOUTH-AFRICA-${code.toUpperCase()}`,
  price: '170.00',
  priceCents: 17_000,
  salePrice: null,
  salePriceCents: null,
  stockQuantity: null,
  weightGrams: 180,
});
const southAfrica = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'south-africa',
  name: 'SOUTH AFRICA',
} as ListedProduct;
const kenya = { id: '22222222-2222-4222-8222-222222222222', slug: 'kenya', name: 'KENYA' } as ListedProduct;
const sizes = [size('150x90', '150 × 90 cm', '33333333-3333-4333-8333-333333333333'), size('90x60', '90 × 60 cm', '44444444-4444-4444-8444-444444444444')];

function renderForm(onReceived = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['/api/products'], [southAfrica, kenya]);
  client.setQueryData(['/api/products/south-africa'], { ...southAfrica, sizes } as Product);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <h2 id="quote-form-heading">What you need</h2>
        <QuoteRequestForm onReceived={onReceived} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onReceived;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the quote form', () => {
  it('names each problem of a line and of the details in words, focuses the first, and sends nothing', async () => {
    const user = shopper();
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const flag = screen.getByRole('combobox', { name: 'Flag 1' });
    expect(document.activeElement).toBe(flag);
    expect(flag.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please choose a flag on each line, or describe the one you need')).toBeDefined();
    expect(screen.getByText('Please enter how many, from 1 to 10 000')).toBeDefined();
    expect(screen.getByText('Please enter your name')).toBeDefined();
    expect(screen.getByText('Please say where the flags go: a town or suburb, and the province')).toBeDefined();

    await user.selectOptions(flag, 'south-africa');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '90x60');
    await user.type(screen.getByRole('textbox', { name: 'How many' }), '2.5');
    expect(screen.getByText('Please enter how many, from 1 to 10 000')).toBeDefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends a listed flag by its ids and a described one in words, with the details, and hands back the reference', async () => {
    const user = shopper();
    const received = { id: '55555555-5555-4555-8555-555555555555', reference: 'Q1001', message: 'Thank you!' };
    const send = vi.fn().mockResolvedValue(new Response(JSON.stringify(received), { status: 201 }));
    vi.stubGlobal('fetch', send);
    const onReceived = renderForm();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Flag 1' }), 'south-africa');
    expect(within(screen.getByRole('combobox', { name: 'Size' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a size',
      '150 × 90 cm',
      '90 × 60 cm',
      'Another size or print',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '90x60');
    await user.type(screen.getByRole('textbox', { name: 'How many' }), '150');

    await user.click(screen.getByRole('button', { name: 'Add another flag' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Flag 2' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Flag 2' }), 'described');
    await user.type(screen.getByRole('textbox', { name: 'Describe the flag' }), 'Our school crest');
    await user.type(screen.getByRole('textbox', { name: 'Describe the size' }), '3 m × 2 m');
    await user.type(screen.getAllByRole('textbox', { name: 'How many' })[1]!, '2');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Thandi Nkosi');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'bursar@greenfield.school.za');
    await user.type(screen.getByRole('textbox', { name: /School, company or organisation/ }), 'Greenfield Primary');
    await user.type(screen.getByRole('textbox', { name: /^Delivery area/ }), 'Stellenbosch, Western Cape');
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));

    await waitFor(() => expect(onReceived).toHaveBeenCalledWith(received));
    const [url, init] = send.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/quotes');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Thandi Nkosi',
      email: 'bursar@greenfield.school.za',
      phone: '',
      organisation: 'Greenfield Primary',
      vatNumber: '',
      deliveryArea: 'Stellenbosch, Western Cape',
      neededBy: '',
      notes: '',
      lines: [
        { productId: southAfrica.id, sizeId: sizes[1]!.id, quantity: 150 },
        { flag: 'Our school crest', size: '3 m × 2 m', quantity: 2 },
      ],
    });
  });

  it('removes a line, and never the only one', async () => {
    const user = shopper();
    renderForm();
    expect(screen.queryByRole('button', { name: 'Remove flag 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add another flag' }));
    await user.click(screen.getByRole('button', { name: 'Remove flag 2' }));
    expect(screen.getAllByTestId('quote-line')).toHaveLength(1);
  });
});

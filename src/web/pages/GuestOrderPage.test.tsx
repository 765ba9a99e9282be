import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GuestOrderPage from './GuestOrderPage';
import { createQueryClient } from '../lib/query-client';
import { shopper } from '../testing/shopper-events';
import { guestMessages } from '../../shared/guest-orders';
import type { CustomerOrderDetail } from '../../shared/orders';

const KEY = '1798761600.Zm9yZ2VkLWJ1dC13ZWxsLWZvcm1lZC1zaWduYXR1cmUtMDAw';

/** A guest's order of two South African flags, placed on 10 November 2026 to pay by bank transfer. */
const order: CustomerOrderDetail = {
  orderNumber: 'CF-100042',
  createdAt: '2026-11-10T08:30:00.000Z',
  status: 'pending',
  paymentStatus: 'pending',
  items: [{ productId: 'south-africa', sizeLabel: '150 × 90 cm', productName: 'SOUTH AFRICA', productImage: null, productPrice: 130, quantity: 2 }],
  subtotalCents: 26_000,
  deliveryFeeCents: 6_000,
  discountCode: null,
  discountCents: 0,
  totalCents: 32_000,
  refundedCents: 0,
  deliveryOption: 'paxi_standard',
  pickupPoint: { code: 'P5772', name: 'PEP Sea Point', address: 'Main Road, Sea Point, Cape Town, Western Cape, 8005' },
  courier: null,
  trackingNumber: null,
  trackingUrl: null,
  documents: [],
  timeline: [{ id: 'placed', type: 'placed', createdAt: '2026-11-10T08:30:00.000Z' }],
  pays: 'by bank transfer',
  payLater: true,
  bankTransfer: {
    accountName: 'Cape Flag Traders (Pty) Ltd',
    bank: 'First National Bank',
    accountNumber: '62812345678',
    branchCode: '250655',
    reference: 'CF-100042',
    amountCents: 32_000,
    payBy: '2026-11-13',
  },
  proofsOfPayment: [],
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The shop's server answering the link's order call with `answer`, or not at all (no network) while it gives none. */
function serveOrder(answer: () => Response | undefined) {
  const fetch = vi.fn(async (_url: string) => {
    const response = answer();
    if (!response) throw new TypeError('Failed to fetch');
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The page at `address`, as the app routes it, its one retry of a failed call at once. */
function openPage(address: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/orders/:orderNumber" element={<GuestOrderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The way to a new link: the order look-up, with the order number filled in. */
function expectLookUpOffered() {
  expect(screen.getByRole('link', { name: 'Find your order' }).getAttribute('href')).toBe('/orders/find?order=CF-100042');
  expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a guest's order page, opened by its link", () => {
  it('shows the order as My Profile does, without signing in, its downloads and upload carrying the key, and leads back home', async () => {
    const fetch = serveOrder(() => json(200, order));
    openPage(`/orders/CF-100042?key=${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order CF-100042' })).toBeDefined();
    expect(fetch).toHaveBeenCalledWith(`/api/orders/CF-100042?key=${KEY}`, expect.objectContaining({ method: 'GET' }));
    expect(screen.getByTestId('order-status').textContent).toBe('Awaiting payment');
    expect(within(screen.getByRole('region', { name: 'Pay by bank transfer' })).getByText('62812345678')).toBeDefined();
    expect(within(screen.getByRole('region', { name: 'Collect at' })).getByText('PEP Sea Point')).toBeDefined();
    expect(within(screen.getByRole('list', { name: 'Order status' })).getByText('Order placed')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Download pro-forma invoice' }).getAttribute('href')).toBe(`/api/orders/CF-100042/pro-forma.pdf?key=${KEY}`);
    expect(screen.getByLabelText('Upload proof of payment')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'My Profile' })).toBeNull();
  });

  it('says a link that is not valid is not, and offers the look-up', async () => {
    serveOrder(() => json(404, { code: 'order_link_invalid', message: guestMessages.linkNotValid }));
    openPage(`/orders/CF-100042?key=${KEY.slice(0, -1)}A`);
    expect(await screen.findByText('Order link not valid')).toBeDefined();
    expect(screen.getByText(/^This order link is not valid\. Check that the whole link was copied from the email/)).toBeDefined();
    expectLookUpOffered();
  });

  it('says a link without its key is not valid, without asking the server', () => {
    const fetch = serveOrder(() => json(200, order));
    openPage('/orders/CF-100042');
    expect(screen.getByText('Order link not valid')).toBeDefined();
    expectLookUpOffered();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says an expired link has expired, how long links last, and offers the look-up', async () => {
    serveOrder(() => json(403, { code: 'order_link_expired', message: guestMessages.linkExpired }));
    openPage(`/orders/CF-100042?key=${KEY}`);
    expect(await screen.findByText('Order link expired')).toBeDefined();
    expect(screen.getByText(/^This order link has expired: links to an order last 30 days/)).toBeDefined();
    expectLookUpOffered();
  });

  it('offers to try again when the order could not be fetched, and shows it once it comes', async () => {
    let online = false;
    serveOrder(() => (online ? json(200, order) : undefined));
    openPage(`/orders/CF-100042?key=${KEY}`);
    expect(await screen.findByText('Failed to load your order. Please try again later.')).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Find your order' })).toBeNull();
    online = true;
    await shopper().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order CF-100042' })).toBeDefined();
  });
});

/** The order desk's actions as the component tests drive them: an order, the desk's server, and the rendered buttons. */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { OrderActions } from '../components/admin/OrderActions';
import { Toaster } from '../components/ui/Toaster';
import type { AdminOrder, AdminOrderDetail } from '../../shared/order-desk';

/** A PAXI order of one South African flag, not sent yet, as the desk lists it; each test says how it was paid. */
export function deskOrder(order: Pick<AdminOrder, 'id' | 'orderNumber' | 'customerName' | 'customerEmail' | 'customerPhone' | 'paymentMethod' | 'paymentStatus' | 'status'> & Partial<AdminOrder>): AdminOrder {
  return {
    placedAsGuest: false,
    deliveryOption: 'paxi_standard',
    paxiLocationId: 'P1234',
    paxiLocationName: 'PEP Stellenbosch',
    paxiLocationAddress: '12 Bird Street, Stellenbosch',
    deliveryAddress: null,
    deliveryInstructions: null,
    courierShipmentId: null,
    subtotalCents: 13_100,
    deliveryFeeCents: 5_900,
    discountCode: null,
    discountCents: 0,
    totalAmount: 19_000,
    refundedCents: 0,
    currency: 'ZAR',
    items: [{ productId: 'p-sa', productName: 'SOUTH AFRICA', productImage: null, productPrice: 13_100, quantity: 1 }],
    paymentId: null,
    paymentDueOn: null,
    fulfilled: false,
    trackingNumber: null,
    fulfilledAt: null,
    createdAt: '2026-11-10T08:30:00.000Z',
    updatedAt: '2026-11-10T08:30:00.000Z',
    oversold: [],
    oversoldSettledAt: null,
    ...order,
  };
}

/** The desk's server, answering every action with `answer`; `posts()` are the actions the page sent. */
export function serveDesk(answer: object, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return { posts: () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => ({ url, body: JSON.parse(String(init!.body)) as unknown })) };
}

/** The order's action buttons, with the toasts they raise. */
export function renderOrderActions(detail: AdminOrderDetail) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderActions detail={detail} />
      <Toaster />
    </QueryClientProvider>,
  );
}

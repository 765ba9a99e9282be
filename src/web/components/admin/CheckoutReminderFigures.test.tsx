import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutReminderFigures } from './CheckoutReminderFigures';

/** The desk's server, answering the reminders' figure. */
function serveFigures(body: object, status = 200) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderFigures() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CheckoutReminderFigures />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the order desk's figure of checkout reminders", () => {
  it('says how many reminders went in the last 28 days and how many became orders', async () => {
    const fetch = serveFigures({ days: 28, sent: 12, converted: 3 });
    renderFigures();
    expect((await screen.findByTestId('checkout-reminders')).textContent).toBe('Checkout reminders (last 28 days): 12 sent, 3 became orders');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/admin/checkout-reminders');
  });

  it('says one order as one', async () => {
    serveFigures({ days: 28, sent: 1, converted: 1 });
    renderFigures();
    expect((await screen.findByTestId('checkout-reminders')).textContent).toBe('Checkout reminders (last 28 days): 1 sent, 1 became an order');
  });
});

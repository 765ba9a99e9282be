import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuotesTab } from './QuotesTab';
import { Toaster } from '../ui/Toaster';
import { shopper, type Shopper } from '../../testing/shopper-events';
import { todayInSouthAfrica } from '../../../shared/profile';
import { quoteMessages, type QuoteRequestView } from '../../../shared/quotes';

/** A school's request: two listed sizes of South Africa and a crest the shop does not list. */
const school: QuoteRequestView = {
  id: '6f1c1f9e-7d0a-4c47-9d47-2f6f3c0b1a01',
  reference: 'Q1001',
  name: 'Thandi Nkosi',
  email: 'bursar@greenfield.school.za',
  phone: '+27825550101',
  organisation: 'Greenfield Primary',
  vatNumber: '4123456789',
  deliveryArea: 'Stellenbosch, Western Cape',
  neededBy: '2026-09-20',
  notes: 'For Heritage Day. Invoice to the school, please.',
  lines: [
    { productId: 'p-sa', sizeId: 's-150', sku: 'SOUTH-AFRICA-150X90', flag: 'South Africa', size: '150 × 90 cm', quantity: 30 },
    { productId: 'p-sa', sizeId: 's-90', sku: 'SOUTH-AFRICA-90X60', flag: 'South Africa', size: '90 × 60 cm', quantity: 12 },
    { productId: null, sizeId: null, sku: null, flag: 'Our school crest', size: '180 × 120 cm, printed both sides', quantity: 2 },
  ],
  status: 'open',
  answer: null,
  answeredAt: null,
  answeredBy: null,
  closedAt: null,
  closedBy: null,
  createdAt: '2026-09-01T07:30:00.000Z',
};

const priceLabels = ['Price per flag: 30 × South Africa, 150 × 90 cm', 'Price per flag: 12 × South Africa, 90 × 60 cm', 'Price per flag: 2 × Our school crest, 180 × 120 cm, printed both sides'];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The desk's server: the list of requests, and the request as answered for any answer sent. */
function serveDesk(requests: QuoteRequestView[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const { unitPricesCents, deliveryCents, validUntil, message } = JSON.parse(String(init.body)) as { unitPricesCents: number[]; deliveryCents: number; validUntil: string; message?: string };
      const totalCents = requests[0]!.lines.reduce((sum, line, i) => sum + line.quantity * unitPricesCents[i]!, deliveryCents);
      return json({ ...requests[0], status: 'answered', answer: { unitPricesCents, deliveryCents, totalCents, validUntil, message: message ?? null }, answeredAt: '2026-09-02T08:00:00.000Z', answeredBy: 'desk@capeflag.co.za' });
    }
    return json(url.startsWith('/api/admin/quotes?status=open') ? requests : []);
  });
  vi.stubGlobal('fetch', fetch);
  return { posts: () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => ({ url, body: JSON.parse(String(init!.body)) as unknown })) };
}

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <QuotesTab />
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Opens the answer form of the first request, as the owner does from its card. */
async function openAnswerForm(user: Shopper) {
  const card = await screen.findByTestId('quote-request');
  await user.click(within(card).getByRole('button', { name: 'Send a quote' }));
  const dialog = screen.getByRole('dialog', { name: 'Send a quote' });
  const prices = priceLabels.map((label) => within(dialog).getByRole('textbox', { name: label }));
  return { dialog, prices, delivery: within(dialog).getByRole('textbox', { name: 'Delivery (R)' }) };
}

const dayFromToday = (days: number) => new Date(Date.parse(todayInSouthAfrica()) + days * 86_400_000).toISOString().slice(0, 10);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the order desk's quote requests", () => {
  it("shows an open request's buyer, delivery details and flags line by line", async () => {
    serveDesk([school]);
    renderTab();
    const list = await screen.findByRole('list', { name: 'Quote requests' });
    const card = within(list).getByTestId('quote-request');
    expect(within(card).getByRole('heading', { name: 'Q1001 from Thandi Nkosi' })).toBeDefined();
    expect(within(card).getByText('Open')).toBeDefined();
    for (const fact of ['Greenfield Primary', '+27825550101', '4123456789', 'Stellenbosch, Western Cape', 'Sun, 20 September 2026', 'For Heritage Day. Invoice to the school, please.']) {
      expect(card.textContent).toContain(fact);
    }
    expect(within(card).getByRole('link', { name: 'bursar@greenfield.school.za' }).getAttribute('href')).toBe('mailto:bursar@greenfield.school.za');

    const table = within(card).getByRole('table', { name: 'Flags in Q1001' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Flag', 'Size', 'SKU', 'Quantity']);
    expect(within(table).getAllByTestId('quote-line').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['South Africa', '150 × 90 cm', 'SOUTH-AFRICA-150X90', '30'],
      ['South Africa', '90 × 60 cm', 'SOUTH-AFRICA-90X60', '12'],
      ['Our school crest', '180 × 120 cm, printed both sides', '—', '2'],
    ]);
    expect(within(card).getByRole('button', { name: 'Close' })).toBeDefined();
  });

  it('adds up the total as the owner types each price and the delivery', async () => {
    const user = shopper();
    serveDesk([school]);
    renderTab();
    const form = await openAnswerForm(user);
    const total = within(form.dialog).getByTestId('quote-total');
    expect(total.textContent).toBe('R0.00');

    await user.type(form.prices[0]!, '150');
    expect(total.textContent).toBe('R4 500.00');
    await user.type(form.prices[1]!, 'R100.00');
    await user.type(form.prices[2]!, '850');
    await user.clear(form.delivery);
    await user.type(form.delivery, '290');
    expect(total.textContent).toBe('R7 690.00');
  });

  it('names an empty or zero price in words, puts the focus on it and sends nothing', async () => {
    const user = shopper();
    const desk = serveDesk([school]);
    renderTab();
    const form = await openAnswerForm(user);
    await user.type(form.prices[0]!, '0');
    await user.type(form.prices[2]!, '850');
    await user.click(within(form.dialog).getByRole('button', { name: 'Send Quote' }));

    expect(within(form.dialog).getAllByText(quoteMessages.unitPrice)).toHaveLength(2);
    expect(form.prices.map((price) => price.getAttribute('aria-invalid'))).toEqual(['true', 'true', null]);
    expect(document.activeElement).toBe(form.prices[0]);
    expect(screen.getByRole('dialog', { name: 'Send a quote' })).toBeDefined();
    expect(desk.posts()).toEqual([]);
  });

  it('sends the prices in cents with the delivery, the last valid day and the message, then closes the form and says so', async () => {
    const user = shopper();
    const desk = serveDesk([school]);
    renderTab();
    const form = await openAnswerForm(user);
    await user.type(form.prices[0]!, '150');
    await user.type(form.prices[1]!, 'R100.00');
    await user.type(form.prices[2]!, '850');
    await user.clear(form.delivery);
    await user.type(form.delivery, '290');
    await user.type(within(form.dialog).getByRole('textbox', { name: 'Message (optional)' }), 'The crest needs its artwork by Friday.');
    await user.click(within(form.dialog).getByRole('button', { name: 'Send Quote' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(desk.posts()).toEqual([
      {
        url: `/api/admin/quotes/${school.id}/answer`,
        body: { unitPricesCents: [15_000, 10_000, 85_000], deliveryCents: 29_000, validUntil: dayFromToday(14), message: 'The crest needs its artwork by Friday.' },
      },
    ]);
    expect(await screen.findByText('Quote Q1001 sent to Thandi Nkosi: R7 690.00.')).toBeDefined();
  });

  it('shows the quote sent on an answered request, and offers a revised quote starting from its prices', async () => {
    const user = shopper();
    const answered: QuoteRequestView = {
      ...school,
      status: 'answered',
      answer: { unitPricesCents: [15_000, 10_000, 85_000], deliveryCents: 29_000, totalCents: 769_000, validUntil: '2026-09-16', message: 'Artwork by Friday, please.' },
      answeredAt: '2026-09-02T08:00:00.000Z',
      answeredBy: 'desk@capeflag.co.za',
    };
    serveDesk([answered]);
    renderTab();
    const card = await screen.findByTestId('quote-request');
    expect(within(card).getByText('Answered')).toBeDefined();
    expect(within(card).getAllByTestId('quote-line')[0]!.textContent).toContain('R150.00 each, R4 500.00');
    for (const fact of ['R290.00', 'R7 690.00', 'Wed, 16 September 2026', 'Artwork by Friday, please.', 'desk@capeflag.co.za']) expect(card.textContent).toContain(fact);

    await user.click(within(card).getByRole('button', { name: 'Send a revised quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a revised quote' });
    expect(priceLabels.map((label) => (within(dialog).getByRole('textbox', { name: label }) as HTMLInputElement).value)).toEqual(['150.00', '100.00', '850.00']);
    expect(within(dialog).getByTestId('quote-total').textContent).toBe('R7 690.00');
    expect(within(dialog).getByRole('button', { name: 'Send Revised Quote' })).toBeDefined();
  });
});

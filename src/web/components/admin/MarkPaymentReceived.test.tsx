import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDay } from './order-format';
import { deskOrder, renderOrderActions, serveDesk } from '../../testing/order-desk';
import { shopper, type Shopper } from '../../testing/shopper-events';
import { paymentReceivedMessages } from '../../../shared/bank-transfer';
import { todayInSouthAfrica } from '../../../shared/profile';
import type { AdminOrderDetail } from '../../../shared/order-desk';

/** A PAXI order of R1 162.00 placed to pay by bank transfer, the money not yet in. */
const awaiting = deskOrder({
  id: '0b7e2f4a-5c1d-4e8f-9a3b-6d2c1e0f9a11',
  orderNumber: 'CF-100042',
  customerName: 'Thandi Nkosi',
  customerEmail: 'thandi@example.co.za',
  customerPhone: '+27825550101',
  subtotalCents: 110_300,
  totalAmount: 116_200,
  items: [{ productId: 'p-sa', productName: 'SOUTH AFRICA', productImage: null, productPrice: 110_300, quantity: 1 }],
  paymentMethod: 'eft',
  paymentDueOn: '2026-11-13',
  paymentStatus: 'pending',
  status: 'pending',
});

const detail: AdminOrderDetail = {
  order: awaiting,
  events: [],
  actions: ['payment_received', 'cancel'],
  refundableCents: 0,
  refundsByHand: "from the shop's bank account",
  documents: [],
  proofs: [],
};

const paidMessage = 'Order CF-100042 is paid. Thandi Nkosi gets the tax invoice and the order confirmation by email.';

/** The desk's server: the order as paid for any payment marked received. */
const serveDeskPaying = () =>
  serveDesk({ ...detail, order: { ...awaiting, status: 'paid', paymentStatus: 'paid', paymentDueOn: null }, actions: ['fulfil'], message: paidMessage });

/** Opens the panel as the owner does, from the first of the order's buttons. */
async function openPanel(user: Shopper) {
  const button = screen.getByRole('button', { name: 'Mark payment received' });
  expect(screen.getAllByRole('button')[0]).toBe(button);
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const panel = screen.getByRole('region', { name: 'Mark payment received' });
  return {
    panel,
    amount: within(panel).getByRole('textbox', { name: 'Amount received (R)' }) as HTMLInputElement,
    day: within(panel).getByLabelText('Date received') as HTMLInputElement,
    review: within(panel).getByRole('button', { name: 'Review payment' }),
  };
}

/** What a screen reader reads after a field's name: its hint, and its message when it has one. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const dayFromToday = (days: number) => new Date(Date.parse(todayInSouthAfrica()) + days * 86_400_000).toISOString().slice(0, 10);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the order desk's Mark payment received", () => {
  it("opens with the order's total, today and the last day to pay, and says what the customer is sent", async () => {
    const user = shopper();
    serveDeskPaying();
    renderOrderActions(detail);
    const form = await openPanel(user);
    expect(form.amount.value).toBe('1162.00');
    expect(document.activeElement).toBe(form.amount);
    expect(form.day.type).toBe('date');
    expect(form.day.value).toBe(todayInSouthAfrica());
    expect(form.day.max).toBe(todayInSouthAfrica());
    expect(form.panel.textContent).toContain('Awaiting payment by Fri, 13 November 2026.');
    expect(form.panel.textContent).toContain('The customer gets the tax invoice and the order confirmation by email.');
  });

  it('names an empty amount under its field, puts the focus in it and sends nothing', async () => {
    const user = shopper();
    const desk = serveDeskPaying();
    renderOrderActions(detail);
    const form = await openPanel(user);
    await user.clear(form.amount);
    await user.click(form.review);
    expect(descriptionOf(form.amount)).toContain(paymentReceivedMessages.amount);
    expect(form.amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.amount);
    expect(screen.queryByRole('button', { name: 'Confirm payment received' })).toBeNull();
    expect(desk.posts()).toEqual([]);
  });

  it('refuses a day still to come, in words under the date', async () => {
    const user = shopper();
    const desk = serveDeskPaying();
    renderOrderActions(detail);
    const form = await openPanel(user);
    await user.clear(form.day);
    await user.type(form.day, dayFromToday(1));
    await user.click(form.review);
    expect(descriptionOf(form.day)).toContain(paymentReceivedMessages.receivedOn);
    expect(document.activeElement).toBe(form.day);
    expect(desk.posts()).toEqual([]);
  });

  it('asks once more, then sends the amount in cents and the day, and says the order is paid', async () => {
    const user = shopper();
    const desk = serveDeskPaying();
    renderOrderActions(detail);
    const form = await openPanel(user);
    const yesterday = dayFromToday(-1);
    await user.clear(form.amount);
    await user.type(form.amount, 'R1 162');
    await user.clear(form.day);
    await user.type(form.day, yesterday);
    await user.click(form.review);
    expect(desk.posts()).toEqual([]);

    expect(screen.getByRole('status').textContent).toBe(`Mark order CF-100042 paid: R1 162.00 received on ${formatDay(yesterday, 'long')}?`);
    await user.click(screen.getByRole('button', { name: 'Confirm payment received' }));
    await waitFor(() => expect(desk.posts()).toEqual([{ url: `/api/admin/orders/${awaiting.id}/payment-received`, body: { amountCents: 116_200, receivedOn: yesterday } }]));
    expect(await screen.findByText(paidMessage)).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Mark payment received' })).toBeNull();
  });
});

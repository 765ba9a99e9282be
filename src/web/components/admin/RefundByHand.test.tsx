import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deskOrder, renderOrderActions, serveDesk } from '../../testing/order-desk';
import { shopper, type Shopper } from '../../testing/shopper-events';
import { refundReferenceMessages, type AdminOrderDetail } from '../../../shared/order-desk';

const ON_PAYFAST = "on PayFast's dashboard (Transactions → Refund)";

/** A PAXI order of R190.00 paid with PayFast, not sent yet. */
const paid = deskOrder({
  id: '4c1e9a2b-7d3f-4b6a-8e5c-2f1d0a9b8c77',
  orderNumber: 'CF-100077',
  customerName: 'Sipho Dlamini',
  customerEmail: 'sipho@example.co.za',
  customerPhone: '+27825550177',
  paymentId: '1089250',
  paymentMethod: 'payfast',
  paymentStatus: 'paid',
  status: 'paid',
});

const detail: AdminOrderDetail = {
  order: paid,
  events: [],
  actions: ['fulfil', 'cancel', 'refund'],
  refundableCents: 19_000,
  refundsByHand: ON_PAYFAST,
  documents: [],
  proofs: [],
};

const recorded = 'Refund of R50.00 on PayFast recorded for order CF-100077; the customer was sent the credit note';

/** The desk's server: every refund or cancel is answered with the order partly refunded. */
const serveDeskRefunding = () =>
  serveDesk({ ...detail, order: { ...paid, refundedCents: 5_000, paymentStatus: 'partially_refunded' }, refundableCents: 14_000, message: recorded }, 202);

async function openPanel(user: Shopper, button: string, region: string) {
  await user.click(screen.getByRole('button', { name: button }));
  const panel = screen.getByRole('region', { name: region });
  return { panel, reference: within(panel).getByRole('textbox', { name: 'Refund reference' }) as HTMLInputElement };
}

/** What a screen reader reads after a field's name: its hint, and its message when it has one. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the order desk's refund of an order refunded by hand", () => {
  it('says where to make the refund first, and asks for its reference', async () => {
    const user = shopper();
    serveDeskRefunding();
    renderOrderActions(detail);
    const { panel, reference } = await openPanel(user, 'Refund', 'Refund');
    expect(panel.textContent).toContain(`Make the refund ${ON_PAYFAST} first, then record it here: the customer gets the credit note by email.`);
    expect(reference.required).toBe(true);
    expect(reference.maxLength).toBe(100);
  });

  it('names a missing reference under its field, puts the focus in it and sends nothing', async () => {
    const user = shopper();
    const desk = serveDeskRefunding();
    renderOrderActions(detail);
    const { panel, reference } = await openPanel(user, 'Refund', 'Refund');
    await user.type(reference, '   ');
    await user.click(within(panel).getByRole('button', { name: 'Review refund' }));
    expect(descriptionOf(reference)).toContain(refundReferenceMessages.required);
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reference);
    expect(screen.queryByRole('button', { name: 'Record refund' })).toBeNull();
    expect(desk.posts()).toEqual([]);
  });

  it('asks once more, then records the refund with its reference and says so in words', async () => {
    const user = shopper();
    const desk = serveDeskRefunding();
    renderOrderActions(detail);
    const { panel, reference } = await openPanel(user, 'Refund', 'Refund');
    const amount = within(panel).getByRole('textbox', { name: 'Amount to refund (R)' });
    await user.clear(amount);
    await user.type(amount, '50');
    await user.type(reference, '  PF-REF-1001 ');
    await user.click(within(panel).getByRole('button', { name: 'Review refund' }));
    expect(within(panel).getByRole('status').textContent).toBe(`Record a refund of R50.00 for order CF-100077, made ${ON_PAYFAST} with reference PF-REF-1001?`);
    expect(screen.queryByRole('button', { name: 'Confirm refund' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(desk.posts()).toEqual([{ url: `/api/admin/orders/${paid.id}/refund`, body: { amountCents: 5_000, reference: 'PF-REF-1001' } }]));
    expect(await screen.findByText(recorded)).toBeDefined();
    expect(screen.getByText('Refund Recorded')).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Refund' })).toBeNull();
  });

  it('asks for the reference when cancelling with a refund, and not when cancelling without one', async () => {
    const user = shopper();
    const desk = serveDeskRefunding();
    renderOrderActions(detail);
    const { panel, reference } = await openPanel(user, 'Cancel order', 'Cancel order');
    expect((within(panel).getByRole('radio', { name: /Refund everything \(R190\.00\)/ }) as HTMLInputElement).checked).toBe(true);
    expect(panel.textContent).toContain(`Paid back ${ON_PAYFAST}.`);
    await user.click(within(panel).getByRole('button', { name: 'Review cancellation' }));
    expect(descriptionOf(reference)).toContain(refundReferenceMessages.required);
    expect(document.activeElement).toBe(reference);
    expect(desk.posts()).toEqual([]);

    // Cancelling without a refund records none, so it asks for no reference.
    await user.click(within(panel).getByRole('radio', { name: /No refund/ }));
    expect(within(panel).queryByRole('textbox', { name: 'Refund reference' })).toBeNull();
    expect(panel.textContent).not.toContain('Make the refund');
  });

  it('cancels with the whole refund made by hand, sending its reference', async () => {
    const user = shopper();
    const desk = serveDeskRefunding();
    renderOrderActions(detail);
    const { panel, reference } = await openPanel(user, 'Cancel order', 'Cancel order');
    await user.type(reference, 'PF-REF-2002');
    await user.click(within(panel).getByRole('button', { name: 'Review cancellation' }));
    expect(within(panel).getByRole('status').textContent).toBe(`Cancel order CF-100077 and record a refund of R190.00, made ${ON_PAYFAST} with reference PF-REF-2002?`);
    await user.click(screen.getByRole('button', { name: 'Cancel and record refund' }));
    await waitFor(() => expect(desk.posts()).toEqual([{ url: `/api/admin/orders/${paid.id}/cancel`, body: { refund: 'full', reference: 'PF-REF-2002' } }]));
  });
});

import { expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminAuditLog, orderEvents, placedOrders, refunds, taxDocuments } from '../db/schema';
import { describeShop, type ShopUnderTest } from '../testing/describe-shop';
import { outboxEmails } from '../testing/test-support';
import { BANK_TRANSFER_SETTINGS, insertOrder, ORDER_DESK_ADMIN, placePaidOrder } from '../testing/test-orders';
import { todayInSouthAfrica } from '../../shared/profile';
import { refundReferenceMessages, type AdminOrderDetail, type OrderActionResult } from '../../shared/order-desk';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ON_PAYFAST = "on PayFast's dashboard (Transactions → Refund)";

/** The hidden fields of the forms on a page, form by form. */
function formsOf(html: string): { action: string; fields: [string, string][] }[] {
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, action, inner]) => ({
    action: unescape(action!),
    fields: [...inner!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) => [unescape(name!), unescape(value!)] as [string, string]),
  }));
}

describeShop(
  'refunds made by hand, recorded on the order desk',
  { admin: true, pickupPoints: true, env: { PAYMENT_PROVIDERS: 'sandbox,payfast,eft', PAYFAST_URL: 'fake', ...BANK_TRANSFER_SETTINGS } },
  (shop: ShopUnderTest) => {
    const act = (id: string, action: string, body?: object) => shop.call('POST', `/api/admin/orders/${id}/${action}`, shop.admin, body);
    const detail = async (id: string) => (await shop.call('GET', `/api/admin/orders/${id}`, shop.admin)).json<AdminOrderDetail>();
    const refundEmails = async (orderNumber: string) =>
      (await outboxEmails(shop.db)).map((r) => r.payload).filter((m) => m.subject.startsWith(`Refund for order ${orderNumber}`));

    /** Everything a refund writes, to see that a refused one wrote none of it. */
    async function written(orderId: string, orderNumber: string) {
      const [order] = await shop.db.select().from(placedOrders).where(eq(placedOrders.id, orderId));
      return {
        order: { refundedCents: order!.refundedCents, paymentStatus: order!.paymentStatus, status: order!.status },
        refunds: await shop.db.$count(refunds, eq(refunds.orderId, orderId)),
        events: await shop.db.$count(orderEvents, eq(orderEvents.orderId, orderId)),
        documents: await shop.db.$count(taxDocuments, eq(taxDocuments.orderId, orderId)),
        audit: await shop.db.$count(adminAuditLog, eq(adminAuditLog.targetId, orderId)),
        emails: (await outboxEmails(shop.db)).filter((r) => r.payload.subject.includes(orderNumber)).length,
      };
    }

    /** A shopper pays R190.00 for one South African flag on PayFast's stand-in; the order its ITN made. */
    async function paidWithPayfast(label: string) {
      const shopper = await shop.shoppers.signUp(label);
      await shop.shoppers.addToCart(shopper, 'south-africa', 1);
      const point = await shop.shoppers.nearestPoint();
      const created = await shop.shoppers.createCheckout(shopper, { ...shop.shoppers.checkoutBody(19_000, point.id), paymentMethod: 'payfast' });
      expect(created.statusCode).toBe(200);
      const { id, redirectUrl } = created.json<{ id: string; redirectUrl: string }>();
      const url = new URL(redirectUrl);
      const handOver = await shop.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      const [form] = formsOf(handOver.body);
      const page = await shop.app.inject({ method: 'POST', url: new URL(form!.action).pathname, headers: FORM, payload: new URLSearchParams(form!.fields).toString() });
      const [pay] = formsOf(page.body);
      expect((await shop.app.inject({ method: 'POST', url: pay!.action, headers: FORM, payload: new URLSearchParams(pay!.fields).toString() })).statusCode).toBe(303);
      return vi.waitFor(async () => {
        const [order] = await shop.shoppers.ordersOf(id);
        expect(order).toMatchObject({ paymentMethod: 'payfast', paymentStatus: 'paid', totalAmount: 19_000 });
        return order!;
      });
    }

    /** A shopper's order of 2 South African flags (R320.00) paid by bank transfer, marked received on the desk. */
    async function paidByTransfer(label: string) {
      const { order } = await shop.shoppers.orderByTransfer(label);
      const received = await act(order.id, 'payment-received', { amountCents: order.totalAmount, receivedOn: todayInSouthAfrica() });
      expect(received.statusCode).toBe(200);
      return received.json<OrderActionResult>().order;
    }

    it('records part of a PayFast refund made on its dashboard, then the rest: counted at once, with a credit note emailed to the customer', async () => {
      const order = await paidWithPayfast('payfast-by-hand');
      const before = await detail(order.id);
      expect(before.refundsByHand).toBe(ON_PAYFAST);
      expect(before.actions).toContain('refund');

      const part = await act(order.id, 'refund', { amountCents: 5_000, reason: 'A torn flag', reference: '  PF-REF-1001  ' });
      expect(part.statusCode).toBe(202);
      const partly = part.json<OrderActionResult>();
      expect(partly.message).toBe(`Refund of R50.00 on PayFast recorded for order ${order.orderNumber}; the customer was sent the credit note`);
      expect(partly.order).toMatchObject({ refundedCents: 5_000, paymentStatus: 'partially_refunded', status: 'paid' });
      expect(partly.refundableCents).toBe(14_000);
      expect(partly.refundsByHand).toBe(ON_PAYFAST);
      expect(partly.events.at(-1)).toMatchObject({ type: 'refunded', note: 'Refunded R50.00 on PayFast (reference PF-REF-1001)', actorEmail: ORDER_DESK_ADMIN });
      expect(partly.events.map((e) => e.type)).not.toContain('refund_requested');
      const creditNote = partly.documents.find((d) => d.kind === 'credit_note')!;
      expect(creditNote).toMatchObject({ serial: expect.stringMatching(/^CN-/), totalCents: 5_000 });

      const [row] = await shop.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(row).toMatchObject({ status: 'succeeded', amountCents: 5_000, reason: 'A torn flag', webhookId: null, providerRefundId: expect.stringMatching(/^by-hand-[0-9a-f-]{36}$/) });
      expect(row!.settledAt).not.toBeNull();
      expect(await shop.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, order.id), eq(adminAuditLog.action, 'order.refund')))).toEqual([
        expect.objectContaining({
          actorEmail: ORDER_DESK_ADMIN,
          summary: `Recorded a refund of R50.00 made by hand for ${order.orderNumber} (reference PF-REF-1001)`,
          details: expect.objectContaining({ reference: 'PF-REF-1001', amountCents: 5_000 }),
        }),
      ]);
      const [email] = await refundEmails(order.orderNumber);
      expect(email!.attachments).toEqual([{ taxDocument: creditNote.serial }]);
      expect(email!.text).toContain(`We have refunded R50.00 of the R190.00 you paid for order ${order.orderNumber} through PayFast, to the card or account you paid with.`);
      expect(email!.text).toContain(`Your credit note ${creditNote.serial} is attached.`);
      expect(email!.text).not.toContain('card you paid with.');

      const rest = await act(order.id, 'refund', { amountCents: 14_000, reference: 'PF-REF-1002' });
      expect(rest.statusCode).toBe(202);
      const refunded = rest.json<OrderActionResult>();
      expect(refunded.order).toMatchObject({ refundedCents: 19_000, paymentStatus: 'refunded' });
      expect(refunded.refundableCents).toBe(0);
      expect(refunded.actions).not.toContain('refund');
      expect(refunded.documents.filter((d) => d.kind === 'credit_note').map((d) => d.totalCents)).toEqual([5_000, 14_000]);
      expect(refunded.events.filter((e) => e.type === 'refunded').map((e) => e.note)).toEqual([
        'Refunded R50.00 on PayFast (reference PF-REF-1001)',
        'Refunded R140.00 on PayFast (reference PF-REF-1002)',
      ]);
      expect(await refundEmails(order.orderNumber)).toHaveLength(2);
    });

    it('refuses more than is left to refund, in words, writing nothing', async () => {
      const order = await paidWithPayfast('payfast-too-much');
      expect((await act(order.id, 'refund', { amountCents: 15_000, reference: 'PF-1' })).statusCode).toBe(202);
      const then = await written(order.id, order.orderNumber);
      const over = await act(order.id, 'refund', { amountCents: 4_001, reference: 'PF-2' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ message: `A refund can be at most R40.00 for order ${order.orderNumber}`, code: 'invalid_input' });
      expect(await written(order.id, order.orderNumber)).toEqual(then);
    });

    it('refuses a refund by hand without its reference, with a NUL or longer than 100 characters, writing nothing', async () => {
      const order = await paidWithPayfast('payfast-no-reference');
      const then = await written(order.id, order.orderNumber);
      const cases: [object, string][] = [
        [{ amountCents: 5_000 }, refundReferenceMessages.required],
        [{ amountCents: 5_000, reference: '' }, refundReferenceMessages.required],
        [{ amountCents: 5_000, reference: '   ' }, refundReferenceMessages.required],
        [{ amountCents: 5_000, reference: 'PF\u0000REF' }, 'reference contains a NUL character, which is not allowed'],
        [{ amountCents: 5_000, reference: 'R'.repeat(101) }, refundReferenceMessages.tooLong],
        [{ amountCents: 5_000, reference: 42 }, refundReferenceMessages.required],
      ];
      for (const [body, message] of cases) {
        const res = await act(order.id, 'refund', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ message, code: 'invalid_input' });
      }
      const cancel = await act(order.id, 'cancel', { refund: 'full' });
      expect(cancel.statusCode).toBe(400);
      expect(cancel.json()).toEqual({ message: refundReferenceMessages.required, code: 'invalid_input' });
      expect(refundReferenceMessages.required).toBe("Say where the refund was made: PayFast's refund reference, or the bank transfer's reference");
      expect(await written(order.id, order.orderNumber)).toEqual(then);
      // 100 characters is the most, and is taken.
      expect((await act(order.id, 'refund', { amountCents: 5_000, reference: 'R'.repeat(100) })).statusCode).toBe(202);
    });

    it('cancels a bank-transfer order with all of it paid back from the bank: cancelled, refunded and credited, in one go', async () => {
      const order = await paidByTransfer('eft-cancel-by-hand');
      expect((await detail(order.id)).refundsByHand).toBe("from the shop's bank account");
      const res = await act(order.id, 'cancel', { refund: 'full', reason: 'Sold out of this size', reference: 'FNB 20261110 CF' });
      expect(res.statusCode).toBe(200);
      const result = res.json<OrderActionResult>();
      expect(result.message).toBe(`Order ${order.orderNumber} was cancelled; a refund of R320.00 by bank transfer was recorded and the customer was sent the credit note`);
      expect(result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 32_000 });
      expect(result.refundableCents).toBe(0);
      expect(result.actions).toEqual([]);
      expect(result.events.slice(-2).map((e) => [e.type, e.note])).toEqual([
        ['refunded', 'Refunded R320.00 by bank transfer (reference FNB 20261110 CF)'],
        ['cancelled', 'Sold out of this size'],
      ]);
      expect(result.documents.map((d) => [d.kind, d.totalCents])).toEqual([
        ['invoice', 32_000],
        ['credit_note', 32_000],
      ]);
      const mails = (await outboxEmails(shop.db)).map((r) => r.payload).filter((m) => m.subject.includes(order.orderNumber));
      const cancelled = mails.find((m) => m.subject.includes('was cancelled'))!;
      expect(cancelled.text).toContain('We are refunding the full R320.00 you paid by bank transfer, to your bank account.');
      expect(cancelled.text).not.toContain('card');
      const [refund] = await refundEmails(order.orderNumber);
      expect(refund!.attachments).toEqual([{ taxDocument: result.documents[1]!.serial }]);
      expect(refund!.text).toContain('by bank transfer, to your bank account.');
      expect(refund!.text).not.toContain('card');
    });

    it('counts one of two refunds of 60% recorded at once, and refuses the other whole', async () => {
      const order = await paidWithPayfast('payfast-race');
      const answers = await Promise.all([
        act(order.id, 'refund', { amountCents: 11_400, reference: 'PF-A' }),
        act(order.id, 'refund', { amountCents: 11_400, reference: 'PF-B' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json<{ message: string }>().message).toBe(`A refund can be at most R76.00 for order ${order.orderNumber}`);
      const after = await detail(order.id);
      expect(after.order).toMatchObject({ refundedCents: 11_400, paymentStatus: 'partially_refunded' });
      expect(await shop.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(1);
      expect(after.events.filter((e) => e.type === 'refunded')).toHaveLength(1);
      expect(after.documents.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
      expect(await refundEmails(order.orderNumber)).toHaveLength(1);
    });

    it('has an order paid a way the shop no longer offers refunded where it was paid, and recorded by hand', async () => {
      const order = await insertOrder(shop.db, { paymentMethod: 'ozow' });
      expect((await detail(order.id)).refundsByHand).toBe('where it was paid (Instant EFT (Ozow), no longer offered here)');
      expect((await act(order.id, 'refund', { amountCents: 5_000 })).statusCode).toBe(400);
      const recorded = await act(order.id, 'refund', { amountCents: 5_000, reference: 'OZ-REFUND-1' });
      expect(recorded.statusCode).toBe(202);
      expect((await detail(order.id)).order).toMatchObject({ refundedCents: 5_000, paymentStatus: 'partially_refunded' });
    });

    it('lets only admins record one: a shopper is refused 403 and a signed-out caller 401', async () => {
      const order = await paidWithPayfast('payfast-not-admin');
      const shopper = await shop.shoppers.signUp('not-an-admin');
      const then = await written(order.id, order.orderNumber);
      const body = { amountCents: 5_000, reference: 'PF-X' };
      expect((await shop.call('POST', `/api/admin/orders/${order.id}/refund`, shopper, body)).statusCode).toBe(403);
      expect((await shop.call('POST', `/api/admin/orders/${order.id}/refund`, undefined, body)).statusCode).toBe(401);
      expect((await shop.call('POST', `/api/admin/orders/${order.id}/cancel`, shopper, { refund: 'full', reference: 'PF-X' })).statusCode).toBe(403);
      expect(await written(order.id, order.orderNumber)).toEqual(then);
    });

    it("still asks the payment provider for a card order's refund, and refuses a reference typed for one", async () => {
      const shopper = await shop.shoppers.signUp('card-buyer');
      const order = await placePaidOrder(shop.shoppers, shopper);
      expect(order.paymentMethod).toBe('sandbox');
      expect((await detail(order.id)).refundsByHand).toBeNull();

      const typed = await act(order.id, 'refund', { amountCents: 5_000, reference: 'PF-CARD' });
      expect(typed.statusCode).toBe(400);
      expect(typed.json()).toEqual({
        message: 'A card refund is asked of the payment provider, which gives it its own reference: leave the refund reference out',
        code: 'invalid_input',
      });
      expect(await shop.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(0);

      const res = await act(order.id, 'refund', { amountCents: 5_000 });
      expect(res.statusCode).toBe(202);
      const result = res.json<OrderActionResult>();
      expect(result.message).toBe(`Refund of R50.00 requested for order ${order.orderNumber}; the payment status follows when the payment provider confirms it`);
      expect(result.events.map((e) => [e.type, e.note])).toContainEqual(['refund_requested', 'Refund of R50.00 requested']);
      await expect.poll(async () => (await detail(order.id)).order.paymentStatus).toBe('partially_refunded');
      expect((await detail(order.id)).events.find((e) => e.type === 'refunded')).toMatchObject({ note: "Refunded R50.00 to the customer's card", actorEmail: null });
      const [row] = await shop.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(row!.providerRefundId).not.toMatch(/^by-hand-/);
    });
  },
);

/**
 * Yoco can confirm a refund (refund.succeeded) before its answer to the refund call reaches the
 * shop, so before the order desk has written the request down. The credit note still gives the
 * desk's reason, the refund counts once, and nothing stays pending.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, refunds, taxDocuments } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { startYocoFake, yocoSettings, type AnsweredRefund, type YocoFake } from '../testing/yoco-fake';
import type { AdminOrderDetail } from '../../shared/order-desk';

const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

let yoco: YocoFake;

describeShop(
  'a refund confirmed before the desk wrote it down',
  async () => {
    yoco = await startYocoFake();
    return { env: yocoSettings(yoco, WEBHOOK_SECRET), admin: true, pickupPoints: true };
  },
  (shop) => {
    afterAll(async () => {
      await yoco?.close();
    });

    async function paidOrder(label: string) {
      const opened = await shop.shoppers.openCheckout(label);
      yoco.markPaid(opened.yocoId);
      expect((await shop.shoppers.complete(opened.shopper, opened.id)).statusCode).toBe(200);
      const [order] = await shop.shoppers.ordersOf(opened.id);
      return { ...order!, yocoId: opened.yocoId };
    }

    const creditNotes = (orderId: string) =>
      shop.db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.orderId, orderId))
        .then((documents) => documents.filter((d) => d.kind === 'credit_note'));

    /** A webhook from Yoco, signed; the shop handles it after its answer. */
    async function deliver(event: object): Promise<void> {
      const signed = yoco.signWebhook(WEBHOOK_SECRET, event);
      const answer = await shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });
      expect(answer.statusCode).toBe(200);
    }

    /** A desk call during which Yoco confirms the refund, and the shop handles that, before Yoco answers the refund call. */
    async function confirmedBeforeAnswer<T>(orderId: string, deskCall: () => Promise<T>): Promise<T> {
      yoco.beforeRefundAnswer = async (refund: AnsweredRefund) => {
        await deliver(yoco.refundEvent(refund.checkoutId, 'refund.succeeded', refund.amountCents, refund.refundId));
        await expect.poll(async () => (await creditNotes(orderId)).length).toBe(1);
      };
      try {
        return await deskCall();
      } finally {
        yoco.beforeRefundAnswer = undefined;
      }
    }

    const deskDetail = async (id: string) => (await shop.call('GET', `/api/admin/orders/${id}`, shop.admin)).json<AdminOrderDetail>();

    it("keeps the desk's reason on the credit note of a part refund, counts it once and leaves nothing pending", async () => {
      const order = await paidOrder('confirmed-first');
      const res = await confirmedBeforeAnswer(order.id, () =>
        shop.call('POST', `/api/admin/orders/${order.id}/refund`, shop.admin, { amountCents: 5_000, reason: 'The flag arrived torn' }),
      );
      expect(res.statusCode).toBe(202);
      const [note] = await creditNotes(order.id);
      expect(note!.content.credit!.reason).toBe('The flag arrived torn');
      expect(note!.totalCents).toBe(5_000);
      const [row] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ refundedCents: 5_000, paymentStatus: 'partially_refunded' });
      // Nothing waits for a confirmation that already came: the rest can be refunded.
      expect((await deskDetail(order.id)).refundableCents).toBe(19_000 - 5_000);
      expect(await shop.db.select().from(refunds).where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'requested')))).toEqual([]);
    });

    it("says 'Order cancelled' on the credit note of a cancellation without a reason, and the order is cancelled", async () => {
      const order = await paidOrder('cancelled-first');
      const res = await confirmedBeforeAnswer(order.id, () => shop.call('POST', `/api/admin/orders/${order.id}/cancel`, shop.admin, { refund: 'full' }));
      expect(res.statusCode).toBe(200);
      const [note] = await creditNotes(order.id);
      expect(note!.content.credit!.reason).toBe('Order cancelled');
      expect(note!.totalCents).toBe(19_000);
      expect(await deskDetail(order.id)).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'refunded' }, refundableCents: 0 });
    });

    it('leaves nothing asked behind when Yoco refuses the refund', async () => {
      const order = await paidOrder('refused');
      yoco.respondNext({ status: 400, body: { errorMessage: 'The refund amount is not valid.', errorCode: 'invalid_amount' } });
      const res = await shop.call('POST', `/api/admin/orders/${order.id}/refund`, shop.admin, { amountCents: 5_000 });
      // Not the desk's fault: the provider's words, as a failed call to it.
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'payment_provider_failed', message: expect.stringContaining('The refund amount is not valid.') });
      expect(await shop.db.select().from(refunds).where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'requested')))).toEqual([]);
      expect(await creditNotes(order.id)).toEqual([]);
    });

    it('names a refund made at Yoco itself, which the desk never asked for, on its credit note', async () => {
      const order = await paidOrder('made-at-yoco');
      await deliver(yoco.refundEvent(order.yocoId, 'refund.succeeded', 3_000));
      await expect.poll(async () => (await creditNotes(order.id)).map((note) => note.content.credit!.reason)).toEqual(['Refunded through the payment provider']);
    });
  },
);

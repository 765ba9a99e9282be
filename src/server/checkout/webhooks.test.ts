import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkouts, orderEvents, orders, paymentWebhooks, refunds, taxDocuments } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { startYocoFake, type YocoFake } from '../testing/yoco-fake';
import { WEBHOOK_MAX_ATTEMPTS } from './webhook-inbox';

const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

interface RefundEvent {
  id: string;
  payload: { id?: string; amount: number; currency: string };
}

let yoco: YocoFake;
/** The shop's settings name the fake's address, so the fake starts first (once per database). */
const onYocoFake = async () => {
  yoco = await startYocoFake();
  return {
    pickupPoints: true,
    env: { PAYMENT_PROVIDER: 'yoco', YOCO_API_URL: yoco.apiUrl, YOCO_SECRET_KEY: yoco.secretKey, YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET },
  };
};

describeShop('money and webhooks against the Yoco fake', onYocoFake, (shop) => {
  afterAll(async () => {
    await yoco?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function paidOrder(label: string) {
    const opened = await shop.shoppers.openCheckout(label);
    yoco.markPaid(opened.yocoId);
    expect((await shop.shoppers.complete(opened.shopper, opened.id)).statusCode).toBe(200);
    const [order] = await shop.shoppers.ordersOf(opened.id);
    return { ...opened, order: order! };
  }

  const deliver = (event: object, webhookId = `msg_${randomBytes(8).toString('hex')}`) => {
    const signed = yoco.signWebhook(WEBHOOK_SECRET, event, { webhookId });
    return shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });
  };
  const stored = async (webhookId: string) => (await shop.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.id, webhookId)))[0];
  /** Waits until the handling that follows the answer is over: processed, or failed and waiting for its retry. */
  const settled = async (webhookId: string) => {
    await expect
      .poll(async () => {
        const row = await stored(webhookId);
        return row !== undefined && row.lockedUntil === null && (row.processedAt !== null || row.lastError !== null);
      })
      .toBe(true);
    return (await stored(webhookId))!;
  };
  const makeDue = (webhookId: string) =>
    shop.db.update(paymentWebhooks).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(paymentWebhooks.id, webhookId));
  const orderById = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const refundsOf = (orderId: string) => shop.db.select().from(refunds).where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')));
  const refundedEvents = (orderId: string) =>
    shop.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refunded')));
  const refundEvent = (yocoId: string, amountCents: number) => yoco.refundEvent(yocoId, 'refund.succeeded', amountCents) as RefundEvent;

  /** The database refuses new refunds until the returned function is called. */
  async function refuseRefunds(): Promise<() => Promise<void>> {
    await shop.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_refunds() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the database refuses for a moment'; END $$`),
    );
    await shop.db.execute(sql.raw('CREATE TRIGGER refuse_refunds BEFORE INSERT OR UPDATE ON refunds FOR EACH ROW EXECUTE FUNCTION refuse_refunds()'));
    return async () => {
      await shop.db.execute(sql.raw('DROP TRIGGER refuse_refunds ON refunds'));
    };
  }

  describe('a payment counts only in rand', () => {
    it('a checkout paid in dollars makes no order: 409 to the shopper, an error in the log, the webhook refused', async () => {
      const errors = vi.spyOn(shop.app.log, 'error');
      const { shopper, id, yocoId } = await shop.shoppers.openCheckout('dollars');
      yoco.checkouts.get(yocoId)!.currency = 'USD';
      yoco.markPaid(yocoId);

      const verify = await shop.shoppers.verify(shopper, id);
      expect(verify.statusCode).toBe(409);
      expect(verify.json()).toEqual({ message: 'The payment was made in USD, not in rand. Please contact us with your payment reference.', code: 'payment_mismatch' });
      const complete = await shop.shoppers.complete(shopper, id);
      expect(complete.statusCode).toBe(409);
      expect(complete.json().message).toContain('not in rand');
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ checkoutId: id, currency: 'USD', amount: 19_000 }), expect.any(String));

      const webhook = await deliver(yoco.paymentSucceeded(yocoId), 'msg_dollars');
      expect(webhook.statusCode).toBe(200);
      expect(await settled('msg_dollars')).toMatchObject({ processedAt: expect.any(Date), lastError: expect.stringContaining('not in rand') });
      expect(await shop.shoppers.ordersOf(id)).toEqual([]);
      // The checkout is over, so the reconciliation stops asking about it.
      expect((await shop.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!.status).toBe('failed');
    });
  });

  describe('refund.succeeded', () => {
    it('counts one refund once, however many webhook ids announce it, and at once', async () => {
      const { yocoId, order } = await paidOrder('refund-once');
      const event = refundEvent(yocoId, 5_000);
      const answers = await Promise.all([deliver(event, 'msg_r1'), deliver(event, 'msg_r2'), deliver(event, 'msg_r3')]);
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      for (const id of ['msg_r1', 'msg_r2', 'msg_r3']) expect((await settled(id)).processedAt).not.toBeNull();
      await deliver(event, 'msg_r4');
      await settled('msg_r4');

      expect(await orderById(order.id)).toMatchObject({ refundedCents: 5_000, paymentStatus: 'partially_refunded' });
      expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ providerRefundId: event.payload.id, amountCents: 5_000 })]);
      expect(await refundedEvents(order.id)).toEqual([expect.objectContaining({ details: { refundId: event.payload.id, amountCents: 5_000 } })]);
    });

    it('refuses a negative amount, a refund without its id and one in another currency: nothing stored, an error logged', async () => {
      const errors = vi.spyOn(shop.app.log, 'error');
      const { yocoId, order } = await paidOrder('refund-bad');
      const negative = refundEvent(yocoId, -5_000);
      const withoutId = refundEvent(yocoId, 5_000);
      delete withoutId.payload.id;
      const dollars = refundEvent(yocoId, 5_000);
      dollars.payload.currency = 'USD';

      for (const [event, webhookId, reason] of [
        [negative, 'msg_negative', 'not a positive number of cents'],
        [withoutId, 'msg_without_id', 'without a refund id'],
        [dollars, 'msg_refund_dollars', 'not in rand'],
      ] as const) {
        expect((await deliver(event, webhookId)).statusCode).toBe(200);
        expect(await settled(webhookId)).toMatchObject({ processedAt: expect.any(Date), lastError: expect.stringContaining(reason) });
        expect(errors).toHaveBeenLastCalledWith(expect.objectContaining({ checkoutId: order.checkoutId }), expect.stringContaining(reason));
      }
      expect(await orderById(order.id)).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });
      expect(await refundsOf(order.id)).toEqual([]);
      expect(await refundedEvents(order.id)).toEqual([]);
    });

    it('refuses more than was paid less what was refunded, naming the order, and changes nothing', async () => {
      const errors = vi.spyOn(shop.app.log, 'error');
      const { yocoId, order } = await paidOrder('refund-over');
      await deliver(refundEvent(yocoId, 15_000), 'msg_first');
      await settled('msg_first');
      const tooMuch = refundEvent(yocoId, 4_001);
      expect((await deliver(tooMuch, 'msg_too_much')).statusCode).toBe(200);
      expect((await settled('msg_too_much')).lastError).toContain(`for order ${order.orderNumber} is more than the R40.00 left to refund`);
      expect(errors).toHaveBeenLastCalledWith(
        expect.objectContaining({ orderNumber: order.orderNumber, refundId: tooMuch.payload.id, amountCents: 4_001 }),
        expect.stringContaining(order.orderNumber),
      );
      expect(await orderById(order.id)).toMatchObject({ refundedCents: 15_000, paymentStatus: 'partially_refunded' });
      expect(await refundsOf(order.id)).toHaveLength(1);

      // The rest, exactly, is counted; the order is then refunded in full.
      await deliver(refundEvent(yocoId, 4_000), 'msg_rest');
      await settled('msg_rest');
      expect(await orderById(order.id)).toMatchObject({ refundedCents: 19_000, paymentStatus: 'refunded' });
      await deliver(refundEvent(yocoId, 1), 'msg_after_full');
      expect((await settled('msg_after_full')).lastError).toContain('more than the R0.00 left');
      expect((await orderById(order.id)).refundedCents).toBe(19_000);
      // Credit notes only for what was counted: never more than the invoice.
      const documents = await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id)).orderBy(taxDocuments.issuedAt);
      expect(documents.map((d) => [d.kind, d.totalCents])).toEqual([
        ['invoice', 19_000],
        ['credit_note', 15_000],
        ['credit_note', 4_000],
      ]);
    });

    it('the database keeps refunded cents between 0 and the total', async () => {
      const { order } = await paidOrder('refund-check');
      for (const refundedCents of [-1, order.totalAmount + 1]) {
        await expect(shop.db.update(orders).set({ refundedCents }).where(eq(orders.id, order.id))).rejects.toThrow();
      }
      await expect(shop.db.insert(refunds).values({ orderId: order.id, status: 'succeeded', providerRefundId: 'rfd_zero', amountCents: 0, settledAt: new Date() })).rejects.toThrow();
      expect((await orderById(order.id)).refundedCents).toBe(0);
    });
  });

  describe('stored webhooks are handled again until processed', () => {
    it('a payment whose handling failed after the answer becomes its order at the next reconciliation, once', async () => {
      const { shopper, id, yocoId } = await shop.shoppers.openCheckout('replay-payment');
      yoco.markPaid(yocoId);
      // Yoco cannot be asked about the payment while the webhook is handled.
      yoco.respondNext({ status: 500, body: { errorMessage: 'Internal error' } });
      const answer = await deliver(yoco.paymentSucceeded(yocoId), 'msg_replay_payment');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true });
      const failed = await settled('msg_replay_payment');
      expect(failed).toMatchObject({ processedAt: null, attempts: 1, lastError: expect.stringContaining('HTTP 500') });
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(await shop.shoppers.ordersOf(id)).toEqual([]);

      // Not due yet: the job waits.
      expect((await shop.app.reconcileCheckouts()).replayedWebhooks).toBe(0);
      await makeDue('msg_replay_payment');
      const rounds = await Promise.all([shop.app.reconcileCheckouts(), shop.app.reconcileCheckouts()]);
      expect(rounds.map((r) => r.replayedWebhooks).sort()).toEqual([0, 1]);
      expect(await stored('msg_replay_payment')).toMatchObject({ processedAt: expect.any(Date), attempts: 2, lockedUntil: null });
      const made = await shop.shoppers.ordersOf(id);
      expect(made).toHaveLength(1);
      expect(await shop.shoppers.confirmations(made[0]!.orderNumber)).toHaveLength(1);
      expect((await shop.shoppers.verify(shopper, id)).json()).toMatchObject({ status: 'completed', orderNumber: made[0]!.orderNumber });

      // Processed: the job does not take it up again.
      await makeDue('msg_replay_payment');
      expect((await shop.app.reconcileCheckouts()).replayedWebhooks).toBe(0);
    });

    it('a refund the database refused for a moment is counted once by two job runs at the same time', async () => {
      const { yocoId, order } = await paidOrder('replay-refund');
      const allowRefunds = await refuseRefunds();
      const event = refundEvent(yocoId, 5_000);
      try {
        expect((await deliver(event, 'msg_replay_refund')).statusCode).toBe(200);
        expect(await settled('msg_replay_refund')).toMatchObject({
          processedAt: null,
          attempts: 1,
          lastError: expect.stringContaining('the database refuses for a moment'),
        });
      } finally {
        await allowRefunds();
      }
      expect(await orderById(order.id)).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });

      await makeDue('msg_replay_refund');
      const rounds = await Promise.all([shop.app.reconcileCheckouts(), shop.app.reconcileCheckouts()]);
      expect(rounds.reduce((sum, r) => sum + r.replayedWebhooks, 0)).toBe(1);
      expect(await stored('msg_replay_refund')).toMatchObject({ processedAt: expect.any(Date), attempts: 2 });
      expect(await orderById(order.id)).toMatchObject({ refundedCents: 5_000, paymentStatus: 'partially_refunded' });
      expect(await refundsOf(order.id)).toHaveLength(1);
      expect(await refundedEvents(order.id)).toHaveLength(1);
    });

    it('a repeated delivery of an event not processed yet is handled, not dropped', async () => {
      const { id, yocoId } = await shop.shoppers.openCheckout('replay-duplicate');
      yoco.markPaid(yocoId);
      yoco.respondNext({ status: 500, body: { errorMessage: 'Internal error' } });
      const event = yoco.paymentSucceeded(yocoId);
      await deliver(event, 'msg_dup');
      expect(await settled('msg_dup')).toMatchObject({ processedAt: null, attempts: 1 });

      const again = await deliver(event, 'msg_dup');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true, duplicate: true });
      await expect.poll(async () => (await stored('msg_dup'))?.processedAt ?? null).not.toBeNull();
      expect(await shop.shoppers.ordersOf(id)).toHaveLength(1);
    });

    it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts: an error in the log, the row kept, no more tries`, async () => {
      const errors = vi.spyOn(shop.app.log, 'error');
      const { yocoId, order } = await paidOrder('replay-give-up');
      const allowRefunds = await refuseRefunds();
      try {
        await deliver(refundEvent(yocoId, 2_000), 'msg_give_up');
        await settled('msg_give_up');
        await shop.db
          .update(paymentWebhooks)
          .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
          .where(eq(paymentWebhooks.id, 'msg_give_up'));
        await makeDue('msg_give_up');
        expect((await shop.app.reconcileCheckouts()).replayedWebhooks).toBe(0);
      } finally {
        await allowRefunds();
      }
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ webhook: 'msg_give_up', attempts: WEBHOOK_MAX_ATTEMPTS }), expect.stringContaining('giving up'));
      expect(await stored('msg_give_up')).toMatchObject({ processedAt: null, attempts: WEBHOOK_MAX_ATTEMPTS, lastError: expect.any(String) });

      await makeDue('msg_give_up');
      expect((await shop.app.reconcileCheckouts()).replayedWebhooks).toBe(0);
      expect((await stored('msg_give_up'))!.attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
      expect((await orderById(order.id)).refundedCents).toBe(0);
    });

    it('still refuses forged and stale webhooks with 400 and stores nothing of them', async () => {
      const { yocoId } = await paidOrder('forged');
      const event = refundEvent(yocoId, 5_000);
      for (const [webhookId, options] of [
        ['msg_forged', { wrongSecret: true }],
        ['msg_tampered', { tamper: true }],
        ['msg_stale', { timestampOffsetSeconds: -6 * 60 }],
      ] as const) {
        const signed = yoco.signWebhook(WEBHOOK_SECRET, event, { webhookId, ...options });
        const res = await shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });
        expect(res.statusCode).toBe(400);
        expect(await stored(webhookId)).toBeUndefined();
      }
    });

    it('refuses a signed event with text the database cannot store (a NUL byte), with 400 and nothing stored', async () => {
      const { yocoId } = await paidOrder('nul-byte');
      const event = refundEvent(yocoId, 1_000);
      const res = await deliver({ ...event, payload: { ...event.payload, failureReason: 'bad\u0000reason' } }, 'msg_nul');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The webhook body payload.failureReason contains a NUL character', code: 'webhook_refused' });
      expect(await stored('msg_nul')).toBeUndefined();
    });
  });
});

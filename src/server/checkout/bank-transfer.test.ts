import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, checkouts, orderEvents, orders, placedOrders, taxDocuments } from '../db/schema';
import { loadConfig } from '../config';
import { describeShop } from '../testing/describe-shop';
import { outboxEmails } from '../testing/test-support';
import { mainSizeOf, setMainSize } from '../testing/main-size';
import { BANK_ACCOUNT, BANK_TRANSFER_SETTINGS, placePaidOrder } from '../testing/test-orders';
import { addBusinessDays, paymentReceivedMessages, wrongTransferAmount } from '../../shared/bank-transfer';
import { todayInSouthAfrica } from '../../shared/profile';
import type { CustomerOrderDetail } from '../../shared/orders';
import { createTransferDeadlines } from '../orders/transfer-deadlines';
import { emailContextOf } from '../email-context';
import { refundReferenceMessages, type OrderActionResult } from '../../shared/order-desk';


describe('bank transfer settings', () => {
  it.each([
    [{ PAYMENT_PROVIDERS: 'eft' }, "PAYMENT_PROVIDERS with eft needs EFT_ACCOUNT_NAME and EFT_BANK and EFT_ACCOUNT_NUMBER and EFT_BRANCH_CODE (the shop's business bank account)"],
    [{ PAYMENT_PROVIDERS: 'eft', ...BANK_TRANSFER_SETTINGS, EFT_ACCOUNT_NUMBER: '6281-2345' }, 'EFT_ACCOUNT_NUMBER: EFT_ACCOUNT_NUMBER must be the account number: 6 to 16 digits'],
    [{ PAYMENT_PROVIDERS: 'eft', ...BANK_TRANSFER_SETTINGS, EFT_BRANCH_CODE: '2506' }, 'EFT_BRANCH_CODE: EFT_BRANCH_CODE must be the 6-digit branch code'],
    [{ PAYMENT_PROVIDERS: 'eft', ...BANK_TRANSFER_SETTINGS, EFT_DAYS: '0' }, 'EFT_DAYS must be a whole number of business days, from 1 to 14'],
    [{ PAYMENT_PROVIDERS: 'eft', ...BANK_TRANSFER_SETTINGS, EFT_DAYS: '15' }, 'EFT_DAYS must be a whole number of business days, from 1 to 14'],
    [{ PAYMENT_PROVIDERS: 'eft', ...BANK_TRANSFER_SETTINGS, EFT_DAYS: 'three' }, 'EFT_DAYS must be a whole number of business days, from 1 to 14'],
  ])('refuses %j at start, in words', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('reads the account, and 3 business days to pay unless EFT_DAYS says otherwise', () => {
    expect(loadConfig({ PAYMENT_PROVIDERS: 'yoco,eft', YOCO_SECRET_KEY: 'sk_live_x', YOCO_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', ...BANK_TRANSFER_SETTINGS }).payments[1]).toEqual({
      provider: 'eft',
      account: { accountName: BANK_TRANSFER_SETTINGS.EFT_ACCOUNT_NAME, bank: BANK_TRANSFER_SETTINGS.EFT_BANK, accountNumber: BANK_TRANSFER_SETTINGS.EFT_ACCOUNT_NUMBER, branchCode: BANK_TRANSFER_SETTINGS.EFT_BRANCH_CODE },
      days: 3,
    });
    expect(loadConfig({ PAYMENT_PROVIDERS: 'eft', ...BANK_TRANSFER_SETTINGS, EFT_DAYS: '5' }).payments[0]).toMatchObject({ days: 5 });
  });

  it('counts business days, leaving out Saturdays and Sundays', () => {
    // 2026-11-27 is a Friday.
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02');
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-30', 5)).toBe('2026-12-07');
  });
});

describeShop('paying by bank transfer', { admin: true, pickupPoints: true, env: { PAYMENT_PROVIDERS: 'sandbox,eft', ...BANK_TRANSFER_SETTINGS } }, (shop) => {
  const { orderByTransfer } = shop.shoppers;
  const desk = (path: string, payload?: object) => shop.call(payload ? 'POST' : 'GET', path, shop.admin, payload);
  const received = (orderId: string, body: object) => desk(`/api/admin/orders/${orderId}/payment-received`, body);

  it('places the order at once, awaiting the transfer: the flags stay taken, the cart is emptied and the buyer is told how to pay', async () => {
    await setMainSize(shop.db, 'south-africa', { stockQuantity: 5 });
    try {
      const { shopper, checkoutId, redirectUrl, order } = await orderByTransfer('school-bursar');
      expect(redirectUrl).toBe(`${shop.config.publicUrl}/profile/orders/${order.orderNumber}`);
      const dueOn = addBusinessDays(todayInSouthAfrica(), 3);
      expect(order).toMatchObject({ state: 'pending', paymentStatus: 'pending', status: 'pending', paymentMethod: 'eft', paymentId: null, paymentDueOn: dueOn });
      expect((await shop.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.status).toBe('ordered');
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(3);
      const cart = (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ cartItems: unknown[] }>();
      expect(cart.cartItems).toEqual([]);
      // No invoice until it is paid.
      expect(await shop.db.$count(taxDocuments, eq(taxDocuments.orderId, order.id))).toBe(0);

      const [mail] = (await outboxEmails(shop.db)).map((r) => r.payload).filter((m) => m.subject.includes(order.orderNumber));
      expect(mail).toMatchObject({ to: shopper.email, subject: `Order ${order.orderNumber}: please pay by bank transfer - Cape Flag Co.` });
      for (const text of ['Account number: 62812345678', 'Branch code: 250655', 'Bank: First National Bank', `Reference: ${order.orderNumber}`, 'Total to pay: R320.00']) {
        expect(mail!.text).toContain(text);
      }
      expect(mail!.attachments).toEqual([{ proForma: order.orderNumber }]);

      const detail = (await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}`, shopper.cookie)).json<CustomerOrderDetail>();
      expect(detail).toMatchObject({
        status: 'pending',
        paymentStatus: 'pending',
        pays: 'by bank transfer',
        payLater: true,
        bankTransfer: { accountName: BANK_TRANSFER_SETTINGS.EFT_ACCOUNT_NAME, bank: BANK_TRANSFER_SETTINGS.EFT_BANK, accountNumber: '62812345678', branchCode: '250655', reference: order.orderNumber, amountCents: 32_000, payBy: dueOn },
      });
      expect(detail.timeline.map((e) => e.type)).toEqual(['placed']);

      // The success page's look-up, opened by hand, says the order is placed, not paid.
      const verified = await shop.shoppers.inject('GET', `/api/payments/yoco/verify/${checkoutId}`, shopper.cookie);
      expect(verified.json()).toMatchObject({ status: 'ordered', orderNumber: order.orderNumber, paymentId: null });

      // The reconciliation has nothing to ask about it.
      await shop.db.update(checkouts).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(checkouts.id, checkoutId));
      expect(await shop.app.reconcileCheckouts()).toMatchObject({ completed: 0, expired: 0 });
    } finally {
      await setMainSize(shop.db, 'south-africa', { stockQuantity: null });
    }
  });

  it('is marked paid from the order desk: the invoice goes with the confirmation, the buyer sees the payment, and it happens once', async () => {
    const { shopper, order } = await orderByTransfer('school-paid');
    const before = (await desk(`/api/admin/orders/${order.id}`)).json<{ actions: string[]; order: { paymentDueOn: string | null } }>();
    expect(before.actions[0]).toBe('payment_received');
    expect(before.order.paymentDueOn).toBe(order.paymentDueOn);

    const today = todayInSouthAfrica();
    const [first, second] = await Promise.all([received(order.id, { amountCents: 32_000, receivedOn: today }), received(order.id, { amountCents: 32_000, receivedOn: today })]);
    const answers = [first!, second!].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409]);
    const paid = answers[0]!.json<OrderActionResult>();
    expect(paid.message).toBe(`Order ${order.orderNumber} is paid: the customer was sent the invoice and the confirmation`);
    expect(paid.order).toMatchObject({ paymentStatus: 'paid', status: 'paid', paymentId: `EFT ${today}`, paymentDueOn: null });
    expect(paid.actions).not.toContain('payment_received');
    expect(paid.actions).toContain('fulfil');
    expect(answers[1]!.json()).toEqual({ message: `Order ${order.orderNumber} is not awaiting payment: it is paid`, code: 'conflict' });

    expect(await shop.db.$count(taxDocuments, eq(taxDocuments.orderId, order.id))).toBe(1);
    const confirmation = (await outboxEmails(shop.db)).map((r) => r.payload).find((m) => m.subject === `Order ${order.orderNumber} confirmed - Cape Flag Co.`);
    expect(confirmation?.attachments).toEqual([{ taxDocument: expect.stringMatching(/^INV-/) }]);
    expect(await shop.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, order.id), eq(adminAuditLog.action, 'order.payment_received')))).toEqual([
      expect.objectContaining({ summary: `Marked ${order.orderNumber} paid: R320.00 by bank transfer, reflected on ${today}` }),
    ]);

    // A transfer goes back from the shop's bank account: the desk records it with its reference.
    expect((await desk(`/api/admin/orders/${order.id}`)).json<{ refundsByHand: string | null }>().refundsByHand).toBe("from the shop's bank account");
    const refund = await desk(`/api/admin/orders/${order.id}/refund`, { amountCents: 5_000 });
    expect(refund.statusCode).toBe(400);
    expect(refund.json()).toEqual({ message: refundReferenceMessages.required, code: 'invalid_input' });
    expect((await desk(`/api/admin/orders/${order.id}`)).json<{ order: { refundedCents: number; paymentStatus: string } }>().order).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' });

    const detail = (await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}`, shopper.cookie)).json<CustomerOrderDetail>();
    expect(detail.bankTransfer).toBeNull();
    expect(detail.timeline.map((e) => [e.type, e.amountCents])).toEqual([
      ['placed', undefined],
      ['payment_received', 32_000],
    ]);
  });

  it('refuses a payment mark of the wrong amount, a day to come, or from anyone but an admin, changing nothing', async () => {
    const { shopper, order } = await orderByTransfer('school-wrong');
    const tomorrow = new Date(Date.parse(todayInSouthAfrica()) + 86_400_000).toISOString().slice(0, 10);
    for (const [body, status, message] of [
      [{ amountCents: 31_000, receivedOn: todayInSouthAfrica() }, 400, wrongTransferAmount(32_000, 31_000)],
      [{ amountCents: 32_000, receivedOn: tomorrow }, 400, paymentReceivedMessages.receivedOn],
      [{ amountCents: 32_000, receivedOn: '2026-02-30' }, 400, paymentReceivedMessages.receivedOn],
      [{ amountCents: 32_000, receivedOn: '2020-01-01' }, 400, `The money cannot have reflected before the order was placed on ${todayInSouthAfrica(order.createdAt)}`],
      [{ amountCents: '320', receivedOn: todayInSouthAfrica() }, 400, paymentReceivedMessages.amount],
      [{ amountCents: -1, receivedOn: todayInSouthAfrica() }, 400, paymentReceivedMessages.amount],
      [{ amountCents: 1e12, receivedOn: todayInSouthAfrica() }, 400, paymentReceivedMessages.amount],
      [{ receivedOn: todayInSouthAfrica() }, 400, paymentReceivedMessages.amount],
    ] as const) {
      const res = await received(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message, code: 'invalid_input' });
    }
    const asShopper = await shop.call('POST', `/api/admin/orders/${order.id}/payment-received`, shopper, { amountCents: 32_000, receivedOn: todayInSouthAfrica() });
    expect(asShopper.statusCode).toBe(403);
    expect((await received('00000000-0000-4000-8000-000000000000', { amountCents: 32_000, receivedOn: todayInSouthAfrica() })).statusCode).toBe(404);
    const [still] = await shop.db.select().from(placedOrders).where(eq(placedOrders.id, order.id));
    expect(still).toMatchObject({ paymentStatus: 'pending', state: 'pending' });
    expect(await shop.db.$count(taxDocuments, eq(taxDocuments.orderId, order.id))).toBe(0);
  });

  it('is cancelled from the desk before it is paid: its flags go back on sale and nothing is refunded', async () => {
    await setMainSize(shop.db, 'south-africa', { stockQuantity: 5 });
    try {
      const { order } = await orderByTransfer('school-cancels');
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(3);
      const res = await desk(`/api/admin/orders/${order.id}/cancel`, { refund: 'none', reason: 'The school paid by card instead' });
      expect(res.statusCode).toBe(200);
      expect(res.json<OrderActionResult>().order).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', paymentDueOn: null });
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(5);
      const told = (await outboxEmails(shop.db)).map((r) => r.payload).find((m) => m.subject === `Your order ${order.orderNumber} was cancelled - Cape Flag Co.`);
      expect(told?.text).toContain('Nothing was paid for it, so nothing is refunded.');
      expect(told?.text).not.toContain('card');
      expect((await received(order.id, { amountCents: 32_000, receivedOn: todayInSouthAfrica() })).json()).toEqual({
        message: `Order ${order.orderNumber} is not awaiting payment: it is cancelled`,
        code: 'conflict',
      });
    } finally {
      await setMainSize(shop.db, 'south-africa', { stockQuantity: null });
    }
  });

  it('reminds the buyer once after two days, then cancels the order the day after its day to pay, putting its flags back', async () => {
    // The orders earlier tests left awaiting payment are put out of the way: this test counts stock.
    await shop.db.update(orders).set({ state: 'cancelled' }).where(and(eq(orders.paymentMethod, 'eft'), eq(orders.state, 'pending')));
    await setMainSize(shop.db, 'south-africa', { stockQuantity: 5 });
    try {
      const { shopper, order } = await orderByTransfer('school-forgets');
      const paidMeanwhile = await orderByTransfer('school-pays-in-time');
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(1);
      const placed = order.createdAt.getTime();
      const dueOn = order.paymentDueOn!;
      const at = (ms: number) => createTransferDeadlines({ db: shop.db, email: emailContextOf(shop.config), account: BANK_ACCOUNT, now: () => new Date(ms) });
      const mails = async (subject: string) => (await outboxEmails(shop.db)).map((r) => r.payload).filter((m) => m.to === shopper.email && m.subject.startsWith(subject));

      // A day on, nothing yet; two days on, one reminder however often, and by however many processes, it runs.
      await at(placed + 86_400_000)();
      expect(await mails('Reminder:')).toHaveLength(0);
      const twoDaysOn = placed + 2 * 86_400_000 + 60_000;
      await Promise.all([at(twoDaysOn)(), at(twoDaysOn)(), at(twoDaysOn)()]);
      const reminders = (id: string) => shop.db.$count(orderEvents, and(eq(orderEvents.orderId, id), eq(orderEvents.type, 'payment_reminder')));
      expect([await reminders(order.id), await reminders(paidMeanwhile.order.id)]).toEqual([1, 1]);
      expect(await mails(`Reminder: please pay for order ${order.orderNumber} by`)).toHaveLength(1);

      // The desk marks the other one paid: it is never cancelled.
      expect((await received(paidMeanwhile.order.id, { amountCents: 32_000, receivedOn: todayInSouthAfrica() })).statusCode).toBe(200);

      // The day after its day to pay, it is cancelled, once, with its flags back on sale.
      const dayAfter = Date.parse(`${dueOn}T23:00:00Z`) + 60_000;
      await Promise.all([at(dayAfter)(), at(dayAfter)()]);
      const [after] = await shop.db.select().from(placedOrders).where(eq(placedOrders.id, order.id));
      expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
      const [other] = await shop.db.select().from(placedOrders).where(eq(placedOrders.id, paidMeanwhile.order.id));
      expect(other).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(3);
      const [lapsed] = await mails(`Order ${order.orderNumber} cancelled: no payment reflected`);
      expect(lapsed!.text).toContain('its flags are back on sale');
      const detail = (await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}`, shopper.cookie)).json<CustomerOrderDetail>();
      expect(detail.bankTransfer).toBeNull();
      expect(detail.timeline.map((e) => e.type)).toEqual(['placed', 'cancelled']);
      await at(dayAfter + 86_400_000)();
      expect(await reminders(order.id)).toBe(1);
      expect(await mails(`Order ${order.orderNumber} cancelled`)).toHaveLength(1);
    } finally {
      await setMainSize(shop.db, 'south-africa', { stockQuantity: null });
    }
  });

  it("lists the transfers awaited in the order desk's morning digest, to look for in the bank statement", async () => {
    const { order } = await orderByTransfer('school-digest');
    expect((await desk('/api/admin/batch-email', {})).statusCode).toBe(200);
    const digest = (await outboxEmails(shop.db)).map((r) => r.payload).filter((m) => m.subject.startsWith('Order desk: ')).at(-1);
    const awaited = digest!.text.slice(digest!.text.indexOf('Awaiting a bank transfer:'));
    expect(awaited).toMatch(new RegExp(`${order.orderNumber}: ${order.customerName}: R320\\.00, due by \\w+day, `));
  });

  it('refuses to mark a card order paid by bank transfer', async () => {
    const shopper = await shop.shoppers.signUp('card-buyer');
    const order = await placePaidOrder(shop.shoppers, shopper);
    const res = await received(order.id, { amountCents: order.totalAmount, receivedOn: todayInSouthAfrica() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Order ${order.orderNumber} is not awaiting payment: it is paid`, code: 'conflict' });
  });
});

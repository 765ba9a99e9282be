import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { checkouts, reminderOptOuts, type CheckoutSnapshot } from '../db/schema';
import type { EmailMessage } from '../lib/outbox-messages';
import { smtpMailer } from '../notify/smtp';
import { describeShop, type ShopUnderTest } from '../testing/describe-shop';
import { placePaidOrder, SEA_POINT, type Shopper } from '../testing/test-orders';
import { startTestSmtpServer } from '../testing/smtp-server';
import { outboxEmails, TEST_PUBLIC_URL } from '../testing/test-support';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import type { Product } from '../../shared/product';
import { optOutMessages } from './reminders';

const SUBJECT = 'You left flags in your cart at Cape Flag Co.';
/** The job's clock, this many minutes from now: no test waits for the delay. */
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const escaped = (text: string) => text.replace(/'/g, '&#39;');

/** A shopper's way to checkout and away from it, and what the shop then sent. */
function reminderHelpers(shop: ShopUnderTest) {
  /** Pay pressed for the cart as it is, the box ticked or not. */
  async function pressPay(shopper: Shopper, remindMe: boolean): Promise<{ id: string; redirectUrl: string }> {
    const point = await shop.shoppers.nearestPoint();
    const cart = (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>();
    const body = shop.shoppers.checkoutBody(cart.subtotalCents + PAXI_STANDARD_FEE_CENTS, point.id);
    const res = await shop.shoppers.createCheckout(shopper, { ...body, metadata: { ...body.metadata, remindMe } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string; redirectUrl: string }>();
  }

  /** A new shopper who puts one South African flag in the cart, presses Pay and leaves the payment page unpaid. */
  async function abandon(label: string, remindMe = true) {
    const shopper = await shop.shoppers.signUp(label);
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    return { shopper, ...(await pressPay(shopper, remindMe)) };
  }

  const remindersTo = async (email: string): Promise<EmailMessage[]> =>
    (await outboxEmails(shop.db)).map((row) => row.payload).filter((mail) => mail.to === email && mail.subject === SUBJECT);
  const reminderOf = async (id: string) => (await shop.db.select({ reminder: checkouts.reminder }).from(checkouts).where(eq(checkouts.id, id)))[0]?.reminder;
  const optOutLinkIn = (mail: EmailMessage) => new URL(/https?:\/\/\S+\/reminders\/opt-out\?\S+/.exec(mail.text)![0]);
  /** The link as the test shop is reached: its path and query. */
  const local = (link: URL) => `${link.pathname}${link.search}`;
  const oneClick = (url: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  const optedOut = async (email: string) => shop.db.$count(reminderOptOuts, eq(reminderOptOuts.email, email));

  return { pressPay, abandon, remindersTo, reminderOf, optOutLinkIn, local, oneClick, optedOut };
}

describeShop('checkout reminders', { pickupPoints: true }, (shop) => {
  const { pressPay, abandon, remindersTo, reminderOf, optOutLinkIn, local, oneClick, optedOut } = reminderHelpers(shop);
  const run = (now?: Date) => shop.app.sendCheckoutReminders(now);

  it('sends one reminder after the delay, with the cart as it is now, the way back and a one-click opt-out, and never a second', async () => {
    const { shopper, id } = await abandon('left-it');
    await run(later(61));
    const mails = await remindersTo(shopper.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const link = optOutLinkIn(mail);
    expect(link.origin + link.pathname).toBe(`${TEST_PUBLIC_URL}/reminders/opt-out`);
    expect(link.searchParams.get('email')).toBe(shopper.email);
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${link.href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&#38;')}"`);
    expect(mail.text).toMatch(/1 x South Africa \(.+\): R\d/);
    expect(mail.text).toContain(`Back to your cart: ${TEST_PUBLIC_URL}/checkout\n`);
    expect(mail.text).toContain(`Your cart is kept with your account: sign in as ${shopper.email} to see it.`);
    expect(await reminderOf(id)).toBe('sent');

    await run(later(120));
    await Promise.all([run(later(180)), run(later(180))]);
    expect(await remindersTo(shopper.email)).toHaveLength(1);

    // On the dev mailbox, headers and all.
    while ((await shop.worker.runOnce()) > 0);
    const box = (await shop.app.inject({ url: '/dev/mailbox.json' })).json<{ messages: (EmailMessage & { kind: string })[] }>();
    expect(box.messages.filter((m) => m.to === shopper.email && m.subject === SUBJECT).map((m) => m.headers)).toEqual([mail.headers]);
    const page = await shop.app.inject({ url: '/dev/mailbox' });
    expect(page.body).toContain('<dt>List-Unsubscribe-Post</dt><dd><code>List-Unsubscribe=One-Click</code></dd>');
  });

  it('carries both headers over SMTP', async () => {
    const { shopper } = await abandon('over-smtp');
    await run(later(61));
    const [{ attachments: _none, ...mail }] = (await remindersTo(shopper.email)) as [EmailMessage];
    const smtp = await startTestSmtpServer();
    const mailer = smtpMailer(smtp.url, 'Cape Flag Co. <shop@capeflag.co.za>');
    try {
      await mailer.send(mail);
      expect(smtp.received[0]!.headers['list-unsubscribe']).toBe(mail.headers!['List-Unsubscribe']);
      expect(smtp.received[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('sends nothing before the delay, and nothing to a shopper who left the box unticked', async () => {
    const waiting = await abandon('not-yet');
    const unticked = await abandon('no-thanks', false);
    await run(later(30));
    expect(await reminderOf(waiting.id)).toBeNull();
    await run(later(61));
    expect(await remindersTo(waiting.shopper.email)).toHaveLength(1);
    expect(await remindersTo(unticked.shopper.email)).toEqual([]);
    expect(await reminderOf(unticked.id)).toBeNull();
  });

  it('sends nothing once the shopper paid, this checkout or a later one of the same cart', async () => {
    const paid = await abandon('paid-it');
    expect((await shop.shoppers.inject('POST', `${new URL(paid.redirectUrl).pathname}/pay`)).statusCode).toBe(303);
    expect((await shop.shoppers.complete(paid.shopper, paid.id)).statusCode).toBe(200);

    const left = await abandon('paid-the-next');
    await placePaidOrder(shop.shoppers, left.shopper);

    await run(later(61));
    expect(await reminderOf(paid.id)).toBe('paid');
    expect(await reminderOf(left.id)).toBe('paid');
    expect(await remindersTo(paid.shopper.email)).toEqual([]);
    expect(await remindersTo(left.shopper.email)).toEqual([]);
  });

  it('sends nothing for a cart emptied since', async () => {
    const { shopper, id } = await abandon('emptied-it');
    expect((await shop.call('DELETE', `/api/cart/clear/${shopper.cartId}`, shopper)).statusCode).toBe(200);
    await run(later(61));
    expect(await reminderOf(id)).toBe('emptied');
    expect(await remindersTo(shopper.email)).toEqual([]);
  });

  it('sends one email for a cart paid for twice and left, and none for the same cart again within the week', async () => {
    const { shopper, id: first } = await abandon('pressed-twice');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const second = await pressPay(shopper, true);
    await run(later(61));
    const mails = await remindersTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/2 x South Africa/);
    expect([await reminderOf(first), await reminderOf(second.id)].sort()).toEqual(['reminded', 'sent']);

    await shop.shoppers.addToCart(shopper, 'kenya', 1);
    const third = await pressPay(shopper, true);
    await run(later(130));
    expect(await reminderOf(third.id)).toBe('reminded');
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it('takes the box as ticked the last time: ticked when Pay is pressed again on the same order, unticked at a later Pay', async () => {
    const ticked = await abandon('ticked-second-time', false);
    expect((await pressPay(ticked.shopper, true)).id).toBe(ticked.id);

    const unticked = await abandon('unticked-later');
    await shop.shoppers.addToCart(unticked.shopper, 'kenya', 1);
    const again = await pressPay(unticked.shopper, false);
    expect(again.id).not.toBe(unticked.id);

    await run(later(61));
    expect(await remindersTo(ticked.shopper.email)).toHaveLength(1);
    expect(await reminderOf(unticked.id)).toBe('opted_out');
    expect(await remindersTo(unticked.shopper.email)).toEqual([]);
  });

  it('sends one email when two runs decide at the same moment', async () => {
    const { shopper } = await abandon('two-processes');
    await Promise.all([run(later(61)), run(later(61)), run(later(61))]);
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it("links a guest's reminder to the cart itself, so that it opens in any browser", async () => {
    const cartId = randomUUID();
    const product = (await shop.shoppers.inject('GET', '/api/products/kenya')).json<Product>();
    expect((await shop.shoppers.inject('POST', '/api/cart', undefined, { sessionId: cartId, productId: product.id, quantity: 2 })).statusCode).toBe(201);
    const email = `guest-${randomBytes(4).toString('hex')}@example.co.za`;
    const snapshot: CheckoutSnapshot = {
      customer: { firstName: 'Naledi', lastName: 'Khumalo', email, phone: '+27821234567' },
      delivery: { method: 'paxi', speed: 'paxi-standard', point: { code: SEA_POINT.code, name: SEA_POINT.name, address: 'Main Road, Sea Point', town: 'Cape Town', province: 'Western Cape', postalCode: '8005' } },
      items: [],
    };
    const madeAt = later(-120);
    await shop.db.insert(checkouts).values({
      cartSessionId: cartId,
      guest: true,
      provider: 'sandbox',
      status: 'expired',
      subtotalCents: 10_000,
      deliveryFeeCents: PAXI_STANDARD_FEE_CENTS,
      totalCents: 10_000 + PAXI_STANDARD_FEE_CENTS,
      snapshot,
      createdAt: madeAt,
      expiresAt: later(-60),
      remindMe: true,
    });
    await run();
    const [mail, ...more] = await remindersTo(email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`Hi Naledi,`);
    expect(mail!.text).toMatch(/2 x Kenya/);
    expect(mail!.text).toContain(`Back to your cart: ${TEST_PUBLIC_URL}/checkout?cart=${cartId}\n`);
    expect(mail!.text).not.toContain('sign in as');
  });

  it('opts out with one click, once; the page a link opens changes nothing; a later checkout is then not reminded', async () => {
    const { shopper } = await abandon('opted-out');
    const { email } = shopper;
    await run(later(61));
    const [mail] = await remindersTo(shopper.email);
    const link = optOutLinkIn(mail!);

    // A mail scanner opening the link changes nothing.
    const page = await shop.app.inject({ url: local(link) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop checkout reminders?');
    expect(page.body).toContain(`<strong>${email}</strong>`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(await optedOut(email)).toBe(0);

    // The mail provider's one-click post, from its own servers: and again, the same answer.
    const first = await oneClick(local(link));
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`We will send no more checkout reminders to <strong>${email}</strong>.`);
    const replay = await oneClick(local(link), { cookie: shopper.cookie, origin: 'https://mail.example.com' });
    expect([replay.statusCode, replay.body]).toEqual([200, first.body]);
    expect(await optedOut(email)).toBe(1);

    await shop.shoppers.addToCart(shopper, 'kenya', 1);
    const later_ = await pressPay(shopper, true);
    await run(later(130));
    expect(await reminderOf(later_.id)).toBe('opted_out');
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it('refuses a forged or tampered link and bad input in words, writing nothing', async () => {
    const { shopper } = await abandon('attacked');
    await run(later(61));
    const link = optOutLinkIn((await remindersTo(shopper.email))[0]!);
    const token = link.searchParams.get('token')!;
    const someoneElse = 'victim@example.co.za';
    const otherToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const withQuery = (params: Record<string, string>) => `/reminders/opt-out?${new URLSearchParams(params)}`;

    for (const url of [withQuery({ email: someoneElse, token }), withQuery({ email: shopper.email, token: otherToken }), withQuery({ email: someoneElse, token: 'x'.repeat(43) })]) {
      for (const res of [await shop.app.inject({ url }), await oneClick(url)]) {
        expect(res.statusCode, url).toBe(400);
        expect(res.body).toContain(escaped(optOutMessages.invalid));
      }
    }
    const refusals: [string, number, string][] = [
      [withQuery({ email: `a\u0000${shopper.email}`, token }), 400, 'The query parameter email contains a NUL character, which is not allowed'],
      [withQuery({ email: `${'x'.repeat(10_000)}@example.co.za`, token }), 400, optOutMessages.invalid],
      [withQuery({ token }), 400, optOutMessages.invalid],
      [withQuery({ email: shopper.email }), 400, optOutMessages.invalid],
      ['/reminders/opt-out', 400, optOutMessages.invalid],
      [`${local(link)}&email=${encodeURIComponent(someoneElse)}`, 400, optOutMessages.invalid],
    ];
    for (const [url, status, words] of refusals) {
      for (const res of [await shop.app.inject({ url }), await oneClick(url)]) {
        expect([res.statusCode, url]).toEqual([status, url]);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(escaped(words));
      }
    }
    // The right link, the wrong body: JSON, nothing at all, another field, a body far too long.
    const post = (payload: string | undefined, contentType?: string) =>
      shop.app.inject({ method: 'POST', url: local(link), payload, headers: contentType ? { 'content-type': contentType } : {} });
    const bodies: [Awaited<ReturnType<typeof post>>, number, string][] = [
      [await post(JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), 'application/json'), 415, 'An opt-out is a form post (application/x-www-form-urlencoded) with List-Unsubscribe=One-Click.'],
      [await post(undefined), 400, 'An opt-out is confirmed with the button on the opt-out page, which sends List-Unsubscribe=One-Click.'],
      [await post('unsubscribe=yes', 'application/x-www-form-urlencoded'), 400, 'An opt-out is confirmed with the button on the opt-out page, which sends List-Unsubscribe=One-Click.'],
      [await post(`List-Unsubscribe=One-Click&x=${'y'.repeat(5000)}`, 'application/x-www-form-urlencoded'), 413, 'The request body is too large'],
      [await post('List-Unsubscribe=One-Click\u0000', 'application/x-www-form-urlencoded'), 400, 'The request body contains a NUL character, which is not allowed'],
    ];
    for (const [res, status, words] of bodies) {
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain(escaped(words));
    }
    expect(await shop.db.$count(reminderOptOuts, inArray(reminderOptOuts.email, [someoneElse, shopper.email]))).toBe(0);
  });
});

describeShop('checkout reminders sooner than a checkout lasts', { pickupPoints: true, env: { CHECKOUT_REMINDER_MINUTES: '10' } }, (shop) => {
  const { abandon, remindersTo, reminderOf } = reminderHelpers(shop);

  it('waits while the payment page can still be paid, and sends once it cannot', async () => {
    const { shopper, id } = await abandon('still-paying');
    await shop.app.sendCheckoutReminders(later(11));
    expect(await reminderOf(id)).toBeNull();
    await shop.app.sendCheckoutReminders(later(61));
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });

  it('reminds after the delay a shopper who cancelled a page the provider closed, which can no longer be paid', async () => {
    const { shopper, id } = await abandon('cancelled-page');
    const cancelled = await shop.shoppers.inject('POST', '/api/payments/cancel', shopper.cookie, { checkoutId: id });
    expect(cancelled.json()).toEqual({ status: 'cancelled' });
    await shop.app.sendCheckoutReminders(later(9));
    expect(await reminderOf(id)).toBeNull();
    await shop.app.sendCheckoutReminders(later(11));
    expect(await reminderOf(id)).toBe('sent');
    expect(await remindersTo(shopper.email)).toHaveLength(1);
  });
});

describeShop("the order desk's figure of checkout reminders", { admin: true, pickupPoints: true }, (shop) => {
  const { abandon } = reminderHelpers(shop);
  const figures = (who?: { cookie: string }) => shop.call('GET', '/api/admin/checkout-reminders', who);

  it('counts the reminders of the last 28 days and those followed by an order, for admins only', async () => {
    expect((await figures(shop.admin)).json()).toEqual({ days: 28, sent: 0, converted: 0 });
    const cameBack = await abandon('came-back');
    const stayedAway = await abandon('stayed-away');
    const longAgo = await abandon('long-ago');
    // Made two hours ago, so that the reminders go now and an order placed next is after them.
    await shop.db
      .update(checkouts)
      .set({ createdAt: later(-120), expiresAt: later(-60) })
      .where(inArray(checkouts.id, [cameBack.id, stayedAway.id, longAgo.id]));
    await shop.app.sendCheckoutReminders();
    await shop.db.update(checkouts).set({ reminderSentAt: later(-29 * 24 * 60) }).where(eq(checkouts.id, longAgo.id));
    await placePaidOrder(shop.shoppers, cameBack.shopper);

    const answer = await figures(shop.admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ days: 28, sent: 2, converted: 1 });
    expect((await figures()).statusCode).toBe(401);
    expect((await figures(stayedAway.shopper)).statusCode).toBe(403);
  });
});

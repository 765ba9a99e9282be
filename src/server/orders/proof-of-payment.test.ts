import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, proofsOfPayment } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { outboxEmails, TEST_PUBLIC_URL, TEST_SESSION_SECRET } from '../testing/test-support';
import { BANK_TRANSFER_SETTINGS, placePaidOrder, type Shopper } from '../testing/test-orders';
import { createOrderLinks } from './order-links';
import { todayInSouthAfrica } from '../../shared/profile';
import { formatFileSize, MAX_PROOF_BYTES, proofMessages, type ProofUploaded } from '../../shared/proof-of-payment';
import { guestMessages, ORDER_LINK_DAYS } from '../../shared/guest-orders';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import type { CustomerOrderDetail } from '../../shared/orders';
import type { AdminOrderDetail } from '../../shared/order-desk';
import type { Product } from '../../shared/product';


/** A bank's PDF as far as the shop looks: its header, a body and its end. */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A real 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18, 1)]);

// Accounts optional: guests send proofs by their order's link too.
const TRANSFER_SHOP = { CHECKOUT_ACCOUNTS: 'optional', PAYMENT_PROVIDERS: 'sandbox,eft', ...BANK_TRANSFER_SETTINGS };

describeShop('proofs of payment for bank transfers', { admin: true, pickupPoints: true, env: TRANSFER_SHOP }, (shop) => {
  const { orderByTransfer } = shop.shoppers;

  /** The file itself as the body, with its type and, in the address, its name. */
  const upload = (orderNumber: string, bytes: Buffer, contentType: string | undefined, who: Shopper | undefined, name?: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/profile/orders/${orderNumber}/proof-of-payment${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
      payload: bytes,
      headers: { origin: TEST_PUBLIC_URL, ...(contentType ? { 'content-type': contentType } : {}), ...(who ? { cookie: who.cookie } : {}) },
    });
  const proofPath = (orderId: string, proofId: string) => `/api/admin/orders/${orderId}/proofs/${proofId}`;
  const stored = (orderId: string) => shop.db.$count(proofsOfPayment, eq(proofsOfPayment.orderId, orderId));
  const timelineLines = (orderId: string) => shop.db.$count(orderEvents, eq(orderEvents.orderId, orderId));
  const shopMails = async (orderNumber: string) =>
    (await outboxEmails(shop.db)).map((row) => row.payload).filter((mail) => mail.subject.startsWith(`Proof of payment for ${orderNumber} `));

  it("takes the buyer's PDF and photo: the buyer sees them listed, the desk opens the exact bytes, the timeline says so and the shop is emailed a link, not the file", async () => {
    const { shopper, order } = await orderByTransfer('proof-sender');
    const pdf = await upload(order.orderNumber, PDF, 'application/pdf', shopper, 'slip.pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.json<ProofUploaded>()).toEqual({
      message: proofMessages.uploaded,
      proofsOfPayment: [{ id: expect.any(String), fileName: 'slip.pdf', sizeBytes: PDF.length, uploadedAt: expect.any(String) }],
    });
    // A photo from a phone or a computer: the folders go, the extension it lacks is added.
    const photo = await upload(order.orderNumber, PNG, 'image/png', shopper, 'C:\\Users\\Thandi\\Pictures\\bank slip');
    expect(photo.statusCode).toBe(201);
    const proofs = photo.json<ProofUploaded>().proofsOfPayment;
    expect(proofs.map(({ fileName, sizeBytes }) => [fileName, sizeBytes])).toEqual([
      ['slip.pdf', PDF.length],
      ['bank slip.png', PNG.length],
    ]);

    const mine = (await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}`, shopper.cookie)).json<CustomerOrderDetail>();
    expect(mine.proofsOfPayment).toEqual(proofs);
    // The buyer's own history shows the order's steps; the proofs are listed on their own.
    expect(mine.timeline.map((event) => event.type)).toEqual(['placed']);

    const desk = (await shop.call('GET', `/api/admin/orders/${order.id}`, shop.admin)).json<AdminOrderDetail>();
    expect(desk.proofs).toEqual(proofs);
    expect(desk.events.filter((event) => event.type === 'proof_of_payment').map((event) => [event.note, event.actorEmail])).toEqual([
      ['Proof of payment uploaded: slip.pdf', null],
      ['Proof of payment uploaded: bank slip.png', null],
    ]);

    const openedPdf = await shop.call('GET', proofPath(order.id, proofs[0]!.id), shop.admin);
    expect(openedPdf.statusCode).toBe(200);
    expect(openedPdf.rawPayload.equals(PDF)).toBe(true);
    expect(openedPdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="slip.pdf"; filename*=UTF-8''slip.pdf`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const openedPhoto = await shop.call('GET', proofPath(order.id, proofs[1]!.id), shop.admin);
    expect(openedPhoto.rawPayload.equals(PNG)).toBe(true);
    expect(openedPhoto.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': `inline; filename="bank slip.png"; filename*=UTF-8''bank%20slip.png` });

    const mails = await shopMails(order.orderNumber);
    expect(mails.map((mail) => [mail.to, mail.replyTo, mail.subject])).toEqual([
      [shop.config.orderDeskEmail, shopper.email, `Proof of payment for ${order.orderNumber} from ${order.customerName}`],
      [shop.config.orderDeskEmail, shopper.email, `Proof of payment for ${order.orderNumber} from ${order.customerName}`],
    ]);
    expect(mails[0]!.text).toContain(`${shop.config.publicUrl}/admin?order=${order.id}`);
    expect(mails[0]!.text).toContain(`File: slip.pdf (${formatFileSize(PDF.length)})`);
    expect(mails[0]!.text).not.toContain(BANK_TRANSFER_SETTINGS.EFT_ACCOUNT_NUMBER);
    expect(mails[0]!.attachments).toBeUndefined();
  });

  it('takes JPEG and WebP pictures, up to three proofs of exactly 5 MB at most, and refuses a fourth, even two at once', async () => {
    const { shopper, order } = await orderByTransfer('proof-many');
    expect((await upload(order.orderNumber, JPEG, 'image/jpeg', shopper, 'IMG_2041.JPG')).statusCode).toBe(201);
    const largest = Buffer.concat([PDF, Buffer.alloc(MAX_PROOF_BYTES - PDF.length, 0x20)]);
    // A name that turns round on screen (U+202E) is read as it really is, and ends in what the file is.
    const biggest = await upload(order.orderNumber, largest, 'application/pdf', shopper, '../../statements/slip\u202Egnp.exe');
    expect(biggest.statusCode).toBe(201);
    expect(biggest.json<ProofUploaded>().proofsOfPayment.map((proof) => proof.fileName)).toEqual(['IMG_2041.JPG', 'slipgnp.exe.pdf']);

    const [third, fourth] = await Promise.all([
      upload(order.orderNumber, WEBP, 'image/webp', shopper, 'slip.webp'),
      upload(order.orderNumber, PDF, 'application/pdf', shopper, 'again.pdf'),
    ]);
    expect([third!.statusCode, fourth!.statusCode].sort()).toEqual([201, 409]);
    const refused = third!.statusCode === 409 ? third! : fourth!;
    expect(refused.json()).toEqual({ message: proofMessages.tooMany, code: 'conflict' });
    expect(await stored(order.id)).toBe(3);
    expect(await shopMails(order.orderNumber)).toHaveLength(3);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'application/pdf', undefined, 400, proofMessages.empty, 'invalid_input'],
    ['an empty body without a type', Buffer.alloc(0), undefined, undefined, 400, proofMessages.empty, 'invalid_input'],
    ['a PNG sent as a PDF', PNG, 'application/pdf', 'slip.pdf', 415, 'This file is not a real PDF. Please send the PDF from your bank or a photo of the slip.', 'proof_refused'],
    ['a PDF sent as a JPEG', PDF, 'image/jpeg', 'slip.jpg', 415, 'This file is not a real JPEG picture. Please send the PDF from your bank or a photo of the slip.', 'proof_refused'],
    ['a web page sent as a PDF', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf', 'slip.pdf', 415, 'This file is not a real PDF. Please send the PDF from your bank or a photo of the slip.', 'proof_refused'],
    ['a Word document', Buffer.from('PK\u0003\u0004word'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'slip.docx', 415, proofMessages.wrongType, 'proof_refused'],
    ['an SVG picture', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'slip.svg', 415, proofMessages.wrongType, 'proof_refused'],
    ['a PDF without a type', PDF, undefined, 'slip.pdf', 415, proofMessages.wrongType, 'proof_refused'],
    ['a PDF of 5 MB and 1 byte', Buffer.concat([PDF, Buffer.alloc(MAX_PROOF_BYTES + 1 - PDF.length)]), 'application/pdf', 'slip.pdf', 413, proofMessages.tooLarge, 'proof_refused'],
    ['a name with a NUL character', PDF, 'application/pdf', 'slip\u0000.pdf', 400, 'The query parameter name contains a NUL character, which is not allowed', 'invalid_input'],
    ['a name of 201 characters', PDF, 'application/pdf', `${'s'.repeat(197)}.pdf`, 400, proofMessages.name, 'invalid_input'],
  ])('refuses %s in words, storing nothing and telling no one', async (_label, bytes, type, name, status, message, code) => {
    const { shopper, order } = await orderByTransfer('proof-refused');
    const res = await upload(order.orderNumber, bytes, type, shopper, name);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message, code });
    expect(await stored(order.id)).toBe(0);
    expect(await timelineLines(order.id)).toBe(1);
    expect(await shopMails(order.orderNumber)).toEqual([]);
  });

  it("refuses an upload signed out, for another buyer's order and for an order that does not exist", async () => {
    const { order } = await orderByTransfer('proof-owner');
    const stranger = await shop.shoppers.signUp('proof-stranger');
    const signedOut = await upload(order.orderNumber, PDF, 'application/pdf', undefined);
    expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: 'Not authenticated', code: 'not_signed_in' }]);
    for (const orderNumber of [order.orderNumber, 'CF-999999999']) {
      const res = await upload(orderNumber, PDF, 'application/pdf', stranger);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Order not found', code: 'not_found' }]);
    }
    expect((await upload('not-an-order', PDF, 'application/pdf', stranger)).json()).toEqual({ message: 'Order numbers look like CF-100001', code: 'invalid_input' });
    expect(await stored(order.id)).toBe(0);
  });

  it('refuses a proof for a card order, a transfer marked paid and a cancelled order: nothing is awaited', async () => {
    const carded = await shop.shoppers.signUp('proof-card');
    const card = await placePaidOrder(shop.shoppers, carded);
    const paid = await orderByTransfer('proof-paid');
    expect(
      (await shop.call('POST', `/api/admin/orders/${paid.order.id}/payment-received`, shop.admin, { amountCents: paid.order.totalAmount, receivedOn: todayInSouthAfrica() })).statusCode,
    ).toBe(200);
    const cancelled = await orderByTransfer('proof-cancelled');
    expect((await shop.call('POST', `/api/admin/orders/${cancelled.order.id}/cancel`, shop.admin, { refund: 'none', reason: 'Paid by card instead' })).statusCode).toBe(200);

    for (const [who, order, message] of [
      [carded, card, `Order ${card.orderNumber} is paid already: no proof is needed.`],
      [paid.shopper, paid.order, `Order ${paid.order.orderNumber} is paid already: no proof is needed.`],
      [cancelled.shopper, cancelled.order, `Order ${cancelled.order.orderNumber} is cancelled: no payment or proof is needed.`],
    ] as const) {
      const res = await upload(order.orderNumber, PDF, 'application/pdf', who, 'slip.pdf');
      expect([res.statusCode, res.json()]).toEqual([409, { message, code: 'conflict' }]);
      expect(await stored(order.id)).toBe(0);
    }
  });

  it('counts a buyer\'s uploads: the eleventh in an hour is refused', async () => {
    const { shopper, order } = await orderByTransfer('proof-flood');
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await upload(order.orderNumber, Buffer.alloc(0), 'application/pdf', shopper)).statusCode).toBe(400);
    const res = await upload(order.orderNumber, PDF, 'application/pdf', shopper, 'slip.pdf');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many proof of payment uploads in the last hour. Please try again later.', code: 'too_many_attempts' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(order.id)).toBe(0);
  });

  it('opens a proof to admins only, and only as the proof of its own order', async () => {
    const { shopper, order } = await orderByTransfer('proof-private');
    const other = await orderByTransfer('proof-other');
    const proofId = (await upload(order.orderNumber, PDF, 'application/pdf', shopper, 'slip.pdf')).json<ProofUploaded>().proofsOfPayment[0]!.id;
    const signedOut = await shop.call('GET', proofPath(order.id, proofId));
    expect([signedOut.statusCode, signedOut.headers['cache-control']]).toEqual([401, 'private, no-store']);
    // Not even the buyer who sent it: the file is the shop's to read.
    expect((await shop.call('GET', proofPath(order.id, proofId), shopper)).statusCode).toBe(403);
    for (const path of [
      proofPath(other.order.id, proofId),
      proofPath(order.id, '00000000-0000-4000-8000-000000000000'),
      proofPath(order.id, 'slip.pdf'),
      proofPath('CF-1001', proofId),
    ]) {
      const res = await shop.call('GET', path, shop.admin);
      expect([res.statusCode, res.json(), res.headers['cache-control']], path).toEqual([404, { message: 'Proof of payment not found', code: 'not_found' }, 'private, no-store']);
    }
    expect((await shop.call('GET', proofPath(order.id, proofId), shop.admin)).statusCode).toBe(200);
  });

  describe("from a guest, by the order's link", () => {
    const links = createOrderLinks(TEST_SESSION_SECRET, TEST_PUBLIC_URL);
    /** The file as the body, as My Profile sends it, to the link's address with its key (none: no key at all). */
    const guestUpload = (orderNumber: string, key: string | undefined, bytes: Buffer, name?: string) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/orders/${orderNumber}/proof-of-payment?${new URLSearchParams({ ...(key === undefined ? {} : { key }), ...(name === undefined ? {} : { name }) }).toString()}`,
        payload: bytes,
        headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/pdf' },
      });

    /** A guest's order of one South African flag placed to be paid by bank transfer, and the key of its link. */
    async function guestOrderByTransfer(label: string) {
      const email = `${label}-${randomBytes(3).toString('hex')}@example.co.za`;
      const cartSessionId = randomBytes(24).toString('base64url');
      const product = (await shop.call('GET', '/api/products/south-africa')).json<Product>();
      expect((await shop.call('POST', '/api/cart', undefined, { sessionId: cartSessionId, productId: product.id, quantity: 1 })).statusCode).toBe(201);
      const { subtotalCents } = (await shop.call('GET', `/api/cart/${cartSessionId}`)).json<{ subtotalCents: number }>();
      const body = shop.shoppers.checkoutBody(subtotalCents + PAXI_STANDARD_FEE_CENTS, (await shop.shoppers.nearestPoint()).id);
      const opened = await shop.shoppers.createCheckout(undefined, {
        ...body,
        cartSessionId,
        paymentMethod: 'eft',
        metadata: { ...body.metadata, customerInfo: { ...body.metadata.customerInfo, email } },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const [order] = await shop.shoppers.ordersOf(opened.json<{ id: string }>().id);
      expect(order).toMatchObject({ userId: null, placedAsGuest: true });
      return { order: order!, email, key: links.keyFor(order!.orderNumber) };
    }

    it("takes a guest's proof: the link's page lists it, no account is named, and the shop is emailed as for an account's", async () => {
      const { order, email, key } = await guestOrderByTransfer('guest-proof');
      const res = await guestUpload(order.orderNumber, key, PDF, 'slip.pdf');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const proofs = res.json<ProofUploaded>().proofsOfPayment;
      expect(proofs.map(({ fileName, sizeBytes }) => [fileName, sizeBytes])).toEqual([['slip.pdf', PDF.length]]);

      const page = (await shop.call('GET', `/api/orders/${order.orderNumber}?key=${key}`)).json<CustomerOrderDetail>();
      expect(page.proofsOfPayment).toEqual(proofs);
      const [kept] = await shop.db.select({ uploadedBy: proofsOfPayment.uploadedBy }).from(proofsOfPayment).where(eq(proofsOfPayment.orderId, order.id));
      expect(kept).toEqual({ uploadedBy: null });
      const mails = await shopMails(order.orderNumber);
      expect(mails.map((mail) => [mail.to, mail.replyTo])).toEqual([[shop.config.orderDeskEmail, email]]);
    });

    it("checks the link before reading the file: an altered, expired or missing key, or another order's, is refused in words even for a file over 5 MB", async () => {
      const { order, key } = await guestOrderByTransfer('guest-proof-link');
      const other = await guestOrderByTransfer('guest-proof-other');
      const longAgo = createOrderLinks(TEST_SESSION_SECRET, TEST_PUBLIC_URL, () => Date.now() - (ORDER_LINK_DAYS + 1) * 86_400_000);
      // Over the limit: had the body been read first, each would be a 413.
      const tooLarge = Buffer.concat([PDF, Buffer.alloc(MAX_PROOF_BYTES + 1 - PDF.length)]);
      for (const [label, orderKey, status, body] of [
        ['an altered key', `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
        ["another order's key", other.key, 404, { message: guestMessages.linkNotValid, code: 'order_link_invalid' }],
        ['an expired key', longAgo.keyFor(order.orderNumber), 403, { message: guestMessages.linkExpired, code: 'order_link_expired' }],
        ['no key', undefined, 400, { message: guestMessages.linkNotValid, code: 'invalid_input' }],
      ] as const) {
        const res = await guestUpload(order.orderNumber, orderKey, tooLarge, 'slip.pdf');
        expect([res.statusCode, res.json()], label).toEqual([status, body]);
      }
      expect(await stored(order.id)).toBe(0);
      expect(await shopMails(order.orderNumber)).toEqual([]);
      // Nor does a link open My Profile's upload, signed out.
      expect((await upload(order.orderNumber, PDF, 'application/pdf', undefined)).statusCode).toBe(401);
    });

    it.each([
      ['a name with a NUL character', PDF, 'slip\u0000.pdf', 400, 'The query parameter name contains a NUL character, which is not allowed', 'invalid_input'],
      ['a PDF of 5 MB and 1 byte', Buffer.concat([PDF, Buffer.alloc(MAX_PROOF_BYTES + 1 - PDF.length)]), 'slip.pdf', 413, proofMessages.tooLarge, 'proof_refused'],
    ])("refuses a guest's %s in words, storing nothing", async (_label, bytes, name, status, message, code) => {
      const { order, key } = await guestOrderByTransfer('guest-proof-refused');
      const res = await guestUpload(order.orderNumber, key, bytes, name);
      expect([res.statusCode, res.json()]).toEqual([status, { message, code }]);
      expect(await stored(order.id)).toBe(0);
      expect(await shopMails(order.orderNumber)).toEqual([]);
    });

    it("counts a guest's uploads per order: the eleventh in an hour is refused", async () => {
      const { order, key } = await guestOrderByTransfer('guest-proof-flood');
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await guestUpload(order.orderNumber, key, Buffer.alloc(0))).statusCode).toBe(400);
      const res = await guestUpload(order.orderNumber, key, PDF, 'slip.pdf');
      expect([res.statusCode, res.json()]).toEqual([429, { message: 'Too many proof of payment uploads in the last hour. Please try again later.', code: 'too_many_attempts' }]);
      expect(await stored(order.id)).toBe(0);
    });
  });
});

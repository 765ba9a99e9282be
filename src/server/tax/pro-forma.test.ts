import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { documentSerials, taxDocuments } from '../db/schema';
import { describeShop, type ShopUnderTest } from '../testing/describe-shop';
import { outboxEmails } from '../testing/test-support';
import { BANK_ACCOUNT, BANK_TRANSFER_SETTINGS, placePaidOrder, type Shopper } from '../testing/test-orders';
import { pdfText } from '../testing/pdf-text';
import { proFormaInvoice } from './documents';
import { taxDocumentFiles } from './attachments';
import { formatRand } from '../../shared/money';
import { vatIncluded } from '../../shared/vat';
import { dayInWords, todayInSouthAfrica, weekdayInWords } from '../../shared/profile';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import type { TaxDocumentSummary } from '../../shared/tax-documents';

const takesTransfers = { PAYMENT_PROVIDERS: 'sandbox,eft', ...BANK_TRANSFER_SETTINGS };

/** Text with every run of white space as one space, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const proFormaUrl = (orderNumber: string) => `/api/profile/orders/${orderNumber}/pro-forma.pdf`;


/** The pro-forma invoice the shopper downloads from their order page. */
const download = (shop: ShopUnderTest, orderNumber: string, shopper?: Shopper) => shop.shoppers.inject('GET', proFormaUrl(orderNumber), shopper?.cookie);

describeShop('pro-forma invoices', { admin: true, pickupPoints: true, env: takesTransfers }, (shop) => {
  const lastInvoiceNumber = async () => (await shop.db.select().from(documentSerials).where(eq(documentSerials.kind, 'invoice')))[0]!.lastNumber;

  it('goes with the bank-transfer email as a PDF that is not a tax invoice: the parties, how to pay and by when, and the lines and VAT of the invoice to come', async () => {
    const address = '7 Main Road, Rondebosch, Cape Town, 7700';
    const { order } = await shop.shoppers.orderByTransfer('school-bursar', { company: 'Rondebosch Primary School', vatNumber: '4987654321', billingAddress: address });
    const mail = (await outboxEmails(shop.db)).find((row) => row.payload.subject.startsWith(`Order ${order.orderNumber}: please pay by bank transfer`))!;
    expect(mail.payload.attachments).toEqual([{ proForma: order.orderNumber }]);
    expect(mail.payload.text).toContain('The pro-forma invoice attached is for paying from; your tax invoice follows once it is paid.');

    // The outbox sends it to the dev mailbox, which hands out the file as it went.
    await shop.worker.runOnce();
    const { messages } = (await shop.app.inject({ url: '/dev/mailbox.json' })).json<{ messages: { id: string; subject: string }[] }>();
    const sent = messages.find((m) => m.subject === mail.payload.subject)!;
    expect((await shop.app.inject({ url: '/dev/mailbox' })).body).toContain(`<a href="/dev/mailbox/${sent.id}/attachments/0">Pro-forma invoice ${order.orderNumber} (PDF)</a>`);
    const file = await shop.app.inject({ url: `/dev/mailbox/${sent.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`inline; filename="pro-forma-invoice-${order.orderNumber}.pdf"`);

    const text = flat(await pdfText(file.rawPayload));
    for (const words of [
      'Pro-forma Invoice',
      'This is not a tax invoice. The tax invoice is issued when your payment is received.',
      `Order ${order.orderNumber}`,
      `Order date: ${dayInWords(todayInSouthAfrica(order.createdAt))}`,
      // The shop, with its VAT number, and the buyer as they gave themselves at checkout.
      shop.config.shop.legalName,
      `VAT number ${shop.config.shop.vatNumber}`,
      order.customerName,
      order.customerEmail,
      'Rondebosch Primary School',
      address,
      'VAT number 4987654321',
      'How to pay',
      'Bank First National Bank',
      'Account name Cape Flag Company (Pty) Ltd',
      'Account number 62812345678',
      'Branch code 250655',
      `Reference ${order.orderNumber}`,
      'Amount R320.00',
      `Pay by ${weekdayInWords(order.paymentDueOn!)}`,
      'South Africa flag, 150 × 90 cm 2 R130.00 R260.00',
      `PAXI Standard collection fee 1 ${formatRand(PAXI_STANDARD_FEE_CENTS)} ${formatRand(PAXI_STANDARD_FEE_CENTS)}`,
      'Total (VAT included) R320.00',
      `VAT at 15% included in the total ${formatRand(vatIncluded(32_000))}`,
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toMatch(/INV-\d/);
    expect(text).not.toContain('Paid by');

    // The outbox's and the order page's files are one and the same.
    const [attached] = await taxDocumentFiles(shop.db, shop.config)([{ proForma: order.orderNumber }]);
    expect(attached!.content.equals(file.rawPayload)).toBe(true);
  });

  it('takes no serial and is kept nowhere: no tax document, nothing in the register or exports, the next invoice numbered as if it had never been', async () => {
    const before = await lastInvoiceNumber();
    const { shopper, order } = await shop.shoppers.orderByTransfer('school-unnumbered');
    await shop.worker.runOnce();
    expect((await download(shop, order.orderNumber, shopper)).statusCode).toBe(200);

    expect(await lastInvoiceNumber()).toBe(before);
    expect(await shop.db.$count(taxDocuments, eq(taxDocuments.orderId, order.id))).toBe(0);
    const today = todayInSouthAfrica();
    const listed = (await shop.call('GET', `/api/admin/documents?from=${today}&to=${today}`, shop.admin)).json<{ documents: TaxDocumentSummary[] }>();
    expect(listed.documents.map((document) => document.orderNumber)).not.toContain(order.orderNumber);
    for (const format of ['register', 'xero-invoices']) {
      const csv = await shop.call('GET', `/api/admin/documents/export.csv?from=${today}&to=${today}&format=${format}`, shop.admin);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain(order.orderNumber);
    }

    const paid = await placePaidOrder(shop.shoppers, await shop.shoppers.signUp('card-buyer'));
    const [invoice] = await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, paid.id));
    expect(invoice!.serial).toBe(`INV-${String(before + 1).padStart(6, '0')}`);
  });

  it('shows the lines, VAT and totals of the tax invoice the order gets once paid, and then gives way to it', async () => {
    const { shopper, order } = await shop.shoppers.orderByTransfer('school-pays');
    const proForma = proFormaInvoice(shop.config.shop, order, BANK_ACCOUNT);
    const received = await shop.call('POST', `/api/admin/orders/${order.id}/payment-received`, shop.admin, { amountCents: 32_000, receivedOn: todayInSouthAfrica() });
    expect(received.statusCode).toBe(200);

    const [invoice] = await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    const { lines, totalCents, vatCents, exclusiveCents, supplier, recipient, full } = invoice!.content;
    expect(proForma).toMatchObject({ lines, totalCents, vatCents, exclusiveCents, supplier, recipient, full, invoiceTitle: invoice!.content.title });

    const refused = await download(shop, order.orderNumber, shopper);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `Order ${order.orderNumber} is paid: download its tax invoice instead.`, code: 'conflict' });
  });

  it('downloads from the order page for its owner while it awaits payment, and refuses anyone else and any other order in words', async () => {
    const { shopper, order } = await shop.shoppers.orderByTransfer('school-downloads');
    const pdf = await download(shop, order.orderNumber, shopper);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="pro-forma-invoice-${order.orderNumber}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(flat(await pdfText(pdf.rawPayload))).toContain(`Pay by ${weekdayInWords(order.paymentDueOn!)}`);
    // The order number is read as the order page reads it.
    expect((await download(shop, order.orderNumber.toLowerCase(), shopper)).rawPayload.equals(pdf.rawPayload)).toBe(true);

    const signedOut = await download(shop, order.orderNumber);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
    const stranger = await shop.shoppers.signUp('stranger');
    for (const [who, orderNumber] of [
      [stranger, order.orderNumber],
      [shopper, 'CF-999999999'],
    ] as const) {
      const res = await download(shop, orderNumber, who);
      expect(res.statusCode, orderNumber).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Order not found' });
    }
    for (const orderNumber of ['%00', `${order.orderNumber}%00`, 'INV-000001', '..%2F..%2Fadmin', '9'.repeat(500)]) {
      const res = await download(shop, orderNumber, shopper);
      expect(res.statusCode, orderNumber).toBe(400);
      expect(res.json<{ message: string }>().message, orderNumber).toMatch(/^(Order numbers look like CF-100001|The address)/);
    }

    const paid = await placePaidOrder(shop.shoppers, shopper);
    const paidAnswer = await download(shop, paid.orderNumber, shopper);
    expect(paidAnswer.statusCode).toBe(409);
    expect(paidAnswer.json()).toEqual({ message: `Order ${paid.orderNumber} is paid: download its tax invoice instead.`, code: 'conflict' });

    const cancel = await shop.call('POST', `/api/admin/orders/${order.id}/cancel`, shop.admin, { refund: 'none', reason: 'The school paid by card instead' });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await download(shop, order.orderNumber, shopper);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: `Order ${order.orderNumber} is cancelled: there is nothing to pay.`, code: 'conflict' });
  });
});

describeShop('pro-forma invoices of a shop without a VAT number', { pickupPoints: true, env: { ...takesTransfers, SHOP_VAT_NUMBER: '' } }, (shop) => {
  it('say the invoice, with no VAT on it, is issued once the payment is received', async () => {
    const { shopper, order } = await shop.shoppers.orderByTransfer('no-vat');
    const pdf = await download(shop, order.orderNumber, shopper);
    expect(pdf.statusCode).toBe(200);
    const text = flat(await pdfText(pdf.rawPayload));
    expect(text).toContain('Pro-forma Invoice');
    expect(text).toContain('This is not a tax invoice. The invoice is issued when your payment is received.');
    expect(text).toContain('Total R320.00');
    expect(text).not.toContain('VAT');
  });
});

import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taxDocuments } from '../db/schema';
import { outboxEmails } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { insertOrder, placePaidOrder, type Shopper } from '../testing/test-orders';
import { pdfText } from '../testing/pdf-text';
import { issueTaxInvoice } from './documents';
import { formatRand } from '../../shared/money';
import { vatIncluded } from '../../shared/vat';
import type { CustomerOrderDetail } from '../../shared/orders';
import type { AdminOrderDetail } from '../../shared/order-desk';
import type { VatReport } from '../../shared/tax-documents';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';

describeShop('tax invoices and credit notes', { admin: true, pickupPoints: true }, (shop) => {
  const { call } = shop;
  let shopper: Shopper;

  beforeAll(async () => {
    shopper = await shop.shoppers.signUp('invoiced');
  });

  const documentsOf = (orderId: string) => shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(taxDocuments.issuedAt, taxDocuments.number);
  const numberOf = (serial: string) => Number(serial.split('-')[1]);
  const act = (id: string, action: string, body?: object) => call('POST', `/api/admin/orders/${id}/${action}`, shop.admin, body);
  const deskDetail = async (id: string) => (await call('GET', `/api/admin/orders/${id}`, shop.admin)).json<AdminOrderDetail>();

  it('gives a paid order a tax invoice in its transaction: its own serial, the flags and the fee as lines, the VAT of the total, attached to the confirmation', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    const [invoice, ...more] = await documentsOf(order.id);
    expect(more).toEqual([]);
    expect(invoice!.serial).toMatch(/^INV-\d{6}$/);
    expect(invoice!.serial).not.toContain(order.orderNumber.slice(3));
    const content = invoice!.content;
    expect(content).toMatchObject({
      kind: 'invoice',
      title: 'Tax Invoice',
      orderNumber: order.orderNumber,
      full: false,
      supplier: { legalName: shop.config.shop.legalName, address: shop.config.shop.address, vatNumber: shop.config.shop.vatNumber },
      recipient: { name: order.customerName, email: order.customerEmail, company: null, vatNumber: null, address: null },
      totalCents: 19_000,
      vatCents: vatIncluded(19_000),
      exclusiveCents: 19_000 - vatIncluded(19_000),
    });
    expect(content.lines.map(({ description, quantity, unitPriceCents, totalCents }) => ({ description, quantity, unitPriceCents, totalCents }))).toEqual([
      { description: 'South Africa flag, 150 × 90 cm', quantity: 1, unitPriceCents: 13_000, totalCents: 13_000 },
      { description: 'PAXI Standard collection fee', quantity: 1, unitPriceCents: PAXI_STANDARD_FEE_CENTS, totalCents: PAXI_STANDARD_FEE_CENTS },
    ]);
    expect(content.lines.reduce((sum, line) => sum + line.vatCents, 0)).toBe(content.vatCents);

    const confirmation = (await shop.shoppers.confirmations(order.orderNumber)).find((r) => r.payload.subject.includes('confirmed'))!;
    expect(confirmation.payload.attachments).toEqual([{ taxDocument: invoice!.serial }]);
  });

  it('numbers invoices one after another with no gap, and an order that does not commit gives its number back', async () => {
    const first = (await documentsOf((await placePaidOrder(shop.shoppers, shopper)).id))[0]!;
    // An order whose transaction fails after its invoice was numbered: the number is not lost.
    const failed = await insertOrder(shop.db);
    await expect(
      shop.db.transaction(async (tx) => {
        await issueTaxInvoice(tx, shop.config.shop, failed);
        throw new Error('the payment record failed');
      }),
    ).rejects.toThrow('the payment record failed');
    expect(await documentsOf(failed.id)).toEqual([]);
    const second = (await documentsOf((await placePaidOrder(shop.shoppers, shopper)).id))[0]!;
    expect(numberOf(second.serial)).toBe(numberOf(first.serial) + 1);
  });

  it('keeps an issued document as it was: the database refuses to change or delete it', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    const [invoice] = await documentsOf(order.id);
    await expect(shop.db.update(taxDocuments).set({ totalCents: 1 }).where(eq(taxDocuments.id, invoice!.id))).rejects.toThrow();
    await expect(shop.db.delete(taxDocuments).where(eq(taxDocuments.id, invoice!.id))).rejects.toThrow();
    expect((await documentsOf(order.id))[0]!.totalCents).toBe(19_000);
  });

  it('gives a partial refund and then the rest two credit notes against the invoice, which add up to it, VAT included', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    const [invoice] = await documentsOf(order.id);
    expect((await act(order.id, 'refund', { amountCents: 4_996, reason: 'The flag arrived torn' })).statusCode).toBe(202);
    await expect.poll(async () => (await documentsOf(order.id)).length).toBe(2);
    expect((await act(order.id, 'refund', { amountCents: 19_000 - 4_996 })).statusCode).toBe(202);
    await expect.poll(async () => (await documentsOf(order.id)).length).toBe(3);

    const [, partial, rest] = await documentsOf(order.id);
    expect(numberOf(rest!.serial)).toBe(numberOf(partial!.serial) + 1);
    for (const note of [partial!, rest!]) {
      expect(note.serial).toMatch(/^CN-\d{6}$/);
      expect(note.content).toMatchObject({ kind: 'credit_note', title: 'Credit Note', credit: { invoiceSerial: invoice!.serial, invoiceTotalCents: 19_000 } });
    }
    expect(partial!.content.credit!.reason).toBe('The flag arrived torn');
    expect(rest!.content.credit!.reason).toBe(`Refund for order ${order.orderNumber}`);
    expect(partial!.totalCents + rest!.totalCents).toBe(invoice!.totalCents);
    expect(partial!.vatCents + rest!.vatCents).toBe(invoice!.vatCents);
    // Rounded alone they would not add up: 4 996 c holds 651.65… and 14 004 c holds 1 826.61…, one cent over.
    expect(vatIncluded(4_996) + vatIncluded(14_004)).toBe(vatIncluded(19_000) + 1);

    // The refund emails go once the provider confirms, each with its credit note.
    const refunds = (await outboxEmails(shop.db)).filter((r) => r.payload.subject.startsWith(`Refund for order ${order.orderNumber}`));
    expect(refunds.map((r) => r.payload.attachments)).toEqual([[{ taxDocument: partial!.serial }], [{ taxDocument: rest!.serial }]]);
    expect(refunds[0]!.payload.text).toContain(`We have refunded ${formatRand(4_996)} of the R190.00 you paid`);
    expect(refunds[0]!.payload.text).toContain(`Your credit note ${partial!.serial} is attached.`);

    // Both sides see the three documents, invoice first.
    expect((await deskDetail(order.id)).documents.map((d) => d.serial)).toEqual([invoice!.serial, partial!.serial, rest!.serial]);
  });

  it('gives refunds confirmed at the same moment distinct credit notes, numbered with no gap', async () => {
    const orders = [await placePaidOrder(shop.shoppers, shopper), await placePaidOrder(shop.shoppers, shopper), await placePaidOrder(shop.shoppers, shopper)];
    const answers = await Promise.all(orders.map((order) => act(order.id, 'refund', { amountCents: 1_000 })));
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202]);
    await expect.poll(async () => (await Promise.all(orders.map((order) => documentsOf(order.id)))).every((docs) => docs.length === 2)).toBe(true);
    const notes = (await Promise.all(orders.map(async (order) => (await documentsOf(order.id))[1]!.serial))).map(numberOf).sort((a, b) => a - b);
    expect(notes).toEqual([notes[0], notes[0]! + 1, notes[0]! + 2]);
  });

  /** A paid order of the given flags, with what the shopper put in checkout's invoice fields. */
  async function paidOrderOf(buyer: Shopper, lines: [slug: string, quantity: number][], invoiceTo: object = {}) {
    for (const [slug, quantity] of lines) await shop.shoppers.addToCart(buyer, slug, quantity);
    const cart = (await shop.shoppers.inject('GET', `/api/cart/${buyer.cartId}`, buyer.cookie)).json<{ subtotalCents: number }>();
    const point = await shop.shoppers.nearestPoint();
    const body = shop.shoppers.checkoutBody(cart.subtotalCents + PAXI_STANDARD_FEE_CENTS, point.id);
    body.metadata.customerInfo = { ...body.metadata.customerInfo, ...invoiceTo };
    const created = await shop.shoppers.createCheckout(buyer, body);
    return { created, pay: async () => {
      const { id, redirectUrl } = created.json<{ id: string; redirectUrl: string }>();
      expect((await shop.shoppers.inject('POST', `${new URL(redirectUrl).pathname}/pay`)).statusCode).toBe(303);
      expect((await shop.shoppers.complete(buyer, id)).statusCode).toBe(200);
      return (await shop.shoppers.ordersOf(id))[0]!;
    } };
  }
  const bigCart: [string, number][] = [['brazil', 10], ['argentina', 10], ['south-africa', 10]];

  it('above R5,000 asks for the address, and the full tax invoice names the buyer, the company, its VAT number and the address', async () => {
    const buyer = await shop.shoppers.signUp('embassy');
    const { created: refused } = await paidOrderOf(buyer, bigCart, { company: 'Embassy of Brazil' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Orders over R5 000 get a full tax invoice, which needs your address: please enter it', code: 'billing_address_required' });

    const address = '1267 Pretorius Street, Hatfield, Pretoria, 0083';
    const { created, pay } = await paidOrderOf(buyer, [], { company: 'Embassy of Brazil', vatNumber: '4 123 456 780', billingAddress: address });
    expect(created.statusCode, created.body).toBe(200);
    const order = await pay();
    expect(order.totalAmount).toBeGreaterThan(500_000);
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.content).toMatchObject({ title: 'Tax Invoice', full: true, recipient: { company: 'Embassy of Brazil', vatNumber: '4123456780', address } });
    expect(invoice!.content.lines.map((line) => line.quantity)).toEqual([10, 10, 10, 1]);
    expect(invoice!.content.lines.reduce((sum, line) => sum + line.vatCents, 0)).toBe(vatIncluded(order.totalAmount));
    expect(order).toMatchObject({ customerCompany: 'Embassy of Brazil', customerVatNumber: '4123456780', billingAddress: address });
  });

  it('refuses invoice fields that are not what they say, in words, before any payment', async () => {
    const buyer = await shop.shoppers.signUp('bad-invoice-fields');
    await shop.shoppers.addToCart(buyer, 'kenya', 1);
    const point = await shop.shoppers.nearestPoint();
    const cases: [object, string][] = [
      [{ vatNumber: '123' }, 'A South African VAT number is 10 digits starting with 4'],
      [{ vatNumber: '5123456789' }, 'A South African VAT number is 10 digits starting with 4'],
      [{ vatNumber: 4123456789 }, 'A South African VAT number is 10 digits starting with 4'],
      [{ company: 'x'.repeat(101) }, 'Company name is at most 100 characters'],
      [{ company: ['Embassy'] }, 'Company name must be text'],
      [{ billingAddress: 'y'.repeat(301) }, 'Address is at most 300 characters'],
      [{ company: 'Null\u0000Corp' }, 'NUL'],
      [{ company: 'Cape Events\nVAT number 4111111111' }, 'metadata.customerInfo.company contains a line break, which is not allowed'],
      [{ lastName: 'Mokoena\u001b[2J' }, 'metadata.customerInfo.lastName contains a control character (U+001B), which is not allowed'],
      [{ billingAddress: Array.from({ length: 6 }, (_, i) => `Line ${i + 1}`).join('\n') }, 'Address is at most 5 lines'],
      [{ billingAddress: 'a\n'.repeat(150) }, 'Address is at most 5 lines'],
    ];
    for (const [fields, message] of cases) {
      const body = shop.shoppers.checkoutBody(12_500 + PAXI_STANDARD_FEE_CENTS, point.id);
      body.metadata.customerInfo = { ...body.metadata.customerInfo, ...fields };
      const res = await shop.shoppers.createCheckout(buyer, body);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('lets the shopper download their own documents as PDFs; another shopper gets 404, nobody signed in 401', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    const detail = (await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}`, shopper.cookie)).json<CustomerOrderDetail>();
    const [invoice] = detail.documents;
    expect(invoice).toMatchObject({ kind: 'invoice', title: 'Tax Invoice', totalCents: 19_000, url: `/api/profile/orders/${order.orderNumber}/documents/${invoice!.serial}` });

    const pdf = await shop.shoppers.inject('GET', invoice!.url, shopper.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="tax-invoice-${invoice!.serial}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = await pdfText(pdf.rawPayload);
    for (const words of ['Tax Invoice', invoice!.serial, order.orderNumber, shop.config.shop.legalName, shop.config.shop.vatNumber, 'South Africa flag, 150 × 90 cm', 'R190.00', formatRand(vatIncluded(19_000))]) {
      expect(text).toContain(words);
    }

    const stranger = await shop.shoppers.signUp('stranger');
    expect((await shop.shoppers.inject('GET', invoice!.url, stranger.cookie)).statusCode).toBe(404);
    const signedOut = await shop.shoppers.inject('GET', invoice!.url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
    for (const [url, status] of [
      [`/api/profile/orders/${order.orderNumber}/documents/INV-999999`, 404],
      [`/api/profile/orders/${order.orderNumber}/documents/inv-${invoice!.serial.slice(4)}`, 200],
      [`/api/profile/orders/${order.orderNumber}/documents/INV-1`, 400],
      [`/api/profile/orders/${order.orderNumber}/documents/INV-000001%00`, 400],
      [`/api/profile/orders/${order.orderNumber}/documents/${'9'.repeat(500)}`, 400],
      [`/api/profile/orders/CF-1/documents/${invoice!.serial}`, 404],
    ] as const) {
      const res = await shop.shoppers.inject('GET', url, shopper.cookie);
      expect(res.statusCode, url).toBe(status);
      if (status !== 200) expect(res.json<{ message: string }>().message).toMatch(/^(Document not found|Document serials look like|The address)/);
    }

    // The order desk downloads the same file.
    const desk = await call('GET', `/api/admin/documents/${invoice!.serial}`, shop.admin);
    expect(desk.statusCode).toBe(200);
    expect(desk.rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect((await call('GET', '/api/admin/documents/INV-999999', shop.admin)).statusCode).toBe(404);
  });

  it('reports the VAT of a period from its invoices and credit notes, on the desk and as CSV', async () => {
    const report = async () => (await call('GET', '/api/admin/vat-report?from=2020-01-01&to=2099-12-31', shop.admin)).json<VatReport>();
    const before = await report();
    const order = await placePaidOrder(shop.shoppers, shopper);
    expect((await act(order.id, 'refund', { amountCents: 5_000, reason: 'Goodwill' })).statusCode).toBe(202);
    await expect.poll(async () => (await documentsOf(order.id)).length).toBe(2);
    const after = await report();
    const [invoice, credit] = await documentsOf(order.id);
    expect(after.totals.salesCents - before.totals.salesCents).toBe(19_000);
    expect(after.totals.outputVatCents - before.totals.outputVatCents).toBe(invoice!.vatCents);
    expect(after.totals.creditsCents - before.totals.creditsCents).toBe(5_000);
    expect(after.totals.creditsVatCents - before.totals.creditsVatCents).toBe(credit!.vatCents);
    expect(after.totals.netVatCents).toBe(after.totals.outputVatCents - after.totals.creditsVatCents);
    expect(after.totals.salesExclusiveCents).toBe(after.totals.salesCents - after.totals.outputVatCents);
    expect(after.months.reduce((sum, month) => sum + month.salesCents, 0)).toBe(after.totals.salesCents);
    expect(after.vatRegistered).toBe(true);

    const csv = await call('GET', '/api/admin/vat-report.csv?from=2020-01-01&to=2099-12-31', shop.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="vat-report-2020-01-01-to-2099-12-31.csv"');
    expect(csv.body).toContain('Month,Sales incl. VAT (R),Output VAT (R),Credit notes incl. VAT (R),VAT in credit notes (R),Net VAT (R)');

    const register = await call('GET', '/api/admin/documents/export.csv?from=2020-01-01&to=2099-12-31', shop.admin);
    expect(register.body).toContain(`${invoice!.serial},Tax Invoice,`);
    expect(register.body).toContain(`${credit!.serial},Credit Note,`);
    expect(register.body).toContain(`-50.00,${invoice!.serial},Goodwill`);
    const xero = await call('GET', '/api/admin/documents/export.csv?from=2020-01-01&to=2099-12-31&format=xero-credit-notes', shop.admin);
    expect(xero.body.split('\r\n')[0]).toBe('\uFEFF*ContactName,EmailAddress,POAddressLine1,*CreditNoteNumber,Reference,*CreditNoteDate,*DueDate,*Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,Currency');
    expect(xero.body).toContain(`,${credit!.serial},${invoice!.serial},`);

    const listed = (await call('GET', '/api/admin/documents?from=2020-01-01&to=2099-12-31', shop.admin)).json<{ documents: { serial: string }[] }>();
    expect(listed.documents.map((d) => d.serial)).toEqual(expect.arrayContaining([invoice!.serial, credit!.serial]));
    for (const bad of ['from=2024-13-01', 'from=2025-02-01&to=2025-01-01', 'to=yesterday', 'from=%00']) {
      const res = await call('GET', `/api/admin/vat-report?${bad}`, shop.admin);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await call('GET', '/api/admin/documents/export.csv?format=sage', shop.admin)).statusCode).toBe(400);
  });
});

describeShop('a shop without a VAT number', { pickupPoints: true, env: { SHOP_VAT_NUMBER: '' } }, (shop) => {

  it('issues a plain invoice with no VAT on it, and asks no address above R5,000', async () => {
    const shopper = await shop.shoppers.signUp('not-vat');
    const order = await placePaidOrder(shop.shoppers, shopper);
    const [invoice] = await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(invoice!.content).toMatchObject({ title: 'Invoice', full: false, supplier: { vatNumber: null }, vatCents: 0, exclusiveCents: 19_000 });
    expect(invoice!.content.lines.every((line) => line.vatCents === 0)).toBe(true);
    const pdf = await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}/documents/${invoice!.serial}`, shopper.cookie);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice!.serial}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).not.toMatch(/VAT|Tax Invoice/);
  });
});

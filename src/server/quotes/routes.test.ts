import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, outbox, productSizes, quoteRequests } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { outboxEmails } from '../testing/test-support';
import { mainSizeOf } from '../testing/main-size';
import { callAs, DESK_ADMIN, SHOPPER, signedIn } from '../testing/test-admin';
import { todayInSouthAfrica } from '../../shared/profile';
import { quoteMessages, type QuoteRequestView } from '../../shared/quotes';

/** YYYY-MM-DD, `days` from today in South Africa. */
const dayFromToday = (days: number) => new Date(Date.parse(todayInSouthAfrica()) + days * 86_400_000).toISOString().slice(0, 10);

describeShop('quote requests', { env: { ADMIN_EMAILS: DESK_ADMIN.email } }, (shop) => {
  let southAfrica: { productId: string; smallId: string; mainId: string };
  let kenyaMain: string;
  let admin: ReturnType<typeof callAs>;
  let shopper: ReturnType<typeof callAs>;
  /** A school's request: 30 of a listed size, 12 of another and a flag the shop does not list. */
  let school: () => object;

  beforeAll(async () => {
    const main = await mainSizeOf(shop.db, 'south-africa');
    const [small] = await shop.db
      .select({ id: productSizes.id })
      .from(productSizes)
      .where(and(eq(productSizes.productId, main.productId), eq(productSizes.code, '90x60')));
    southAfrica = { productId: main.productId, smallId: small!.id, mainId: main.id };
    kenyaMain = (await mainSizeOf(shop.db, 'kenya')).id;
    admin = callAs(shop.testApp, await signedIn(shop.testApp, DESK_ADMIN));
    shopper = callAs(shop.testApp, await signedIn(shop.testApp, SHOPPER));
    school = () => ({
      name: 'Thandi Nkosi',
      email: 'bursar@greenfield.school.za',
      phone: '082 555 0101',
      organisation: 'Greenfield Primary',
      vatNumber: '4123 456 789',
      deliveryArea: 'Stellenbosch, Western Cape',
      neededBy: dayFromToday(20),
      notes: 'For Heritage Day. Invoice to the school, please.',
      lines: [
        { productId: southAfrica.productId, sizeId: southAfrica.mainId, quantity: 30 },
        // A name sent for a listed flag is not trusted: the catalogue's is kept.
        { productId: southAfrica.productId, flag: 'Cheap flag', sizeId: southAfrica.smallId, quantity: 12 },
        { flag: 'Our school crest', size: '180 × 120 cm, printed both sides', quantity: 2 },
      ],
    });
  });

  const send = (payload: unknown) => shop.app.inject({ method: 'POST', url: '/api/quotes', payload: payload as object });
  const counts = async () => [await shop.db.$count(quoteRequests), await shop.db.$count(outbox)];
  const requestFor = (email: string) => ({ ...school(), email });

  it('keeps a request with each line named from the catalogue, and answers 201 with its reference', async () => {
    const res = await send(school());
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; reference: string; message: string }>();
    expect(body.reference).toMatch(/^Q\d{4,}$/);
    expect(body.message).toBe(`Thank you! Your quote request ${body.reference} is with us. We have emailed you a copy and will email you a price soon.`);

    const [row] = await shop.db.select().from(quoteRequests).where(eq(quoteRequests.id, body.id));
    expect(row).toMatchObject({
      phone: '+27825550101',
      vatNumber: '4123456789',
      organisation: 'Greenfield Primary',
      status: 'open',
      answer: null,
      lines: [
        { productId: southAfrica.productId, sizeId: southAfrica.mainId, sku: 'SOUTH-AFRICA-150X90', flag: 'South Africa', size: '150 × 90 cm', quantity: 30 },
        { productId: southAfrica.productId, sizeId: southAfrica.smallId, sku: 'SOUTH-AFRICA-90X60', flag: 'South Africa', size: '90 × 60 cm', quantity: 12 },
        { productId: null, sizeId: null, sku: null, flag: 'Our school crest', size: '180 × 120 cm, printed both sides', quantity: 2 },
      ],
    });
  });

  it('emails the order desk the request, and the shopper a copy with the reference', async () => {
    await shop.db.delete(outbox);
    const { reference } = (await send(requestFor('head@greenfield.school.za'))).json<{ reference: string }>();
    const payloads = (await outboxEmails(shop.db)).map((r) => r.payload).sort((a, b) => a.to.localeCompare(b.to));
    expect(payloads).toEqual([
      expect.objectContaining({
        to: 'head@greenfield.school.za',
        replyTo: 'hello@capeflag.co.za',
        subject: `We received your quote request ${reference} - Cape Flag Co.`,
      }),
      expect.objectContaining({
        to: 'hello@capeflag.co.za',
        replyTo: 'head@greenfield.school.za',
        subject: `Quote request ${reference} from Thandi Nkosi (Greenfield Primary): 44 flags`,
      }),
    ]);
    for (const p of payloads) {
      expect(p.text).toContain('30 × South Africa, 150 × 90 cm (SOUTH-AFRICA-150X90)');
      expect(p.text).toContain('2 × Our school crest, 180 × 120 cm, printed both sides');
      expect(p.text).toContain('Stellenbosch, Western Cape');
      expect(p.html).toContain('12 × South Africa, 90 × 60 cm');
    }
    expect(payloads[1]!.text).toContain(`${shop.config.publicUrl}/admin?tab=quotes`);
  });

  it('takes notes over several lines, and refuses a line break in a one-line field', async () => {
    const notes = 'For Heritage Day.\nInvoice to the school, please.\n\tOrder number to follow.';
    const res = await send({ ...requestFor('lines@greenfield.school.za'), notes });
    expect(res.statusCode).toBe(201);
    const [row] = await shop.db.select().from(quoteRequests).where(eq(quoteRequests.id, res.json<{ id: string }>().id));
    expect(row!.notes).toBe(notes);
    const refused = await send({ ...requestFor('lines@greenfield.school.za'), organisation: 'Greenfield\r\nBcc: someone@example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'organisation contains a line break, which is not allowed', code: 'invalid_input' });
  });

  it('takes a request of only a name, an email, an area and one line', async () => {
    const res = await send({ name: 'Sam', email: 'sam@example.co.za', deliveryArea: 'Durban, KwaZulu-Natal', lines: [{ productId: southAfrica.productId, sizeId: southAfrica.smallId, quantity: 150 }] });
    expect(res.statusCode).toBe(201);
    const [row] = await shop.db.select().from(quoteRequests).where(eq(quoteRequests.id, res.json<{ id: string }>().id));
    expect(row).toMatchObject({ phone: null, organisation: null, vatNumber: null, neededBy: null, notes: null });
  });

  const line = (extra: object) => ({ ...school(), lines: [{ productId: southAfrica.productId, sizeId: southAfrica.smallId, quantity: 12, ...extra }] });
  it.each([
    ['101 lines', () => ({ ...school(), lines: Array.from({ length: 101 }, () => ({ flag: 'Kenya', size: '90 × 60 cm', quantity: 1 })) }), quoteMessages.tooManyLines],
    ['no lines', () => ({ ...school(), lines: [] }), quoteMessages.noLines],
    ['lines that are not a list', () => ({ ...school(), lines: 'thirty flags' }), quoteMessages.noLines],
    ['a quantity of 0', () => line({ quantity: 0 }), quoteMessages.quantity],
    ['a quantity of -1', () => line({ quantity: -1 }), quoteMessages.quantity],
    ['a quantity of 1e9', () => line({ quantity: 1e9 }), quoteMessages.quantity],
    ['a quantity of 10 001', () => line({ quantity: 10_001 }), quoteMessages.quantity],
    ['a quantity of 2.5', () => line({ quantity: 2.5 }), quoteMessages.quantity],
    ['a quantity as text', () => line({ quantity: '12' }), quoteMessages.quantity],
    ['a line with no flag', () => ({ ...school(), lines: [{ size: '90 × 60 cm', quantity: 3 }] }), quoteMessages.flag],
    ['a line with no size', () => ({ ...school(), lines: [{ flag: 'Kenya', quantity: 3 }] }), quoteMessages.size],
    ['a size with no flag', () => ({ ...school(), lines: [{ flag: 'Kenya', sizeId: southAfrica.smallId, quantity: 3 }] }), quoteMessages.sizeWithoutFlag],
    ['a product id that is not one', () => line({ productId: 'south-africa' }), quoteMessages.flag],
    ['a NUL byte in a described flag', () => ({ ...school(), lines: [{ flag: 'Crest\u0000', size: '1 m', quantity: 3 }] }), 'lines.0.flag contains a NUL character, which is not allowed'],
    ['a NUL byte in the notes', () => ({ ...school(), notes: 'Heritage\u0000Day' }), 'notes contains a NUL character, which is not allowed'],
    ['a described flag of 201 characters', () => ({ ...school(), lines: [{ flag: 'x'.repeat(201), size: '1 m', quantity: 3 }] }), 'The flag is at most 200 characters'],
    ['no name', () => ({ ...school(), name: ' ' }), quoteMessages.name],
    ['a bad email', () => ({ ...school(), email: 'bursar.greenfield' }), quoteMessages.email],
    ['a phone number that is not South African', () => ({ ...school(), phone: '+44 20 7946 0958' }), quoteMessages.phone],
    ['a VAT number of 9 digits', () => ({ ...school(), vatNumber: '412345678' }), quoteMessages.vatNumber],
    ['no delivery area', () => ({ ...school(), deliveryArea: '' }), quoteMessages.deliveryArea],
    ['a date needed in the past', () => ({ ...school(), neededBy: dayFromToday(-1) }), quoteMessages.neededBy],
    ['a date needed more than a year ahead', () => ({ ...school(), neededBy: dayFromToday(400) }), quoteMessages.neededBy],
    ['30 February', () => ({ ...school(), neededBy: '2027-02-30' }), quoteMessages.neededBy],
    ['notes of 2001 characters', () => ({ ...school(), notes: 'x'.repeat(2001) }), 'Notes is at most 2000 characters'],
  ])('refuses %s with a 400 in words, keeping nothing', async (_label, body, message) => {
    const before = await counts();
    const res = await send(body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
    expect(await counts()).toEqual(before);
  });

  it('refuses 10 000 lines as too large, and takes 100 lines of the longest descriptions', async () => {
    const before = await counts();
    const many = await send({ ...school(), lines: Array.from({ length: 10_000 }, () => ({ flag: 'Kenya', size: '90 × 60 cm', quantity: 1 })) });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ message: 'The request body is too large' });
    expect(await counts()).toEqual(before);
    const longest = { flag: '×'.repeat(200), size: '×'.repeat(200), quantity: 10_000 };
    const full = await send({ ...requestFor('full@example.co.za'), notes: '×'.repeat(2000), lines: Array.from({ length: 100 }, () => longest) });
    expect(full.statusCode).toBe(201);
  });

  it.each([
    ['a size of another flag', () => line({ sizeId: kenyaMain }), 'This flag is not sold in that size'],
    ['a flag that is not in the shop', () => line({ productId: '00000000-0000-4000-8000-000000000000' }), 'One of the flags chosen is no longer in the shop. Please choose it again.'],
  ])('refuses %s with a 404 in words, keeping nothing', async (_label, body, message) => {
    const before = await counts();
    const res = await send(body());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message, code: 'not_found' });
    expect(await counts()).toEqual(before);
  });

  describe('on the order desk', () => {
    let requestId: string;
    let reference: string;
    const answer = { unitPricesCents: [17_000, 9_500, 65_000], deliveryCents: 15_000, validUntil: dayFromToday(14), message: 'The crest flags take ten working days.' };

    beforeAll(async () => {
      ({ id: requestId, reference } = (await send(requestFor('office@greenfield.school.za'))).json<{ id: string; reference: string }>());
    });

    const list = async (status?: string) => {
      const res = await admin('GET', `/api/admin/quotes${status ? `?status=${status}` : ''}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<QuoteRequestView[]>();
    };
    const auditLines = () => shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, requestId));

    it('is for admins only', async () => {
      const signedOut = callAs(shop.testApp, undefined);
      for (const [call, status] of [
        [signedOut, 401],
        [shopper, 403],
      ] as const) {
        expect((await call('GET', '/api/admin/quotes')).statusCode).toBe(status);
        expect((await call('POST', `/api/admin/quotes/${requestId}/answer`, answer)).statusCode).toBe(status);
        expect((await call('POST', `/api/admin/quotes/${requestId}/closed`, { closed: true })).statusCode).toBe(status);
      }
      expect(await auditLines()).toEqual([]);
    });

    it('lists open requests newest first, with every detail the shopper gave', async () => {
      const open = await list();
      expect(open[0]).toMatchObject({
        id: requestId,
        reference,
        email: 'office@greenfield.school.za',
        organisation: 'Greenfield Primary',
        neededBy: dayFromToday(20),
        status: 'open',
        answer: null,
      });
      expect(open[0]!.lines).toHaveLength(3);
      expect(await list('open')).toEqual(open);
      expect(await list('answered')).toEqual([]);
    });

    it.each([
      ['two prices for three lines', { ...answer, unitPricesCents: [17_000, 9_500] }, 400, `${quoteMessages.lineCount}: this request has 3`],
      ['a price of 0', { ...answer, unitPricesCents: [0, 9_500, 65_000] }, 400, quoteMessages.unitPrice],
      ['a price above R100 000', { ...answer, unitPricesCents: [10_000_001, 9_500, 65_000] }, 400, quoteMessages.unitPrice],
      ['a price as text', { ...answer, unitPricesCents: ['170', 9_500, 65_000] }, 400, quoteMessages.unitPrice],
      ['a negative delivery fee', { ...answer, deliveryCents: -1 }, 400, quoteMessages.delivery],
      ['a price that held until yesterday', { ...answer, validUntil: dayFromToday(-1) }, 400, quoteMessages.validUntil],
      ['a price held for a year', { ...answer, validUntil: dayFromToday(365) }, 400, quoteMessages.validUntil],
    ])('refuses an answer with %s, sending nothing', async (_label, body, status, message) => {
      const queued = await shop.db.$count(outbox);
      const res = await admin('POST', `/api/admin/quotes/${requestId}/answer`, body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message, code: 'invalid_input' });
      expect(await shop.db.$count(outbox)).toBe(queued);
      expect((await list('open')).map((q) => q.id)).toContain(requestId);
    });

    it('refuses an unknown or malformed request id with a 404', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'Q1001', '%00']) {
        const res = await admin('POST', `/api/admin/quotes/${id}/answer`, answer);
        expect(res.statusCode, id).toBe(id === '%00' ? 400 : 404);
      }
    });

    it('sends the quote: the total adds up, the shopper is emailed each line, and the audit log says who sent what', async () => {
      await shop.db.delete(outbox);
      const res = await admin('POST', `/api/admin/quotes/${requestId}/answer`, answer);
      expect(res.statusCode).toBe(200);
      // 30 × R170 + 12 × R95 + 2 × R650 + R150 delivery
      const totalCents = 30 * 17_000 + 12 * 9_500 + 2 * 65_000 + 15_000;
      expect(res.json()).toMatchObject({ status: 'answered', answeredBy: DESK_ADMIN.email, answer: { ...answer, totalCents } });
      expect(totalCents).toBe(769_000);

      const [email] = (await outboxEmails(shop.db)).map((r) => r.payload);
      expect(email).toMatchObject({ to: 'office@greenfield.school.za', subject: `Your quote ${reference} - Cape Flag Co.` });
      for (const text of [
        '30 × South Africa, 150 × 90 cm: R170.00 each, R5 100.00',
        '12 × South Africa, 90 × 60 cm: R95.00 each, R1 140.00',
        '2 × Our school crest, 180 × 120 cm, printed both sides: R650.00 each, R1 300.00',
        'Delivery: R150.00',
        'Total: R7 690.00',
        'The crest flags take ten working days.',
        `reply to this email and quote ${reference}`,
      ]) {
        expect(email!.text).toContain(text);
      }
      expect(await list('answered')).toEqual([expect.objectContaining({ id: requestId })]);
      expect((await list('open')).map((q) => q.id)).not.toContain(requestId);
      expect(await auditLines()).toEqual([
        expect.objectContaining({ action: 'quote.answer', actorEmail: DESK_ADMIN.email, summary: `Sent the quote ${reference} to Thandi Nkosi (office@greenfield.school.za): R7 690.00, valid until ${answer.validUntil}` }),
      ]);
    });

    it('sends a revised quote when answered again', async () => {
      await shop.db.delete(outbox);
      const res = await admin('POST', `/api/admin/quotes/${requestId}/answer`, { ...answer, deliveryCents: 0, message: '' });
      expect(res.json()).toMatchObject({ answer: { deliveryCents: 0, totalCents: 754_000, message: null } });
      const [email] = (await outboxEmails(shop.db)).map((r) => r.payload);
      expect(email).toMatchObject({ subject: `Your revised quote ${reference} - Cape Flag Co.` });
      expect(email!.text).toContain('Delivery: Included');
    });

    it('closes a request, which then takes no answer until reopened as answered', async () => {
      const closed = await admin('POST', `/api/admin/quotes/${requestId}/closed`, { closed: true });
      expect(closed.json()).toMatchObject({ status: 'closed', closedBy: DESK_ADMIN.email });
      // Closing twice changes nothing and logs nothing more.
      await admin('POST', `/api/admin/quotes/${requestId}/closed`, { closed: true });
      const refused = await admin('POST', `/api/admin/quotes/${requestId}/answer`, answer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: quoteMessages.closed, code: 'conflict' });
      expect(await list('closed')).toEqual([expect.objectContaining({ id: requestId })]);

      const reopened = await admin('POST', `/api/admin/quotes/${requestId}/closed`, { closed: false });
      expect(reopened.json()).toMatchObject({ status: 'answered', closedAt: null, closedBy: null });
      expect((await auditLines()).map((l) => l.action)).toEqual(['quote.answer', 'quote.answer', 'quote.close', 'quote.reopen']);
      expect((await admin('POST', `/api/admin/quotes/${requestId}/closed`, { closed: 'yes' })).json()).toEqual({
        message: 'Say whether the request is closed (true or false)',
        code: 'invalid_input',
      });
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRand } from '../../shared/money';
import type { DocumentLine, DocumentSupplier, TaxDocumentContent } from '../../shared/tax-documents';
import { vatIncluded, vatPerLine } from '../../shared/vat';
import { pdfFontNames, pdfPageCount, pdfPageSizes, pdfPageTexts, pdfText } from '../testing/pdf-text';
import { renderTaxDocumentPdf } from './pdf';

const supplier: DocumentSupplier = {
  name: 'Cape Flag Co.',
  legalName: 'Cape Flag Company (Pty) Ltd',
  registrationNumber: '2004/012345/07',
  address: '12 Bree Street, Cape Town City Centre, Cape Town, 8001, South Africa',
  vatNumber: '4123456789',
  email: 'hello@capeflag.co.za',
  phone: '+27 21 555 0142',
};

/** Lines from [description, quantity, unit price in cents], with their share of the VAT when the supplier charges it. */
function lines(items: [string, number, number][], vatRegistered = true): DocumentLine[] {
  const totals = items.map(([, quantity, unitPriceCents]) => quantity * unitPriceCents);
  const vat = vatRegistered ? vatPerLine(totals) : totals.map(() => 0);
  return items.map(([description, quantity, unitPriceCents], i) => ({
    description,
    quantity,
    unitPriceCents,
    totalCents: totals[i]!,
    vatCents: vat[i]!,
  }));
}

function taxDocument(overrides: Partial<TaxDocumentContent> & Pick<TaxDocumentContent, 'lines'>): TaxDocumentContent {
  const vatRegistered = (overrides.supplier ?? supplier).vatNumber !== null;
  const totalCents = overrides.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const vatCents = vatRegistered ? vatIncluded(totalCents) : 0;
  return {
    kind: 'invoice',
    title: 'Tax Invoice',
    serial: 'INV-000001',
    // 00:30 on 24 November in Johannesburg, still the 23rd in UTC.
    issuedAt: '2026-11-23T22:30:00.000Z',
    orderNumber: 'FS-1001',
    full: false,
    supplier,
    recipient: { name: 'Thandi Mokoena', email: 'thandi@example.co.za', company: null, vatNumber: null, address: null },
    totalCents,
    vatCents,
    exclusiveCents: totalCents - vatCents,
    ...overrides,
  };
}

/** Text with every run of white space as one space, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const abridged = taxDocument({
  lines: lines([
    ['South Africa flag, 1500 × 900 mm, knitted polyester', 2, 24_900],
    ['Eswatini flag, 900 × 600 mm', 1, 13_000],
    ['PAXI Standard collection fee', 1, 6_000],
  ]),
  paidWith: 'Card (Yoco)',
});

const full = taxDocument({
  serial: 'INV-000002',
  orderNumber: 'FS-1002',
  full: true,
  recipient: {
    name: 'Nomvula Dlamini-Ōkubo',
    email: 'nomvula@example.co.za',
    company: 'Zoë & Łukasz Events (Pty) Ltd',
    vatNumber: '4987654321',
    address: '7 Jan Smuts Avenue, Rosebank, Johannesburg, 2196',
  },
  lines: lines([
    ['South Africa flag, 1800 × 1200 mm, knitted polyester, with rope and toggle for an outdoor flagpole', 20, 29_900],
    ['Lesotho flag, 900 × 600 mm', 1, 13_000],
    ['The Courier Guy delivery', 1, 9_900],
  ]),
});

const plain = taxDocument({
  title: 'Invoice',
  serial: 'INV-000003',
  supplier: { ...supplier, vatNumber: null },
  recipient: { name: 'Łukasz Nowak', email: 'lukasz@example.co.za', company: 'Nowak Trading', vatNumber: '4555555555', address: '3 Long Street, Cape Town, 8001' },
  lines: lines(
    [
      ['Botswana flag, 900 × 600 mm', 1, 13_000],
      ['PAXI Standard collection fee', 1, 6_000],
    ],
    false,
  ),
});

const creditNote = taxDocument({
  kind: 'credit_note',
  title: 'Credit Note',
  serial: 'CN-000001',
  issuedAt: '2026-12-02T09:15:00.000Z',
  lines: lines([['South Africa flag, 1500 × 900 mm, knitted polyester', 1, 24_900]]),
  credit: { invoiceSerial: 'INV-000001', invoiceTotalCents: 68_800, reason: 'One flag arrived torn; the customer kept the other.' },
});

function manyLines(count: number): TaxDocumentContent {
  return taxDocument({
    serial: 'INV-000004',
    lines: lines(Array.from({ length: count }, (_, i): [string, number, number] => [`Bunting of the SADC flags, set ${i + 1}`, 1 + (i % 3), 4_500 + i * 100])),
  });
}

describe('renderTaxDocumentPdf', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes an abridged tax invoice: title, serial, date, supplier, lines and the VAT in the total', async () => {
    const pdf = await renderTaxDocumentPdf(abridged);
    const text = await pdfText(pdf);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV-000001');
    expect(text).toContain('Date of issue: 24 November 2026');
    expect(text).toContain('Order number: FS-1001');
    expect(text).toContain('Cape Flag Co.');
    expect(text).toContain('Cape Flag Company (Pty) Ltd');
    expect(flat(text)).toContain('12 Bree Street, Cape Town City Centre, Cape Town, 8001, South Africa');
    expect(text).toContain('VAT number 4123456789');
    expect(text).toContain('Company registration number 2004/012345/07');
    expect(text).toContain('hello@capeflag.co.za');
    expect(text).toContain('+27 21 555 0142');
    expect(text).toContain('Bill to');
    expect(text).toContain('Thandi Mokoena');
    expect(text).toContain('Description Qty Unit price Amount');
    expect(text).toContain('South Africa flag, 1500 × 900 mm, knitted polyester 2 R249.00 R498.00');
    expect(text).toContain('Eswatini flag, 900 × 600 mm 1 R130.00 R130.00');
    expect(text).toContain('PAXI Standard collection fee 1 R60.00 R60.00');
    expect(text).toContain('Total (VAT included) R688.00');
    expect(text).toContain(`VAT at 15% included in the total ${formatRand(abridged.vatCents)}`);
    expect(text).toContain(`Total excluding VAT ${formatRand(abridged.exclusiveCents)}`);
    expect(abridged.vatCents).toBe(8_974);
    expect(text).toContain('Paid by: Card (Yoco)');
    expect(text).toContain('Cape Flag Company (Pty) Ltd · 12 Bree Street');
    expect(text).toContain('Page 1 of 1');
  });

  it('names the buyer, their company, address and VAT number on a full tax invoice, in any alphabet', async () => {
    const text = flat(await pdfText(await renderTaxDocumentPdf(full)));

    expect(full.totalCents).toBeGreaterThan(500_000);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV-000002');
    expect(text).toContain('Nomvula Dlamini-Ōkubo');
    expect(text).toContain('Zoë & Łukasz Events (Pty) Ltd');
    expect(text).toContain('nomvula@example.co.za');
    expect(text).toContain('7 Jan Smuts Avenue, Rosebank, Johannesburg, 2196');
    expect(text).toContain('VAT number 4987654321');
    expect(text).toContain('South Africa flag, 1800 × 1200 mm, knitted polyester, with rope and toggle for an outdoor flagpole');
    expect(text).toContain('20 R299.00 R5 980.00');
    expect(text).toContain('Total (VAT included) R6 209.00');
    expect(text).toContain(`VAT at 15% included in the total ${formatRand(full.vatCents)}`);
    expect(text).toContain(`Total excluding VAT ${formatRand(full.exclusiveCents)}`);
  });

  it('prints names in the scripts South Africans type as their characters, in Inter or the fallback font embedded with it', async () => {
    const document = taxDocument({
      full: true,
      recipient: {
        name: 'Łukasz 王 😀 Nowak',
        email: 'lukasz@example.co.za',
        company: 'Ｔｈａｎｄｉ Ｍｏｋｏｅｎａ Ｔｒａｄｉｎｇ',
        vatNumber: null,
        address: 'Οδός Ερμού 12, Αθήνα\nулица Арбат 5, Москва',
      },
      lines: lines([
        ['中国国旗 900 × 600 mm', 1, 13_000],
        ['Флаг России, σημαία της Ελλάδας', 1, 13_000],
      ]),
    });
    const pdf = await renderTaxDocumentPdf(document);
    const text = await pdfText(pdf);

    expect(text).toContain('Łukasz 王 😀 Nowak');
    expect(text).toContain('Ｔｈａｎｄｉ Ｍｏｋｏｅｎａ Ｔｒａｄｉｎｇ');
    expect(text).toContain('Οδός Ερμού 12, Αθήνα\nулица Арбат 5, Москва');
    expect(text).toContain('中国国旗 900 × 600 mm 1 R130.00 R130.00');
    expect(text).toContain('Флаг России, σημαία της Ελλάδας 1 R130.00 R130.00');
    expect(pdfFontNames(pdf)).toEqual(['Inter-Bold', 'Inter-Regular', 'UnifontExMono']);
    // A document in Inter's letters alone carries Inter alone; neither changes what the other prints.
    expect(pdfFontNames(await renderTaxDocumentPdf(abridged))).toEqual(['Inter-Bold', 'Inter-Regular']);
    expect((await renderTaxDocumentPdf(document)).equals(pdf)).toBe(true);
  });

  it('prints the buyer’s details in their lines, also as stored before the checkout bounded them', async () => {
    const document = taxDocument({
      full: true,
      recipient: {
        name: `Thandi\u0007 Mok\u001b[31moena`,
        email: 'thandi@example.co.za',
        company: 'Cape Events\nVAT number 4111111111',
        vatNumber: null,
        address: Array.from({ length: 150 }, (_, i) => `Line ${i + 1} of the address`).join('\n'),
      },
      lines: lines([['Lesotho flag,\nand a made-up line', 1, 13_000]]),
    });
    const pdf = await renderTaxDocumentPdf(document);
    const text = await pdfText(pdf);

    expect(await pdfPageCount(pdf)).toBe(1);
    expect(text).toContain('Thandi Mok[31moena');
    expect(text).not.toContain('\u0007');
    expect(text).not.toContain('\u001b');
    expect(flat(text)).toContain('Cape Events VAT number 4111111111');
    // The one line that says 'VAT number' alone is the shop's own.
    expect(text.split('\n').filter((line) => line.startsWith('VAT number'))).toEqual(['VAT number 4123456789']);
    expect(text).toContain('Line 1 of the address\nLine 2 of the address\nLine 3 of the address\nLine 4 of the address\nLine 5 of the address, Line 6');
    expect(text).not.toContain('Line 20 of the address');
    expect(flat(text)).toContain('Lesotho flag, and a made-up line 1 R130.00 R130.00');
  });

  it('says nothing of VAT on the plain invoice of a shop that is not a VAT vendor', async () => {
    const text = await pdfText(await renderTaxDocumentPdf(plain));

    expect(text).toContain('Invoice');
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain('INV-000003');
    expect(text).toContain('Łukasz Nowak');
    expect(text).toContain('3 Long Street, Cape Town, 8001');
    expect(text).toContain('Botswana flag, 900 × 600 mm 1 R130.00 R130.00');
    expect(text).toContain('Total R190.00');
    expect(text).not.toMatch(/VAT/i);
    expect(text).not.toContain('4555555555');
  });

  it('names the invoice a credit note is against, the value of its supply and the reason', async () => {
    const text = flat(await pdfText(await renderTaxDocumentPdf(creditNote)));

    expect(text).toContain('Credit Note');
    expect(text).toContain('CN-000001');
    expect(text).toContain('Date of issue: 2 December 2026');
    expect(text).toContain('Credit note against tax invoice INV-000001 (value of the supply R688.00)');
    expect(text).toContain('Reason: One flag arrived torn; the customer kept the other.');
    expect(text).toContain('VAT number 4123456789');
    expect(text).toContain('South Africa flag, 1500 × 900 mm, knitted polyester 1 R249.00 R249.00');
    expect(text).toContain('Total (VAT included) R249.00');
    expect(text).toContain(`VAT at 15% included in the total ${formatRand(vatIncluded(24_900))}`);
  });

  it('flows many lines onto a second page with the column headings again and a footer on each', async () => {
    const document = manyLines(40);
    const pdf = await renderTaxDocumentPdf(document);
    const pages = await pdfPageTexts(pdf);

    expect(await pdfPageCount(pdf)).toBe(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Page 2 of 2');
    expect(pages[1]).toContain('Tax Invoice INV-000004 (continued)');
    for (const page of pages) {
      expect(page).toContain('Description Qty Unit price Amount');
      expect(page).toContain('Cape Flag Company (Pty) Ltd · 12 Bree Street');
    }
    const text = pages.join('\n');
    for (const line of document.lines) {
      expect(text).toContain(`${line.description} ${line.quantity} ${formatRand(line.unitPriceCents)} ${formatRand(line.totalCents)}`);
    }
    expect(pages[1]).toContain(`Total (VAT included) ${formatRand(document.totalCents)}`);
  });

  it('keeps the totals together on one page wherever the lines end', async () => {
    // About 20 lines fill the first page: somewhere in this range the totals no longer fit under them.
    let totalsOnTheirOwnPage = false;
    for (let count = 15; count <= 22; count++) {
      const pages = await pdfPageTexts(await renderTaxDocumentPdf(manyLines(count)));
      const withTotal = pages.find((page) => page.includes('Total (VAT included)'));
      expect(withTotal, `${count} lines`).toContain('VAT at 15% included in the total');
      expect(withTotal, `${count} lines`).toContain('Total excluding VAT');
      if (!withTotal?.includes('Description Qty Unit price Amount')) totalsOnTheirOwnPage = true;
    }
    expect(totalsOnTheirOwnPage).toBe(true);
  });

  it('gives the same bytes for the same document, whenever it is rendered', async () => {
    const first = await renderTaxDocumentPdf(full);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-17T12:00:00Z'));
    const later = await renderTaxDocumentPdf(full);

    expect(later.equals(first)).toBe(true);
    expect((await renderTaxDocumentPdf({ ...full, serial: 'INV-000009' })).equals(first)).toBe(false);
  });

  it('is A4 portrait', async () => {
    const sizes = await pdfPageSizes(await renderTaxDocumentPdf(manyLines(40)));

    expect(sizes).toHaveLength(2);
    for (const { width, height } of sizes) {
      expect(width).toBeCloseTo(595.28, 2);
      expect(height).toBeCloseTo(841.89, 2);
    }
  });
});

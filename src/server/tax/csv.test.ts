import { describe, expect, it } from 'vitest';
import type { TaxDocumentContent, VatReport } from '../../shared/tax-documents';
import { csvRows } from '../pickup/point-list';
import { documentsCsv, documentsXeroCsv, vatReportCsv } from './csv';

const supplier = {
  name: 'Cape Flag Co.',
  legalName: 'Cape Flag Company (Pty) Ltd',
  registrationNumber: '2004/012345/07',
  address: '12 Bree Street, Cape Town, 8001',
  vatNumber: '4123456789',
  email: 'hello@capeflag.co.za',
  phone: '+27 21 555 0142',
};

/** Texts a customer or the owner could type that a spreadsheet would otherwise run as a formula. */
const formulas = {
  name: '=HYPERLINK("https://evil.example","Click")',
  company: '+27 Events',
  address: '-1+1 Long Street',
  reason: '@SUM(A1:A9)',
  discount: '\tDiscount',
  fee: '\rDelivery',
};

const invoice: TaxDocumentContent = {
  kind: 'invoice',
  title: 'Tax Invoice',
  serial: 'INV-000007',
  issuedAt: '2026-03-02T08:00:00.000Z',
  orderNumber: 'FS-1007',
  full: true,
  supplier,
  recipient: { name: formulas.name, email: 'sipho@example.co.za', company: formulas.company, vatNumber: '4987654321', address: formulas.address },
  lines: [
    { description: 'South Africa flag, 1500 × 900 mm', quantity: 2, unitPriceCents: 24_900, totalCents: 49_800, vatCents: 6_496 },
    { description: formulas.fee, quantity: 1, unitPriceCents: 6_000, totalCents: 6_000, vatCents: 783 },
    { description: formulas.discount, quantity: 1, unitPriceCents: -870, totalCents: -870, vatCents: -113 },
  ],
  totalCents: 54_930,
  vatCents: 7_166,
  exclusiveCents: 47_764,
};

const creditNote: TaxDocumentContent = {
  ...invoice,
  kind: 'credit_note',
  title: 'Credit Note',
  serial: 'CN-000003',
  lines: [{ description: 'Refund for order FS-1007', quantity: 1, unitPriceCents: 870, totalCents: 870, vatCents: 113 }],
  totalCents: 870,
  vatCents: 113,
  exclusiveCents: 757,
  credit: { invoiceSerial: 'INV-000007', invoiceTotalCents: 54_930, reason: formulas.reason },
};

/**
 * What a spreadsheet makes of a cell: a figure it can add up, or text. A leading apostrophe is how
 * the exports keep a cell from running as a formula, so such a cell is text.
 */
function spreadsheetValue(cell: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
}

/** The rows of a CSV under its heading, each as a record by column name. */
function records(csv: string): Record<string, string>[] {
  const [heading, ...rows] = csvRows(csv);
  return rows.map((row) => Object.fromEntries(heading!.map((column, i) => [column, row[i]!])));
}

/** Every cell that holds one of the formula texts still reaches the spreadsheet as text, apostrophe first. */
function expectFormulasGuarded(csv: string, expected: string[]): void {
  const cells = csvRows(csv).flat();
  for (const text of expected) expect(cells, JSON.stringify(text)).toContain(`'${text}`);
  expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+\.\d{2}$/.test(cell))).toEqual([]);
}

describe('the spreadsheet exports of the tax documents', () => {
  it('keep a credit note’s negative amounts as figures in the register, and guard its texts', () => {
    const csv = documentsCsv([invoice, creditNote]);
    const [sale, credit] = records(csv);
    expect(spreadsheetValue(credit!['Excl. VAT (R)']!)).toBe(-7.57);
    expect(spreadsheetValue(credit!['VAT (R)']!)).toBe(-1.13);
    expect(spreadsheetValue(credit!['Incl. VAT (R)']!)).toBe(-8.7);
    expect(spreadsheetValue(sale!['Incl. VAT (R)']!)).toBe(549.3);
    // A spreadsheet's sum of the column is the net of the period.
    expect(records(csv).reduce((sum, row) => sum + (spreadsheetValue(row['Incl. VAT (R)']!) as number), 0)).toBeCloseTo(540.6, 2);
    expectFormulasGuarded(csv, [formulas.name, formulas.company, formulas.reason]);
  });

  it('keep a discount line’s negative unit amount as a figure in Xero’s invoice template, and guard its texts', () => {
    const csv = documentsXeroCsv([invoice, creditNote], 'invoice');
    const rows = records(csv);
    expect(rows.map((row) => spreadsheetValue(row['*UnitAmount']!))).toEqual([249, 60, -8.7]);
    expect(rows.map((row) => spreadsheetValue(row['*Quantity']!))).toEqual([2, 1, 1]);
    expectFormulasGuarded(csv, [formulas.company, formulas.address, formulas.fee, formulas.discount]);
  });

  it('keep the amounts of Xero’s credit-note template as figures, and guard its texts', () => {
    const negative: TaxDocumentContent = { ...creditNote, lines: [{ ...creditNote.lines[0]!, description: '-R8.70 back', unitPriceCents: -870 }] };
    const csv = documentsXeroCsv([invoice, negative], 'credit_note');
    const [row] = records(csv);
    expect(spreadsheetValue(row!['*UnitAmount']!)).toBe(-8.7);
    expect(spreadsheetValue(row!['*Quantity']!)).toBe(1);
    expectFormulasGuarded(csv, [formulas.company, formulas.address, '-R8.70 back']);
  });

  it('keep a month’s negative net VAT as a figure in the VAT report', () => {
    const report: VatReport = {
      from: '2026-03-01',
      to: '2026-04-30',
      vatRegistered: true,
      months: [
        { month: '2026-03', salesCents: 54_930, salesVatCents: 7_166, creditsCents: 870, creditsVatCents: 113 },
        { month: '2026-04', salesCents: 0, salesVatCents: 0, creditsCents: 20_000, creditsVatCents: 2_609 },
      ],
      totals: {
        salesCents: 54_930,
        salesExclusiveCents: 47_764,
        outputVatCents: 7_166,
        creditsCents: 20_870,
        creditsExclusiveCents: 18_148,
        creditsVatCents: 2_722,
        netCents: 34_060,
        netVatCents: 4_444,
      },
    };
    const rows = records(vatReportCsv(report));
    expect(rows.map((row) => spreadsheetValue(row['Net VAT (R)']!))).toEqual([70.53, -26.09, 44.44]);
    expect(rows[2]!['Month']).toBe('Total 2026-03-01 to 2026-04-30');
  });
});

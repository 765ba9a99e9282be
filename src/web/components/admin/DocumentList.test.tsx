import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentList } from './DocumentList';
import { setViewport } from '../../testing/viewport';
import type { TaxDocumentSummary } from '../../../shared/tax-documents';

const invoice: TaxDocumentSummary = {
  kind: 'invoice',
  title: 'Tax Invoice',
  serial: 'INV-000123',
  issuedAt: '2026-11-20T08:30:00.000Z',
  orderNumber: 'FS-20261120-0042',
  customerName: 'Sipho Dlamini',
  totalCents: 45_900,
  vatCents: 5_987,
  exclusiveCents: 39_913,
};
const creditNote: TaxDocumentSummary = {
  ...invoice,
  kind: 'credit_note',
  title: 'Credit Note',
  serial: 'CN-000007',
  totalCents: 5_000,
  vatCents: 652,
  exclusiveCents: 4_348,
};

const rows = () => screen.getAllByTestId('document-row');

describe("the order desk's list of tax documents", () => {
  it('is a table at a laptop, a row per document with a credit note negative and its PDF to download', () => {
    setViewport(1280);
    render(<DocumentList label="Tax documents" documents={[invoice, creditNote]} vatRegistered />);
    const table = screen.getByRole('table', { name: 'Tax documents' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Serial', 'Date', 'Type', 'Order', 'Customer', 'Incl. VAT', 'VAT', 'Download']);
    expect(rows().map((row) => row.tagName)).toEqual(['TR', 'TR']);
    const credit = rows()[1]!;
    expect(credit.getAttribute('data-serial')).toBe('CN-000007');
    expect(credit.textContent).toContain('-R50.00');
    expect(credit.textContent).toContain('-R6.52');
    expect(within(credit).getByRole('link', { name: 'Download credit note' }).getAttribute('href')).toBe('/api/admin/documents/CN-000007');
    expect(within(rows()[0]!).getByRole('link', { name: 'Download tax invoice' }).getAttribute('href')).toBe('/api/admin/documents/INV-000123');
  });

  it('is a list of cards on a phone, each with its order, customer and VAT', () => {
    setViewport(375);
    render(<DocumentList label="Tax documents" documents={[invoice, creditNote]} vatRegistered />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Tax documents' });
    expect(within(list).getAllByTestId('document-row').map((row) => row.tagName)).toEqual(['LI', 'LI']);
    const card = rows()[0]!;
    expect(within(card).getByRole('heading', { name: 'INV-000123' })).toBeDefined();
    for (const fact of ['FS-20261120-0042', 'Sipho Dlamini', 'R459.00', 'R59.87']) expect(card.textContent).toContain(fact);
  });

  it('changes from cards to the table when the window widens past 1024 px, keeping the documents', () => {
    setViewport(800);
    render(<DocumentList label="Tax documents" documents={[invoice]} vatRegistered />);
    expect(rows()[0]!.tagName).toBe('LI');
    setViewport(1024);
    expect(rows()[0]!.tagName).toBe('TR');
    expect(rows()[0]!.getAttribute('data-serial')).toBe('INV-000123');
  });

  it('has no VAT column or figure for a shop not registered for VAT', () => {
    setViewport(1280);
    render(<DocumentList label="Tax documents" documents={[invoice]} vatRegistered={false} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Amount');
    expect(headers).not.toContain('VAT');
    expect(rows()[0]!.textContent).not.toContain('R59.87');
  });
});

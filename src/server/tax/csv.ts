import { csvAmount, csvCount, csvFile } from '../lib/csv';
import type { TaxDocumentContent, TaxDocumentKind, VatReport } from '../../shared/tax-documents';

/** A day as South Africans and Xero write it: 24/11/2026, in South African time. */
function southAfricanDay(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Johannesburg', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

/** A credit note takes money back: its amounts are negative in the exports. */
const signed = (document: TaxDocumentContent, cents: number) => csvAmount(document.kind === 'credit_note' ? -cents : cents);

/** The register of invoices and credit notes: one row per document, amounts in rand. */
export function documentsCsv(documents: TaxDocumentContent[]): string {
  return csvFile([
    ['Serial', 'Type', 'Date', 'Order number', 'Customer', 'Company', 'Customer VAT number', 'Excl. VAT (R)', 'VAT (R)', 'Incl. VAT (R)', 'Against invoice', 'Reason'],
    ...documents.map((document) => [
      document.serial,
      document.title,
      southAfricanDay(document.issuedAt),
      document.orderNumber,
      document.recipient.name,
      document.recipient.company ?? '',
      document.recipient.vatNumber ?? '',
      signed(document, document.exclusiveCents),
      signed(document, document.vatCents),
      signed(document, document.totalCents),
      document.credit?.invoiceSerial ?? '',
      document.credit?.reason ?? '',
    ]),
  ]);
}

/**
 * Invoices or credit notes in Xero's import templates (Sales → Invoices → Import, and the Credit
 * Notes tab's Import): one row per line, amounts VAT-inclusive (choose "Tax inclusive" when
 * importing), credit notes in positive amounts with their invoice as the reference, as Xero asks.
 * The account code 200 is Xero's default Sales account; the tax types are Xero's South African rates.
 */
export function documentsXeroCsv(documents: TaxDocumentContent[], kind: TaxDocumentKind): string {
  const [number, date] = kind === 'invoice' ? ['*InvoiceNumber', '*InvoiceDate'] : ['*CreditNoteNumber', '*CreditNoteDate'];
  return csvFile([
    ['*ContactName', 'EmailAddress', 'POAddressLine1', number, 'Reference', date, '*DueDate', '*Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'Currency'],
    ...documents
      .filter((document) => document.kind === kind)
      .flatMap((document) =>
        document.lines.map((line) => [
          document.recipient.company ?? document.recipient.name,
          document.recipient.email,
          document.recipient.address ?? '',
          document.serial,
          document.credit ? document.credit.invoiceSerial : document.orderNumber,
          southAfricanDay(document.issuedAt),
          southAfricanDay(document.issuedAt),
          line.description,
          csvCount(line.quantity),
          csvAmount(line.unitPriceCents),
          '200',
          document.supplier.vatNumber === null ? 'No VAT' : 'Standard Rate Sales',
          'ZAR',
        ]),
      ),
  ]);
}

/** The VAT report month by month, then the period's totals: the figures for the VAT201 return. */
export function vatReportCsv(report: VatReport): string {
  const { totals } = report;
  return csvFile([
    ['Month', 'Sales incl. VAT (R)', 'Output VAT (R)', 'Credit notes incl. VAT (R)', 'VAT in credit notes (R)', 'Net VAT (R)'],
    ...report.months.map((month) => [
      month.month,
      csvAmount(month.salesCents),
      csvAmount(month.salesVatCents),
      csvAmount(month.creditsCents),
      csvAmount(month.creditsVatCents),
      csvAmount(month.salesVatCents - month.creditsVatCents),
    ]),
    [
      `Total ${report.from} to ${report.to}`,
      csvAmount(totals.salesCents),
      csvAmount(totals.outputVatCents),
      csvAmount(totals.creditsCents),
      csvAmount(totals.creditsVatCents),
      csvAmount(totals.netVatCents),
    ],
  ]);
}

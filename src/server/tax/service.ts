import { readableBy, type OrderReader } from '../db/order-readers';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { placedOrders, taxDocuments } from '../db/schema';
import { startOfDay, startOfNextDay, TIME_ZONE } from '../db/south-african-days';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { todayInSouthAfrica } from '../../shared/profile';
import type { ShopDetails } from '../../shared/shop-details';
import { isVatVendor } from '../../shared/vat';
import { type ProFormaInvoice, type TaxDocumentContent, type TaxDocumentSummary, type VatReport, type VatReportMonth } from '../../shared/tax-documents';
import type { BankAccount } from '../../shared/bank-transfer';
import { documentsCsv, documentsXeroCsv, vatReportCsv } from './csv';
import { documentSummary, proFormaInvoice } from './documents';

const DOCUMENT_NOT_FOUND = 'Document not found';
const ORDER_NOT_FOUND = 'Order not found';

export const documentsExportFormats = ['register', 'xero-invoices', 'xero-credit-notes'] as const;
export type DocumentsExportFormat = (typeof documentsExportFormats)[number];

/** A period of days (YYYY-MM-DD, South African time), both ends included. */
export interface DocumentPeriod {
  from?: string;
  to?: string;
}

/** The first day of last month: without a period, the desk shows this month and the one before (a two-month VAT period). */
function defaultFrom(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 2, 1));
  return start.toISOString().slice(0, 10);
}

function resolvePeriod(period: DocumentPeriod): Required<DocumentPeriod> {
  const to = period.to ?? todayInSouthAfrica();
  const from = period.from ?? defaultFrom(to);
  if (from > to) throw new InvalidInputError('The "from" day must be on or before the "to" day');
  return { from, to };
}

/** The shop's details and, where it takes bank transfers, its account (for pro-forma invoices). */
export function createTaxDocumentService(db: Database, shop: ShopDetails, bankAccount?: BankAccount) {
  const inPeriod = ({ from, to }: Required<DocumentPeriod>) => and(gte(taxDocuments.issuedAt, startOfDay(from)), lt(taxDocuments.issuedAt, startOfNextDay(to)));

  async function documentsIn(period: Required<DocumentPeriod>): Promise<TaxDocumentContent[]> {
    const rows = await db
      .select({ content: taxDocuments.content })
      .from(taxDocuments)
      .where(inPeriod(period))
      .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.number));
    return rows.map((row) => row.content);
  }

  async function listDocuments(period: DocumentPeriod): Promise<{ from: string; to: string; documents: TaxDocumentSummary[] }> {
    const resolved = resolvePeriod(period);
    return { ...resolved, documents: (await documentsIn(resolved)).map(documentSummary) };
  }

  async function vatReport(period: DocumentPeriod): Promise<VatReport> {
    const resolved = resolvePeriod(period);
    const month = sql<string>`to_char(${taxDocuments.issuedAt} AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM')`;
    const ofKind = (kind: 'invoice' | 'credit_note', column: typeof taxDocuments.totalCents | typeof taxDocuments.vatCents) =>
      sql<number>`coalesce(sum(${column}) filter (where ${taxDocuments.kind} = ${kind}), 0)::int`;
    const rows = await db
      .select({
        month,
        salesCents: ofKind('invoice', taxDocuments.totalCents),
        salesVatCents: ofKind('invoice', taxDocuments.vatCents),
        creditsCents: ofKind('credit_note', taxDocuments.totalCents),
        creditsVatCents: ofKind('credit_note', taxDocuments.vatCents),
      })
      .from(taxDocuments)
      .where(inPeriod(resolved))
      .groupBy(month)
      .orderBy(month);
    const months: VatReportMonth[] = rows.map((row) => ({ ...row, month: row.month }));
    const sum = (pick: (m: VatReportMonth) => number) => months.reduce((total, m) => total + pick(m), 0);
    const salesCents = sum((m) => m.salesCents);
    const outputVatCents = sum((m) => m.salesVatCents);
    const creditsCents = sum((m) => m.creditsCents);
    const creditsVatCents = sum((m) => m.creditsVatCents);
    return {
      ...resolved,
      vatRegistered: isVatVendor(shop),
      months,
      totals: {
        salesCents,
        salesExclusiveCents: salesCents - outputVatCents,
        outputVatCents,
        creditsCents,
        creditsExclusiveCents: creditsCents - creditsVatCents,
        creditsVatCents,
        netCents: salesCents - creditsCents,
        netVatCents: outputVatCents - creditsVatCents,
      },
    };
  }

  return {
    listDocuments,
    vatReport,

    /** A document as issued, for the order desk. */
    async documentBySerial(serial: string): Promise<TaxDocumentContent> {
      const [row] = await db.select({ content: taxDocuments.content }).from(taxDocuments).where(eq(taxDocuments.serial, serial));
      if (!row) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      return row.content;
    },

    /** One of the shopper's own orders' documents; another's, or an unknown one, is simply not found. */
    async customerDocument(reader: OrderReader, orderNumber: string, serial: string): Promise<TaxDocumentContent> {
      const [row] = await db
        .select({ content: taxDocuments.content })
        .from(taxDocuments)
        .innerJoin(placedOrders, eq(placedOrders.id, taxDocuments.orderId))
        .where(and(eq(taxDocuments.serial, serial), eq(placedOrders.orderNumber, orderNumber), readableBy(reader)));
      if (!row) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      return row.content;
    },

    /**
     * The pro-forma invoice of one of the shopper's own orders while it awaits its bank transfer.
     * Another's order, or an unknown one, is simply not found; once paid, the tax invoice is the document.
     */
    async customerProForma(reader: OrderReader, orderNumber: string): Promise<ProFormaInvoice> {
      const [order] = await db
        .select()
        .from(placedOrders)
        .where(and(eq(placedOrders.orderNumber, orderNumber), readableBy(reader)));
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.state === 'cancelled') throw new ConflictError(`Order ${orderNumber} is cancelled: there is nothing to pay.`);
      if (order.state !== 'pending' || order.paymentStatus !== 'pending') {
        throw new ConflictError(`Order ${orderNumber} is paid: download its ${isVatVendor(shop) ? 'tax invoice' : 'invoice'} instead.`);
      }
      if (!bankAccount) throw new ConflictError(`The shop no longer takes bank transfers: please contact us about paying for order ${orderNumber}.`);
      return proFormaInvoice(shop, order, bankAccount);
    },

    /** The register of the period's documents, or Xero's import file of its invoices or of its credit notes. */
    async documentsExport(period: DocumentPeriod, format: DocumentsExportFormat): Promise<{ filename: string; csv: string }> {
      const resolved = resolvePeriod(period);
      const documents = await documentsIn(resolved);
      const span = `${resolved.from}-to-${resolved.to}`;
      if (format === 'register') return { filename: `tax-documents-${span}.csv`, csv: documentsCsv(documents) };
      const kind = format === 'xero-invoices' ? 'invoice' : 'credit_note';
      return { filename: `${format}-${span}.csv`, csv: documentsXeroCsv(documents, kind) };
    },

    async vatReportExport(period: DocumentPeriod): Promise<{ filename: string; csv: string }> {
      const report = await vatReport(period);
      return { filename: `vat-report-${report.from}-to-${report.to}.csv`, csv: vatReportCsv(report) };
    },
  };
}

export type TaxDocumentService = ReturnType<typeof createTaxDocumentService>;

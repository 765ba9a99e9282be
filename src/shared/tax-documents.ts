/**
 * The shop's tax documents (VAT Act s20 and s21): a tax invoice for every paid order and a credit
 * note for every refund, each numbered from its own gap-free sequence. A document is kept as the
 * data it was printed from, so it reads the same however the shop's details change later.
 */
import { isVatVendor } from './vat';
import type { BankTransferDetails } from './bank-transfer';

/** Above this total (R5,000) a tax invoice is a full one, naming the buyer and their address (s20(4)). */
export const FULL_TAX_INVOICE_ABOVE_CENTS = 500_000;

/** A VAT vendor's sale above R5,000 gets a full tax invoice, which names the buyer's address. */
export function needsFullTaxInvoice(shop: { vatNumber: string }, totalCents: number): boolean {
  return isVatVendor(shop) && totalCents > FULL_TAX_INVOICE_ABOVE_CENTS;
}

export const taxDocumentKinds = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof taxDocumentKinds)[number];

/** The serial's prefix per kind: INV-000001, CN-000001. */
const serialPrefixes: Record<TaxDocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

export function documentSerial(kind: TaxDocumentKind, number: number): string {
  return `${serialPrefixes[kind]}-${String(number).padStart(6, '0')}`;
}

/** A serial as it may appear in an address: INV-000001 or CN-000001 (longer once past 999,999). */
export const DOCUMENT_SERIAL_PATTERN = /^(INV|CN)-\d{6,9}$/;

/**
 * What the invoice's Bill-to block takes from the checkout: the company on one line, and the
 * address on the few short lines an envelope needs, so that neither can add lines of its own
 * (a made-up "VAT number …") or run the invoice onto more pages.
 */
export const INVOICE_COMPANY_MAX_LENGTH = 100;
export const INVOICE_ADDRESS_MAX_LENGTH = 300;
export const INVOICE_ADDRESS_MAX_LINES = 5;

/** An address's lines, each trimmed, the blank ones dropped. */
export function invoiceAddressLines(address: string): string[] {
  return address
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A South African VAT number: 10 digits, starting with 4. */
export const VAT_NUMBER_PATTERN = /^4\d{9}$/;

/** The seller, as the document was issued. */
export interface DocumentSupplier {
  /** The trading name, shown at the top with the logo. */
  name: string;
  legalName: string;
  registrationNumber: string;
  address: string;
  /** Null when the shop is not a VAT vendor: the document is a plain invoice. */
  vatNumber: string | null;
  email: string;
  phone: string;
}

/** The buyer, as given at checkout. */
export interface DocumentRecipient {
  name: string;
  email: string;
  company: string | null;
  vatNumber: string | null;
  /** The buyer's address for a full tax invoice; null when none was given. */
  address: string | null;
}

/** A line of the document; amounts in cents, VAT included. */
export interface DocumentLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** The line's share of the document's VAT (src/shared/vat.ts); 0 on a plain invoice. */
  vatCents: number;
}

export interface TaxDocumentContent {
  kind: TaxDocumentKind;
  /** 'Tax Invoice', 'Invoice' (no VAT number) or 'Credit Note'. */
  title: string;
  serial: string;
  /** ISO time of issue. */
  issuedAt: string;
  orderNumber: string;
  /** A full tax invoice (above R5,000, or a credit note against one): the buyer's details are on it. */
  full: boolean;
  supplier: DocumentSupplier;
  recipient: DocumentRecipient;
  lines: DocumentLine[];
  totalCents: number;
  /** VAT inside totalCents; 0 on a plain invoice. */
  vatCents: number;
  /** totalCents less vatCents. */
  exclusiveCents: number;
  /** An invoice's way of payment, as the order desk names it: 'Card (Yoco)'. Absent on invoices issued before it was kept. */
  paidWith?: string;
  /** A credit note's invoice, its total (the value of the supply) and why the money went back. */
  credit?: { invoiceSerial: string; invoiceTotalCents: number; reason: string };
}

export const PRO_FORMA_TITLE = 'Pro-forma Invoice';

/**
 * An order awaiting its bank transfer as the invoice it will get, printed from the order as it
 * stands, with how to pay. Not a tax document: no serial, never kept, in no register or export.
 */
export interface ProFormaInvoice extends Omit<TaxDocumentContent, 'kind' | 'title' | 'serial' | 'issuedAt' | 'paidWith' | 'credit'> {
  kind: 'pro_forma';
  title: typeof PRO_FORMA_TITLE;
  /** ISO time the order was placed: the date it bears, so that the same order prints the same file. */
  orderedAt: string;
  /** What the order gets once paid: 'Tax Invoice', or 'Invoice' from a shop without a VAT number. */
  invoiceTitle: string;
  /** The shop's account, the order number as the reference, the amount and the last day to pay. */
  payment: BankTransferDetails;
}

/** What the shop prints as a PDF: an issued tax document, or an order's pro-forma invoice. */
export type PrintedDocument = TaxDocumentContent | ProFormaInvoice;

/** A document in a list (My Profile, the order desk): what it is, not its content. */
export interface TaxDocumentSummary {
  kind: TaxDocumentKind;
  title: string;
  serial: string;
  issuedAt: string;
  orderNumber: string;
  customerName: string;
  totalCents: number;
  vatCents: number;
  exclusiveCents: number;
}

/** A document of one order, with where to download its PDF. */
export interface OrderDocument extends TaxDocumentSummary {
  url: string;
}

/** Where the shopper and the order desk download a document's PDF, and the shopper an order's pro-forma invoice. */
/** A customer's documents: in My Profile, or, with the key of an order's signed link, from that link's page. */
export const documentUrls = {
  customer: (orderNumber: string, orderKey?: string) => (serial: string) =>
    orderKey ? `/api/orders/${orderNumber}/documents/${serial}?key=${orderKey}` : `/api/profile/orders/${orderNumber}/documents/${serial}`,
  orderDesk: (serial: string) => `/api/admin/documents/${serial}`,
  proForma: (orderNumber: string, orderKey?: string) => (orderKey ? `/api/orders/${orderNumber}/pro-forma.pdf?key=${orderKey}` : `/api/profile/orders/${orderNumber}/pro-forma.pdf`),
};

/** The link that downloads a document: 'Download tax invoice', 'Download credit note'. */
export function downloadLabel(document: Pick<TaxDocumentSummary, 'title'>): string {
  return `Download ${document.title.toLowerCase()}`;
}

/** The file name a document downloads as: tax-invoice-INV-000001.pdf, credit-note-CN-000001.pdf, pro-forma-invoice-CF-1001.pdf. */
export function documentFileName(document: Pick<TaxDocumentContent, 'kind' | 'serial' | 'title'> | Pick<ProFormaInvoice, 'kind' | 'orderNumber'>): string {
  if (document.kind === 'pro_forma') return `pro-forma-invoice-${document.orderNumber}.pdf`;
  const kind = document.kind === 'credit_note' ? 'credit-note' : document.title === 'Tax Invoice' ? 'tax-invoice' : 'invoice';
  return `${kind}-${document.serial}.pdf`;
}

/** One month of the VAT report: sales (tax invoices) and what credit notes took back, in cents. */
export interface VatReportMonth {
  /** YYYY-MM, in South African time. */
  month: string;
  salesCents: number;
  salesVatCents: number;
  creditsCents: number;
  creditsVatCents: number;
}

/** The figures for the VAT201 return over a period: output VAT on sales less the VAT credit notes reversed. */
export interface VatReport {
  from: string;
  to: string;
  vatRegistered: boolean;
  months: VatReportMonth[];
  totals: {
    salesCents: number;
    salesExclusiveCents: number;
    outputVatCents: number;
    creditsCents: number;
    creditsExclusiveCents: number;
    creditsVatCents: number;
    /** Sales less credits, VAT included. */
    netCents: number;
    /** Output VAT less the VAT in credit notes: what the period owes. */
    netVatCents: number;
  };
}

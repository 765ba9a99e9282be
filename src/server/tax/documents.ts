import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { documentSerials, taxDocuments, type orders } from '../db/schema';
import { countryName } from '../../shared/product';
import { deliveryFeeLabel } from '../../shared/delivery';
import type { ShopDetails } from '../../shared/shop-details';
import { isVatVendor, vatInCredit, vatIncluded } from '../../shared/vat';
import { priceOrder } from '../../shared/pricing';
import { paymentMethodView } from '../../shared/payment-methods';
import type { BankAccount } from '../../shared/bank-transfer';
import {
  documentSerial,
  PRO_FORMA_TITLE,
  needsFullTaxInvoice,
  type DocumentLine,
  type DocumentRecipient,
  type DocumentSupplier,
  type OrderDocument,
  type ProFormaInvoice,
  type TaxDocumentContent,
  type TaxDocumentSummary,
  type TaxDocumentKind,
} from '../../shared/tax-documents';

/**
 * The order a document is issued for, and the transaction it is issued in: the order's own
 * (orders/service.ts issues the invoice as it records the payment), as orders/transitions.ts has them.
 */
type OrderRow = typeof orders.$inferSelect;
type OrderTx = Pick<Database, 'select' | 'insert' | 'update'>;

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/** The shop as it stands when the document is issued; no VAT number: not a VAT vendor. */
function supplierOf(shop: ShopDetails): DocumentSupplier {
  return {
    name: shop.name,
    legalName: shop.legalName,
    registrationNumber: shop.registrationNumber,
    address: shop.address,
    vatNumber: isVatVendor(shop) ? shop.vatNumber : null,
    email: shop.email,
    phone: shop.phone,
  };
}

function recipientOf(order: OrderRow): DocumentRecipient {
  return {
    name: order.customerName,
    email: order.customerEmail,
    company: order.customerCompany,
    vatNumber: order.customerVatNumber,
    address: order.billingAddress,
  };
}

/** The next serial of a kind, under the lock of its numbering row until the caller's transaction ends. */
async function nextNumber(tx: OrderTx, kind: TaxDocumentKind): Promise<number> {
  const [row] = await tx
    .update(documentSerials)
    .set({ lastNumber: sql`${documentSerials.lastNumber} + 1` })
    .where(eq(documentSerials.kind, kind))
    .returning({ number: documentSerials.lastNumber });
  if (!row) throw new Error(`No numbering for ${kind} documents: the tax_documents migration did not run`);
  return row.number;
}

async function issue(tx: OrderTx, content: Omit<TaxDocumentContent, 'serial' | 'issuedAt'>, links: { orderId: string; invoiceId?: string; refundId?: string }) {
  const number = await nextNumber(tx, content.kind);
  const serial = documentSerial(content.kind, number);
  const issuedAt = new Date();
  const full: TaxDocumentContent = { ...content, serial, issuedAt: issuedAt.toISOString() };
  const [row] = await tx
    .insert(taxDocuments)
    .values({ kind: content.kind, number, serial, ...links, issuedAt, totalCents: content.totalCents, vatCents: content.vatCents, content: full })
    .returning();
  return row!;
}

/**
 * The flags and the delivery fee as the invoice's lines, each with its share of the VAT, and a
 * discount as a line taking off its own part of the VAT: the VAT of the lines adds up to the VAT of
 * the discounted total, which is what the customer paid.
 */
function invoiceLines(order: OrderRow, vatRegistered: boolean): DocumentLine[] {
  const price = priceOrder({
    lines: order.items.map((item) => ({ productName: item.productName, sizeLabel: item.sizeLabel, unitPriceCents: item.productPrice, quantity: item.quantity })),
    deliveryFeeCents: order.deliveryFeeCents,
    discountCents: order.discountCents,
    vatRegistered,
  });
  const lines: DocumentLine[] = price.lines.map((line) => ({
    // 'Kenya flag, 90 × 60 cm'; an order from before sizes says 'Kenya flag', as its invoice did.
    description: line.sizeLabel ? `${countryName(line.productName)} flag, ${line.sizeLabel}` : `${countryName(line.productName)} flag`,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    totalCents: line.totalCents,
    vatCents: line.vatCents,
  }));
  const { feeCents } = price.delivery;
  if (feeCents > 0) {
    lines.push({ description: deliveryFeeLabel(order.deliveryOption), quantity: 1, unitPriceCents: feeCents, totalCents: feeCents, vatCents: price.delivery.vatCents });
  }
  const off = price.discount;
  if (off.cents === 0) return lines;
  return [...lines, { description: `Discount (code ${order.discountCode})`, quantity: 1, unitPriceCents: -off.cents, totalCents: -off.cents, vatCents: off.vatCents }];
}

/**
 * What an invoice of the order says as it stands: a full one above R5,000, naming the buyer, and a
 * plain 'Invoice' without VAT when the shop has no VAT number. The tax invoice and the pro-forma
 * invoice both say it, so that what the buyer is asked to pay is what they are invoiced.
 */
function invoiceContent(shop: ShopDetails, order: OrderRow) {
  const supplier = supplierOf(shop);
  const vatRegistered = supplier.vatNumber !== null;
  const vatCents = vatRegistered ? vatIncluded(order.totalAmount) : 0;
  return {
    title: vatRegistered ? 'Tax Invoice' : 'Invoice',
    orderNumber: order.orderNumber,
    full: needsFullTaxInvoice(shop, order.totalAmount),
    supplier,
    recipient: recipientOf(order),
    lines: invoiceLines(order, vatRegistered),
    totalCents: order.totalAmount,
    vatCents,
    exclusiveCents: order.totalAmount - vatCents,
  } satisfies Omit<TaxDocumentContent, 'kind' | 'serial' | 'issuedAt'>;
}

/** The tax invoice of a paid order, in the order's transaction. */
export async function issueTaxInvoice(tx: OrderTx, shop: ShopDetails, order: OrderRow): Promise<TaxDocumentRow> {
  return issue(tx, { kind: 'invoice', ...invoiceContent(shop, order), paidWith: paymentMethodView(order.paymentMethod).paidWith }, { orderId: order.id });
}

/**
 * The pro-forma invoice of an order awaiting its bank transfer: the invoice it will get, with where
 * and by when to pay. Made whenever it is asked for; it takes no serial and is never stored.
 */
export function proFormaInvoice(shop: ShopDetails, order: OrderRow, account: BankAccount): ProFormaInvoice {
  if (!order.paymentDueOn) throw new Error(`Order ${order.orderNumber} awaits no bank transfer: it has no pro-forma invoice`);
  const { title, ...invoice } = invoiceContent(shop, order);
  return {
    kind: 'pro_forma',
    title: PRO_FORMA_TITLE,
    ...invoice,
    orderedAt: order.createdAt.toISOString(),
    invoiceTitle: title,
    payment: { ...account, reference: order.orderNumber, amountCents: order.totalAmount, payBy: order.paymentDueOn },
  };
}

async function invoiceOf(tx: Pick<OrderTx, 'select'>, orderId: string): Promise<TaxDocumentRow | undefined> {
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return invoice;
}

/**
 * The credit note of a refund the payment provider confirmed, in the transaction that counts it,
 * against the order's invoice. Its VAT counts what earlier credit notes carried, so the credit
 * notes of a fully refunded order add up to its invoice. Undefined for an order without an
 * invoice (one paid before the shop issued them).
 */
export async function issueCreditNote(
  tx: OrderTx,
  order: OrderRow,
  refund: { id: string; amountCents: number; reason: string },
): Promise<TaxDocumentRow | undefined> {
  const invoice = await invoiceOf(tx, order.id);
  if (!invoice) return undefined;
  const [credited] = await tx
    .select({ cents: sql<number>`coalesce(sum(${taxDocuments.totalCents}), 0)::int` })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.invoiceId, invoice.id), eq(taxDocuments.kind, 'credit_note')));
  const invoiced = invoice.content;
  const vatRegistered = invoiced.supplier.vatNumber !== null;
  const vatCents = vatRegistered ? vatInCredit(credited!.cents, refund.amountCents) : 0;
  return issue(
    tx,
    {
      kind: 'credit_note',
      title: 'Credit Note',
      orderNumber: order.orderNumber,
      full: invoiced.full,
      // As the invoice named them: the credit note corrects that document.
      supplier: invoiced.supplier,
      recipient: invoiced.recipient,
      lines: [{ description: `Refund for order ${order.orderNumber}`, quantity: 1, unitPriceCents: refund.amountCents, totalCents: refund.amountCents, vatCents }],
      totalCents: refund.amountCents,
      vatCents,
      exclusiveCents: refund.amountCents - vatCents,
      credit: { invoiceSerial: invoice.serial, invoiceTotalCents: invoice.totalCents, reason: refund.reason },
    },
    { orderId: order.id, invoiceId: invoice.id, refundId: refund.id },
  );
}

/** The summaries of an order's documents, invoice first, each with its PDF's address made by `url`. */
export async function orderDocuments(db: Pick<OrderTx, 'select'>, orderId: string, url: (serial: string) => string): Promise<OrderDocument[]> {
  const rows = await db
    .select({ content: taxDocuments.content })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(sql`${taxDocuments.kind} = 'invoice' desc`, taxDocuments.number);
  return rows.map(({ content }) => ({ ...documentSummary(content), url: url(content.serial) }));
}

/** What a list shows of a document: the buyer's company when there is one. */
export function documentSummary(content: TaxDocumentContent): TaxDocumentSummary {
  const { kind, title, serial, issuedAt, orderNumber, recipient, totalCents, vatCents, exclusiveCents } = content;
  return { kind, title, serial, issuedAt, orderNumber, customerName: recipient.company ?? recipient.name, totalCents, vatCents, exclusiveCents };
}

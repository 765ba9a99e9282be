import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { placedOrders, taxDocuments } from '../db/schema';
import type { Config } from '../config';
import type { AttachedFile, AttachmentFiles, EmailAttachment } from '../lib/outbox-messages';
import { documentFileName, type PrintedDocument } from '../../shared/tax-documents';
import { proFormaInvoice } from './documents';
import { renderTaxDocumentPdf } from './pdf';

/** A printed document as a PDF file, named as it downloads (tax-invoice-INV-000001.pdf, pro-forma-invoice-CF-1001.pdf). */
export async function documentPdf(document: PrintedDocument): Promise<AttachedFile> {
  return { filename: documentFileName(document), content: await renderTaxDocumentPdf(document), contentType: 'application/pdf' };
}

/** What printing an email's files reads besides the database: the shop, and its bank account for a pro-forma invoice. */
type PrintingSettings = Pick<Config, 'shop' | 'payments'>;

/**
 * The files of an email's attachments: the tax documents printed as they were issued, a pro-forma
 * invoice from its order and the shop's account as they are when the email is sent.
 */
async function attachedFiles(db: Pick<Database, 'select'>, settings: PrintingSettings, attachments: EmailAttachment[]): Promise<AttachedFile[]> {
  const serials = attachments.flatMap((attachment) => ('taxDocument' in attachment ? [attachment.taxDocument] : []));
  const orderNumbers = attachments.flatMap((attachment) => ('proForma' in attachment ? [attachment.proForma] : []));
  const [documents, awaited] = await Promise.all([
    serials.length ? db.select({ serial: taxDocuments.serial, content: taxDocuments.content }).from(taxDocuments).where(inArray(taxDocuments.serial, serials)) : [],
    orderNumbers.length ? db.select().from(placedOrders).where(inArray(placedOrders.orderNumber, orderNumbers)) : [],
  ]);
  return Promise.all(
    attachments.map((attachment) => {
      if ('taxDocument' in attachment) {
        const row = documents.find((candidate) => candidate.serial === attachment.taxDocument);
        // Issued in the transaction that queued the email, so it is there; a missing one is retried, not sent without.
        if (!row) throw new Error(`Tax document ${attachment.taxDocument} is not in the database`);
        return documentPdf(row.content);
      }
      const order = awaited.find((candidate) => candidate.orderNumber === attachment.proForma);
      if (!order) throw new Error(`Order ${attachment.proForma} is not in the database`);
      const account = settings.payments.find((payment) => payment.provider === 'eft')?.account;
      // The email tells the buyer to pay into the account; without one (EFT_* since unset) it waits for the account to be set again.
      if (!account) throw new Error(`The pro-forma invoice of order ${order.orderNumber} needs the shop's bank account, and EFT_* is not set`);
      return documentPdf(proFormaInvoice(settings.shop, order, account));
    }),
  );
}

/** The outbox's and the dev mailbox's way to make an email's files: the tax documents and pro-forma invoices, printed from this database. */
export function taxDocumentFiles(db: Pick<Database, 'select'>, settings: PrintingSettings): AttachmentFiles {
  return (attachments) => attachedFiles(db, settings, attachments);
}

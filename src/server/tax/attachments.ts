import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { taxDocuments } from '../db/schema';
import type { AttachedFile, AttachmentFiles, EmailAttachment } from '../lib/outbox-messages';
import { documentFileName, type TaxDocumentContent } from '../../shared/tax-documents';
import { renderTaxDocumentPdf } from './pdf';

/** A tax document as a PDF file, named as it downloads (tax-invoice-INV-000001.pdf). */
export async function documentPdf(content: TaxDocumentContent): Promise<AttachedFile> {
  return { filename: documentFileName(content), content: await renderTaxDocumentPdf(content), contentType: 'application/pdf' };
}

/** The files of an email's attachments, printed from the documents as they were issued. */
async function attachedFiles(db: Pick<Database, 'select'>, attachments: EmailAttachment[]): Promise<AttachedFile[]> {
  const serials = attachments.map((attachment) => attachment.taxDocument);
  const rows = await db.select({ serial: taxDocuments.serial, content: taxDocuments.content }).from(taxDocuments).where(inArray(taxDocuments.serial, serials));
  return Promise.all(
    serials.map((serial) => {
      const row = rows.find((candidate) => candidate.serial === serial);
      // Issued in the transaction that queued the email, so it is there; a missing one is retried, not sent without.
      if (!row) throw new Error(`Tax document ${serial} is not in the database`);
      return documentPdf(row.content);
    }),
  );
}

/** The outbox's and the dev mailbox's way to make an email's files: the tax documents, printed from this database. */
export function taxDocumentFiles(db: Pick<Database, 'select'>): AttachmentFiles {
  return (attachments) => attachedFiles(db, attachments);
}

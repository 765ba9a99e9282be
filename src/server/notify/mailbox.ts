import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { NotFoundError } from '../errors';
import { DEV_MAILBOX } from './dev-mailbox';
import type { AttachedFile, AttachmentFiles, EmailMessage, SmsMessage } from '../lib/outbox-messages';

export interface MailboxEmail extends EmailMessage {
  kind: 'email';
  id: string;
  sentAt: Date;
}

export interface MailboxSms extends SmsMessage {
  kind: 'sms';
  id: string;
  sentAt: Date;
}

export type MailboxMessage = MailboxEmail | MailboxSms;

/** How many messages the dev mailbox shows; older ones stay in the outbox table. */
const SHOWN = 100;

type Row = { id: string; kind: 'email' | 'sms'; payload: unknown; sentAt: Date | null };

// The row's kind says which payload it holds (enqueueEmail and enqueueSms wrote them).
const toMessage = (row: Row): MailboxMessage =>
  row.kind === 'sms'
    ? { kind: 'sms', ...(row.payload as SmsMessage), id: row.id, sentAt: row.sentAt! }
    : { kind: 'email', ...(row.payload as EmailMessage), id: row.id, sentAt: row.sentAt! };

/**
 * The dev mailbox: the emails and text messages the outbox delivered to no server but to this page
 * (SMTP_URL unset, SMS_PROVIDER=dev-mailbox).
 */
export function createDevMailbox(db: Database, attach: AttachmentFiles) {
  const delivered = and(eq(outbox.status, 'sent'), eq(outbox.transport, DEV_MAILBOX));
  const columns = { id: outbox.id, kind: outbox.kind, payload: outbox.payload, sentAt: outbox.sentAt };

  return {
    /** Emails and texts together, newest first. */
    async list(): Promise<MailboxMessage[]> {
      const rows = await db.select(columns).from(outbox).where(delivered).orderBy(desc(outbox.sentAt), desc(outbox.createdAt)).limit(SHOWN);
      return rows.map(toMessage);
    },
    /** One email (a text has no page of its own: the list shows all of it). */
    async getEmail(id: string): Promise<MailboxEmail> {
      const [row] = await db.select(columns).from(outbox).where(and(delivered, eq(outbox.kind, 'email'), eq(outbox.id, id)));
      if (!row) throw new NotFoundError('Message not found');
      return toMessage(row) as MailboxEmail;
    },
    /** The file an email carried, printed as it was sent (its n-th attachment, from 0). */
    async attachment(id: string, n: number): Promise<AttachedFile> {
      const attachment = (await this.getEmail(id)).attachments?.[n];
      if (!attachment) throw new NotFoundError('Attachment not found');
      const [file] = await attach([attachment]);
      return file!;
    },
  };
}

export type DevMailbox = ReturnType<typeof createDevMailbox>;

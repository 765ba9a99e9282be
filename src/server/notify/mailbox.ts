import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { NotFoundError } from '../errors';
import type { EmailMessage } from './mailer';

export interface MailboxMessage extends EmailMessage {
  id: string;
  sentAt: Date;
}

/** How many messages the dev mailbox shows; older ones stay in the outbox table. */
const SHOWN = 100;

/** The dev mailbox: emails the outbox delivered to no server but to this page (SMTP_URL unset). */
export function createDevMailbox(db: Database) {
  const delivered = and(eq(outbox.kind, 'email'), eq(outbox.status, 'sent'), eq(outbox.transport, 'dev-mailbox'));
  // The kind filter above makes every payload here an email.
  const toMessage = (row: { id: string; payload: unknown; sentAt: Date | null }): MailboxMessage => ({
    ...(row.payload as EmailMessage),
    id: row.id,
    sentAt: row.sentAt!,
  });
  const columns = { id: outbox.id, payload: outbox.payload, sentAt: outbox.sentAt };

  return {
    /** Newest first. */
    async list(): Promise<MailboxMessage[]> {
      const rows = await db.select(columns).from(outbox).where(delivered).orderBy(desc(outbox.sentAt), desc(outbox.createdAt)).limit(SHOWN);
      return rows.map(toMessage);
    },
    async get(id: string): Promise<MailboxMessage> {
      const [row] = await db.select(columns).from(outbox).where(and(delivered, eq(outbox.id, id)));
      if (!row) throw new NotFoundError('Message not found');
      return toMessage(row);
    },
  };
}

export type DevMailbox = ReturnType<typeof createDevMailbox>;

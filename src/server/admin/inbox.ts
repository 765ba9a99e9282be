import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContactMessageView } from '../../shared/order-desk';
import type { Database } from '../db/client';
import { contacts } from '../db/schema';
import { NotFoundError } from '../errors';
import { recordAdminAction, type AuditActor } from './audit';

export type InboxStatus = 'open' | 'handled' | 'all';

/** The newest this many: the inbox is a list of work, not the archive (that is the database). */
const SHOWN = 500;

const view = (row: typeof contacts.$inferSelect): ContactMessageView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
  handledBy: row.handledBy,
});

const filters: Record<InboxStatus, SQL | undefined> = {
  open: isNull(contacts.handledAt),
  handled: isNotNull(contacts.handledAt),
  all: undefined,
};

/** The contact form's messages as the order desk works through them. */
export function createContactInbox(db: Database) {
  return {
    /** Newest first. */
    async list(status: InboxStatus): Promise<ContactMessageView[]> {
      const rows = await db.select().from(contacts).where(filters[status]).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(SHOWN);
      return rows.map(view);
    },

    /**
     * Marks a message handled (by this admin, now) or open again, with a line in the audit log.
     * Asking for what is already so changes nothing and logs nothing: the first admin to handle a
     * message stays its handler when a second one clicks a moment later.
     */
    async markHandled(id: string, handled: boolean, actor: AuditActor): Promise<ContactMessageView> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(contacts)
          .set(handled ? { handledAt: sql`now()`, handledBy: actor.email } : { handledAt: null, handledBy: null })
          .where(and(eq(contacts.id, id), handled ? isNull(contacts.handledAt) : isNotNull(contacts.handledAt)))
          .returning();
        if (!changed) {
          const [current] = await tx.select().from(contacts).where(eq(contacts.id, id));
          if (!current) throw new NotFoundError('Message not found');
          return view(current);
        }
        await recordAdminAction(tx, actor, {
          action: handled ? 'contact.handle' : 'contact.reopen',
          targetType: 'contact',
          targetId: id,
          summary: handled
            ? `Marked the message from ${changed.name} (${changed.email}) as handled`
            : `Reopened the message from ${changed.name} (${changed.email})`,
        });
        return view(changed);
      });
    },
  };
}

export type ContactInbox = ReturnType<typeof createContactInbox>;

import type { Database } from '../db/client';
import { contacts } from '../db/schema';
import type { ContactInput } from '../../shared/schemas';
import { enqueueEmail } from '../notify/outbox';
import { contactCopyToSender, contactToShop, type EmailContext } from '../notify/templates';

export interface ContactServiceOptions {
  email: EmailContext;
  /** Where the shop reads contact messages (ORDER_DESK_EMAIL, else the shop's email). */
  orderDeskEmail: string;
  /** Called after a commit that queued email, so the outbox worker sends it now rather than at its next poll. */
  onQueued?: () => void;
}

export function createContactService(db: Database, { email, orderDeskEmail, onQueued }: ContactServiceOptions) {
  return {
    /** Keeps the message and queues its two emails in one transaction: all three are kept, or none. */
    async receiveMessage(input: ContactInput): Promise<{ id: string }> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(contacts).values(input).returning({ id: contacts.id });
        await enqueueEmail(tx, contactToShop(email, orderDeskEmail, input));
        await enqueueEmail(tx, contactCopyToSender(email, input));
        return row!.id;
      });
      onQueued?.();
      return { id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

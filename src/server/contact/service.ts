import type { Database } from '../db/client';
import { contacts } from '../db/schema';
import type { ContactInput } from '../../shared/schemas';

export function createContactService(db: Database) {
  return {
    /** Keeps the message for the shop; emailing it to the order desk arrives with the outbox. */
    async receiveMessage(input: ContactInput): Promise<{ id: string }> {
      const [row] = await db.insert(contacts).values(input).returning({ id: contacts.id });
      return { id: row!.id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

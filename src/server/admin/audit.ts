import type { Database } from '../db/client';
import { adminAuditLog } from '../db/schema';

/** The database or a transaction: the entry commits with the change it records. */
export type AuditDb = Pick<Database, 'insert'>;

/** Who did it: the signed-in admin (request.admin.user). */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditRecord {
  /** 'order.fulfil', 'order.cancel', 'product.update', 'contact.handle', … */
  action: string;
  targetType: 'order' | 'product' | 'contact' | 'digest' | 'discount-code' | 'size' | 'quote';
  targetId: string;
  /** One line an owner can read: 'Fulfilled CF-100004 with tracking PX123'. */
  summary: string;
  details?: Record<string, unknown>;
}

/** Writes one line of the admin audit log; pass the transaction of the change itself. */
export async function recordAdminAction(tx: AuditDb, actor: AuditActor, record: AuditRecord): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    summary: record.summary,
    details: record.details ?? {},
  });
}

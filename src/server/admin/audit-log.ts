import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../shared/order-desk';
import type { Database } from '../db/client';
import { adminAuditLog } from '../db/schema';
import { NotFoundError } from '../errors';

export interface AuditLogPage {
  limit: number;
  /** The id of the last entry already shown: the page continues after it. */
  before?: string;
}

/**
 * Reads the admin audit log, newest first. Pages continue after an entry (its time and id) rather
 * than after a time: one change can write several lines with the same time, and none may be skipped.
 */
export function createAuditLog(db: Database) {
  return {
    async list({ limit, before }: AuditLogPage): Promise<AuditEntry[]> {
      let after: SQL | undefined;
      if (before) {
        const cursor = db.select({ createdAt: adminAuditLog.createdAt, id: adminAuditLog.id }).from(adminAuditLog).where(eq(adminAuditLog.id, before));
        if ((await cursor).length === 0) throw new NotFoundError('Audit entry not found');
        // Compared in the database, at its full (microsecond) precision.
        after = sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (${cursor})`;
      }
      const rows = await db
        .select({
          id: adminAuditLog.id,
          actorEmail: adminAuditLog.actorEmail,
          action: adminAuditLog.action,
          targetType: adminAuditLog.targetType,
          targetId: adminAuditLog.targetId,
          summary: adminAuditLog.summary,
          createdAt: adminAuditLog.createdAt,
        })
        .from(adminAuditLog)
        .where(after)
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

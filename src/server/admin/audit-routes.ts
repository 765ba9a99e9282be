import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import type { AuditLog } from './audit-log';

/** GET /api/admin/audit-log?limit=&before=: a page of the log; before is the id of the last entry shown. */
const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 200' })
    .int('limit must be a number from 1 to 200')
    .min(1, 'limit must be a number from 1 to 200')
    .max(200, 'limit must be a number from 1 to 200')
    .default(50),
  before: z.uuid('before must be the id of an audit entry').optional(),
});

/** Who changed what in the shop, for the admins. */
export function auditLogRoutes(app: FastifyInstance, log: AuditLog, requireAdmin: preHandlerAsyncHookHandler): void {
  serve(app, 'auditLog', async (request, reply) => {
    const page = parseInput(auditLogQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return log.list(page);
  }, { preHandler: requireAdmin });
}

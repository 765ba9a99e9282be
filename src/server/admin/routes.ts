import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AuditActor } from './audit';
import { requireSessionUser, type SessionUser, type IdentityProvider } from '../auth/session';
import { ForbiddenError } from '../errors';
import type { AdminService, AdminUserView } from './service';

export const NOT_ADMIN_MESSAGE = "You don't have admin privileges";

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin for the handlers after it. */
    admin?: { user: SessionUser; adminUser: AdminUserView | null };
  }
}

/**
 * The preHandler of every admin route: 401 when signed out, 403 "You don't have admin privileges"
 * for anyone else who is not an admin; an admin's request carries request.admin.
 */
export function createRequireAdmin(identity: IdentityProvider, admins: AdminService): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = await requireSessionUser(identity, request);
    const { isAdmin, adminUser } = await admins.check(user);
    if (!isAdmin) throw new ForbiddenError(NOT_ADMIN_MESSAGE);
    request.admin = { user, adminUser };
  };
}

/** The signed-in admin of a request that passed requireAdmin, as the audit log names them. */
export function adminActor(request: FastifyRequest): AuditActor {
  const { id, email } = request.admin!.user;
  return { id, email };
}

export function adminRoutes(app: FastifyInstance, identity: IdentityProvider, admins: AdminService): void {
  // Answers for any signed-in user (the admin page asks before showing 'Access Denied').
  app.get('/api/admin/check', async (request) => {
    const user = await requireSessionUser(identity, request);
    return admins.check(user);
  });
}

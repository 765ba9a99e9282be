import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';
import { UnauthorizedError } from '../errors';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * The signed-in user of a request, from the session cookie or an `Authorization: Bearer <session
 * token>` header (better-auth's bearer plugin); null when signed out or the session expired.
 */
export async function sessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const { id, email, emailVerified, name } = session.user;
  return { id, email, emailVerified, name };
}

/** The signed-in user, or a 401 'Not authenticated'. */
export async function requireSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(auth, request);
  if (!user) throw new UnauthorizedError('Not authenticated');
  return user;
}

import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';

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

import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { contactInboxQuerySchema, markHandledSchema } from '../../shared/order-desk';
import { NotFoundError } from '../errors';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import type { ContactInbox } from './inbox';

const idParams = z.object({ id: z.string() });
const contactId = z.uuid();

/** The contact inbox of the admin page: the form's messages, and marking them handled. */
export function contactInboxRoutes(app: FastifyInstance, inbox: ContactInbox, requireAdmin: preHandlerAsyncHookHandler): void {
  app.get('/api/admin/contacts', { preHandler: requireAdmin }, async (request, reply) => {
    const { status } = parseInput(contactInboxQuerySchema, request.query);
    // Names, emails and messages of shoppers: never kept by a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    return inbox.list(status);
  });

  serve(app, 'markContactHandled', async (request) => {
    const { id } = parseInput(idParams, request.params);
    // An id that cannot exist is simply not found.
    if (!contactId.safeParse(id).success) throw new NotFoundError('Message not found');
    const { handled } = parseInput(markHandledSchema, request.body);
    const { user } = request.admin!;
    return inbox.markHandled(id, handled, { id: user.id, email: user.email });
  }, { preHandler: requireAdmin });
}

import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { closeQuoteSchema, quoteAnswerSchema, quoteInboxQuerySchema, quoteMessages, quoteReceivedMessage, quoteRequestSchema } from '../../shared/quotes';
import { NotFoundError } from '../errors';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { emailSubject, ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import type { QuoteService } from './service';

const idParams = z.object({ id: z.string() });
const quoteId = z.uuid();
const QUOTE_BODY_LIMIT = 256 * 1024;

/** The id in the address, or not found: an id that cannot exist names no request. */
function requestId(params: unknown): string {
  const { id } = parseInput(idParams, params);
  if (!quoteId.safeParse(id).success) throw new NotFoundError(quoteMessages.notFound);
  return id;
}

/** The shop's quote form, and the order desk's list of requests with their answers. */
export function quoteRoutes(app: FastifyInstance, quotes: QuoteService, limiter: RateLimiter, requireAdmin: preHandlerAsyncHookHandler): void {
  // A full request is 100 lines of up to 400 characters of flag and size: more than the shop's usual 64 KB body.
  app.post('/api/quotes', { bodyLimit: QUOTE_BODY_LIMIT }, async (request, reply) => {
    const input = parseInput(quoteRequestSchema, request.body);
    // Counted once the request is well formed, like the contact form: a typo the form points out costs nothing.
    await limiter.consume([
      [rateRules.quotePerIp, ipSubject(request.ip)],
      [rateRules.quote, emailSubject(input.email)],
    ]);
    const { id, reference } = await quotes.receiveRequest(input);
    return reply.code(201).send({ id, reference, message: quoteReceivedMessage(reference) });
  });

  app.get('/api/admin/quotes', { preHandler: requireAdmin }, async (request, reply) => {
    const { status } = parseInput(quoteInboxQuerySchema, request.query);
    // Names, emails and organisations of shoppers: never kept by a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    return quotes.list(status);
  });

  serve(
    app,
    'answerQuote',
    async (request) => {
      const id = requestId(request.params);
      const { user } = request.admin!;
      return quotes.answer(id, parseInput(quoteAnswerSchema, request.body), { id: user.id, email: user.email });
    },
    { preHandler: requireAdmin },
  );

  serve(
    app,
    'closeQuote',
    async (request) => {
      const id = requestId(request.params);
      const { closed } = parseInput(closeQuoteSchema, request.body);
      const { user } = request.admin!;
      return quotes.close(id, closed, { id: user.id, email: user.email });
    },
    { preHandler: requireAdmin },
  );
}

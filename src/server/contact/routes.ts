import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import type { ContactService } from './service';
import { emailSubject, ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';

export function contactRoutes(app: FastifyInstance, contact: ContactService, limiter: RateLimiter): void {
  app.post('/api/contact', async (request, reply) => {
    const input = parseInput(contactSchema, request.body);
    // Counted once the message is well formed: a typo the form points out costs nothing.
    await limiter.consume([
      [rateRules.contactPerIp, ipSubject(request.ip)],
      [rateRules.contact, emailSubject(input.email)],
    ]);
    const { id } = await contact.receiveMessage(input);
    return reply.code(201).send({ id, message: 'Thank you for your message! We will get back to you soon.' });
  });
}

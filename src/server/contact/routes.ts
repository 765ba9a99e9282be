import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import type { ContactService } from './service';

export function contactRoutes(app: FastifyInstance, contact: ContactService): void {
  app.post('/api/contact', async (request, reply) => {
    const input = parseInput(contactSchema, request.body);
    const { id } = await contact.receiveMessage(input);
    return reply.code(201).send({ id, message: 'Thank you for your message! We will get back to you soon.' });
  });
}

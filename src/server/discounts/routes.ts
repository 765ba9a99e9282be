import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { adminActor } from '../admin/routes';
import { z } from 'zod';
import { parseInput } from '../http/parse';
import { createDiscountCodeSchema, updateDiscountCodeSchema } from '../../shared/discounts';
import type { DiscountService } from './service';

const codeParams = z.object({ id: z.string() });

/** The order desk's discount codes: make one, list them with their uses and revenue, switch one off. */
export async function discountCodeRoutes(app: FastifyInstance, deps: { discounts: DiscountService; requireAdmin: preHandlerAsyncHookHandler }): Promise<void> {
  await app.register(async (desk) => {
    desk.addHook('preHandler', deps.requireAdmin);
    desk.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    desk.get('/api/admin/discount-codes', async () => ({ codes: await deps.discounts.list() }));
    desk.post('/api/admin/discount-codes', async (request, reply) => {
      const code = await deps.discounts.create(adminActor(request), parseInput(createDiscountCodeSchema, request.body));
      return reply.code(201).send(code);
    });
    desk.patch('/api/admin/discount-codes/:id', async (request) => {
      const { id } = parseInput(codeParams, request.params);
      const { active } = parseInput(updateDiscountCodeSchema, request.body);
      return deps.discounts.setActive(adminActor(request), id, active);
    });
  });
}

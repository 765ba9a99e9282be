import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogService, PreparedProductList } from './service';
import { z } from 'zod';
import { serve } from '../http/contract';
import { parseInput } from '../http/parse';

/** A flag's slug or id: an unknown one is simply not found. */
const productParams = z.object({ key: z.string() });

function sendProductList(request: FastifyRequest, reply: FastifyReply, list: PreparedProductList): FastifyReply {
  reply.header('etag', list.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(list.gzip);
  }
  return reply.send(list.json);
}

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  // Not async: once the list is built, the answer is sent without a trip through the promise queue.
  serve(app, 'products', (request, reply) => {
    const ready = catalog.readyProductList();
    if (ready) return sendProductList(request, reply, ready);
    return catalog.productList().then((list) => sendProductList(request, reply, list));
  });

  // Kept ready as JSON with the list, which was read through the contract when it was built.
  serve(app, 'product', async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await catalog.productJson(parseInput(productParams, request.params).key)),
  );
}

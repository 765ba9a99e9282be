import type { FastifyInstance } from 'fastify';
import type { CatalogService } from './service';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  app.get('/api/products', async (request, reply) => {
    const list = await catalog.productList();
    reply.header('etag', list.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(list.gzip);
    }
    return reply.send(list.json);
  });

  app.get<{ Params: { key: string } }>('/api/products/:key', async (request) => {
    return catalog.findProduct(request.params.key);
  });
}

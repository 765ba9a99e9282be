import type { FastifyInstance } from 'fastify';
import { orderNumberParamsSchema } from '../../shared/orders';
import { guestMessages, orderLookUpSchema } from '../../shared/guest-orders';
import { parseInput } from '../http/parse';
import { customerDocumentParams, sendPdf } from '../tax/routes';
import { emailSubject, ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import type { ProfileService } from './service';
import { personal } from './routes';
import type { TaxDocumentService } from '../tax/service';
import { linkedReader, type OrderLinks } from '../orders/order-links';
import type { GuestOrders } from '../orders/guest-orders';

export interface GuestOrderRouteDeps {
  links: Pick<OrderLinks, 'check'>;
  guestOrders: GuestOrders;
  profiles: Pick<ProfileService, 'orderDetail'>;
  documents: Pick<TaxDocumentService, 'customerDocument' | 'customerProForma'>;
  limiter: RateLimiter;
}

/**
 * A guest's order by its signed link (`?key=`): the order's page, its tax documents and its
 * pro-forma invoice, exactly as My Profile shows an account's; and the order look-up. The proof of
 * payment a guest sends is taken beside an account's, in proof-of-payment-routes.ts.
 */
export function guestOrderRoutes(app: FastifyInstance, { links, guestOrders, profiles, documents, limiter }: GuestOrderRouteDeps): void {
  app.get('/api/orders/:orderNumber', async (request, reply) => {
    const { orderNumber } = parseInput(orderNumberParamsSchema, request.params);
    const reader = linkedReader(links, orderNumber, request.query);
    personal(reply);
    return profiles.orderDetail(reader, orderNumber);
  });

  app.get('/api/orders/:orderNumber/documents/:serial', async (request, reply) => {
    const { orderNumber, serial } = parseInput(customerDocumentParams, request.params);
    return sendPdf(reply, await documents.customerDocument(linkedReader(links, orderNumber, request.query), orderNumber, serial));
  });

  app.get('/api/orders/:orderNumber/pro-forma.pdf', async (request, reply) => {
    const { orderNumber } = parseInput(orderNumberParamsSchema, request.params);
    return sendPdf(reply, await documents.customerProForma(linkedReader(links, orderNumber, request.query), orderNumber));
  });

  app.post('/api/orders/find', async (request, reply) => {
    const { orderNumber, email } = parseInput(orderLookUpSchema, request.body);
    await limiter.consume([
      [rateRules.orderLookUps, emailSubject(email)],
      [rateRules.orderLookUpsPerIp, ipSubject(request.ip)],
    ]);
    await guestOrders.lookUp(orderNumber, email);
    return personal(reply).code(202).send({ message: guestMessages.lookUpSent });
  });
}

import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { adminActor } from '../admin/routes';
import { z } from 'zod';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import {
  cancelOrderSchema,
  fulfilOrderSchema,
  orderExportSchema,
  orderNoteSchema,
  orderSearchSchema,
  refundOrderSchema,
} from '../../shared/order-desk';
import { paymentReceivedSchema } from '../../shared/bank-transfer';
import type { OrderDeskService } from './service';

export interface OrderDeskRouteDeps {
  orderDesk: OrderDeskService;
  /** createRequireAdmin(identity, admins): 401 signed out, 403 for anyone but an admin. */
  requireAdmin: preHandlerAsyncHookHandler;
}

const paymentRefundSchema = z.object({
  paymentId: z.string({ error: 'paymentId is required' }).trim().min(1).max(100),
  amount: z.number().int('amount must be whole cents').positive('amount must be more than 0').optional(),
});

/** Any text: the service answers 404 'Order not found' for what is not an order's id. */
const orderParams = z.object({ id: z.string() });

/** The order desk's calls under /api/admin/orders and /api/admin/overview. */
export async function orderDeskRoutes(app: FastifyInstance, { orderDesk, requireAdmin }: OrderDeskRouteDeps): Promise<void> {
  await app.register(async (desk) => {
    // On the scope, so that no route added here can forget it.
    desk.addHook('preHandler', requireAdmin);
    // Customers' names, phones and addresses: no cache on the way may keep them.
    desk.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    desk.get('/api/admin/orders', async (request, reply) => {
      const { orders, total } = await orderDesk.searchOrders(parseInput(orderSearchSchema, request.query));
      return reply.header('x-total-count', String(total)).send(orders);
    });

    desk.get('/api/admin/orders/unfulfilled', async () => orderDesk.unfulfilledOrders());

    desk.get('/api/admin/orders/export.csv', async (request, reply) => {
      const { filename, csv } = await orderDesk.exportOrders(parseInput(orderExportSchema, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    });

    desk.get('/api/admin/orders/:id', async (request) => orderDesk.orderDetail(parseInput(orderParams, request.params).id));

    serve(desk, 'markPaymentReceived', async (request) => {
      const { id } = parseInput(orderParams, request.params);
      return orderDesk.receivePayment(adminActor(request), id, parseInput(paymentReceivedSchema, request.body ?? {}));
    });

    serve(desk, 'fulfilOrder', async (request) => {
      const { id } = parseInput(orderParams, request.params);
      const { trackingNumber } = parseInput(fulfilOrderSchema, request.body ?? {});
      return orderDesk.fulfilOrder(adminActor(request), id, trackingNumber);
    });

    serve(desk, 'bookCourier', async (request) => orderDesk.bookCourier(adminActor(request), parseInput(orderParams, request.params).id));

    desk.get('/api/admin/orders/:id/courier-label', async (request, reply) => {
      const { filename, pdf } = await orderDesk.courierLabel(parseInput(orderParams, request.params).id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    });

    serve(desk, 'markReadyForCollection', async (request) =>
      orderDesk.markReadyForCollection(adminActor(request), parseInput(orderParams, request.params).id),
    );

    serve(desk, 'markCollected', async (request) =>
      orderDesk.markCollected(adminActor(request), parseInput(orderParams, request.params).id),
    );

    serve(desk, 'markDelivered', async (request) =>
      orderDesk.markDelivered(adminActor(request), parseInput(orderParams, request.params).id),
    );

    serve(desk, 'followCourier', async (request) => orderDesk.followCourier(parseInput(orderParams, request.params).id));

    serve(desk, 'settleOversold', async (request) =>
      orderDesk.settleOversold(adminActor(request), parseInput(orderParams, request.params).id),
    );

    serve(desk, 'addOrderNote', async (request) => {
      const { id } = parseInput(orderParams, request.params);
      const { note } = parseInput(orderNoteSchema, request.body ?? {});
      return orderDesk.addNote(adminActor(request), id, note);
    });

    serve(desk, 'cancelOrder', async (request) => {
      const { id } = parseInput(orderParams, request.params);
      return orderDesk.cancelOrder(adminActor(request), id, parseInput(cancelOrderSchema, request.body));
    });

    // 202: the provider took the refund and the payment status follows when it confirms it, or a
    // refund made by hand was recorded.
    serve(desk, 'refundOrder', async (request, reply) => {
      const { id } = parseInput(orderParams, request.params);
      return reply.code(202).send(await orderDesk.refundOrder(adminActor(request), id, parseInput(refundOrderSchema, request.body)));
    });

    // The spec's name for the same refund, by payment id (amount in cents; omitted: all that is left).
    desk.post('/api/payments/yoco/refund', async (request, reply) => {
      const { paymentId, amount } = parseInput(paymentRefundSchema, request.body);
      return reply.code(202).send(await orderDesk.refundPayment(adminActor(request), { paymentId, amountCents: amount }));
    });

    desk.get('/api/admin/overview', async () => orderDesk.overview());
  });
}

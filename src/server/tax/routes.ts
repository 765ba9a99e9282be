import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { requireSessionUser, type IdentityProvider } from '../auth/session';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { orderNumberParamsSchema } from '../../shared/orders';
import { dayPeriodFields } from '../../shared/order-desk';
import { DOCUMENT_SERIAL_PATTERN, type PrintedDocument } from '../../shared/tax-documents';
import { documentPdf } from './attachments';
import { documentsExportFormats, type TaxDocumentService } from './service';

export interface TaxDocumentRouteDeps {
  identity: IdentityProvider;
  documents: TaxDocumentService;
  /** createRequireAdmin(identity, admins): 401 signed out, 403 for anyone but an admin. */
  requireAdmin: preHandlerAsyncHookHandler;
}

const serialSchema = z.string().trim().toUpperCase().regex(DOCUMENT_SERIAL_PATTERN, 'Document serials look like INV-000001 or CN-000001');

export const customerDocumentParams = orderNumberParamsSchema.extend({ serial: serialSchema });
const documentParams = z.object({ serial: serialSchema });

const periodSchema = z.object(dayPeriodFields);
const exportSchema = periodSchema.extend({
  format: z.enum(documentsExportFormats, { error: `The format is one of ${documentsExportFormats.join(', ')}` }).default('register'),
});

/** Names, addresses and VAT numbers: no cache on the way may keep them. */
function personal(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export async function sendPdf(reply: FastifyReply, document: PrintedDocument) {
  const file = await documentPdf(document);
  return personal(reply).type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content);
}

function sendCsv(reply: FastifyReply, { filename, csv }: { filename: string; csv: string }) {
  return personal(reply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
}

/**
 * Tax invoices, credit notes and the pro-forma invoice of an order awaiting its bank transfer as
 * PDFs for their shopper, and the order desk's documents, VAT report and exports.
 */
export async function taxDocumentRoutes(app: FastifyInstance, { identity, documents, requireAdmin }: TaxDocumentRouteDeps): Promise<void> {
  app.get('/api/profile/orders/:orderNumber/documents/:serial', async (request, reply) => {
    const user = await requireSessionUser(identity, request);
    const { orderNumber, serial } = parseInput(customerDocumentParams, request.params);
    return sendPdf(reply, await documents.customerDocument({ userId: user.id }, orderNumber, serial));
  });
  app.get('/api/profile/orders/:orderNumber/pro-forma.pdf', async (request, reply) => {
    const user = await requireSessionUser(identity, request);
    const { orderNumber } = parseInput(orderNumberParamsSchema, request.params);
    return sendPdf(reply, await documents.customerProForma({ userId: user.id }, orderNumber));
  });

  await app.register(async (desk) => {
    desk.addHook('preHandler', requireAdmin);
    serve(desk, 'taxDocuments', async (request, reply) => {
      personal(reply);
      return documents.listDocuments(parseInput(periodSchema, request.query));
    });
    desk.get('/api/admin/documents/export.csv', async (request, reply) => {
      const { format, ...period } = parseInput(exportSchema, request.query);
      return sendCsv(reply, await documents.documentsExport(period, format));
    });
    desk.get('/api/admin/documents/:serial', async (request, reply) =>
      sendPdf(reply, await documents.documentBySerial(parseInput(documentParams, request.params).serial)),
    );
    serve(desk, 'vatReport', async (request, reply) => {
      personal(reply);
      return documents.vatReport(parseInput(periodSchema, request.query));
    });
    desk.get('/api/admin/vat-report.csv', async (request, reply) => sendCsv(reply, await documents.vatReportExport(parseInput(periodSchema, request.query))));
  });
}

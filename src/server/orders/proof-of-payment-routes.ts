import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '../../shared/error-codes';
import { orderNumberParamsSchema } from '../../shared/orders';
import { MAX_PROOF_BYTES, proofMessages, proofUploadQuerySchema } from '../../shared/proof-of-payment';
import { requireSessionUser, type IdentityProvider } from '../auth/session';
import { serve } from '../http/contract';
import { parseInput } from '../http/parse';
import { rawBodyScope } from '../http/raw-body';
import { ipSubject, orderSubject, rateRules, userSubject, type RateLimiter } from '../rate-limit/service';
import { linkedReader, type OrderLinks } from './order-links';
import type { OrderReader } from '../db/order-readers';
import type { ProofsOfPayment } from './proof-of-payment';

export interface ProofOfPaymentRouteDeps {
  identity: IdentityProvider;
  /** Checks the key of a guest's order link. */
  links: Pick<OrderLinks, 'check'>;
  proofs: ProofsOfPayment;
  limiter: RateLimiter;
  /** createRequireAdmin(identity, admins): 401 signed out, 403 for anyone but an admin. */
  requireAdmin: preHandlerAsyncHookHandler;
}

const proofParams = z.object({ id: z.string(), proofId: z.string() });

/** A file the buyer made: nothing in it may run as the shop's page, should a browser try. */
const FILE_POLICY = "default-src 'none'; sandbox";

/**
 * Content-Disposition with the file's name: plain ASCII for old clients, and the name as it is
 * (RFC 6266's filename*) for the rest.
 */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * POST /api/profile/orders/:orderNumber/proof-of-payment, the buyer's upload of a proof of
 * payment (the file itself is the request body, its name in ?name=), and the same for a guest at
 * POST /api/orders/:orderNumber/proof-of-payment?key=…, by the order's link; and GET
 * /api/admin/orders/:id/proofs/:proofId, where the order desk, and only the desk, opens it.
 */
export async function proofOfPaymentRoutes(app: FastifyInstance, { identity, links, proofs, limiter, requireAdmin }: ProofOfPaymentRouteDeps): Promise<void> {
  const uploaders = new WeakMap<FastifyRequest, OrderReader>();

  const receive = async (request: FastifyRequest, reply: FastifyReply) => {
    const { orderNumber } = parseInput(orderNumberParamsSchema, request.params);
    const { name } = parseInput(proofUploadQuerySchema, request.query);
    const bytes = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
    const proofsOfPayment = await proofs.upload(uploaders.get(request)!, orderNumber, { bytes, contentType: request.headers['content-type'] ?? '', name });
    return reply.code(201).header('cache-control', 'no-store').send({ message: proofMessages.uploaded, proofsOfPayment });
  };

  await rawBodyScope(app, (scope) => {
    // Over the limit, Fastify refuses before reading the body; say so in the upload's own words.
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: proofMessages.tooLarge, code: 'proof_refused' satisfies ErrorCode });
      throw error;
    });
    serve(scope, 'uploadProofOfPayment', receive, {
      // Signed in and counted before the body is read: no one else can make the server take in 5 MB, nor anyone often.
      onRequest: async (request) => {
        const user = await requireSessionUser(identity, request);
        await limiter.consume([[rateRules.proofOfPayment, userSubject(user.id)]]);
        uploaders.set(request, { userId: user.id });
      },
      bodyLimit: MAX_PROOF_BYTES,
    });
    serve(scope, 'uploadGuestProofOfPayment', receive, {
      // The same for a guest: the order's link checked, then counted, before the body is read.
      onRequest: async (request) => {
        const { orderNumber } = parseInput(orderNumberParamsSchema, request.params);
        const reader = linkedReader(links, orderNumber, request.query);
        await limiter.consume([
          [rateRules.proofOfPaymentPerOrder, orderSubject(orderNumber)],
          [rateRules.proofOfPaymentPerIp, ipSubject(request.ip)],
        ]);
        uploaders.set(request, reader);
      },
      bodyLimit: MAX_PROOF_BYTES,
    });
  });

  const privately = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  // The buyer's bank details: no cache on the way may keep them, nor any answer of this address, refusals included.
  app.get('/api/admin/orders/:id/proofs/:proofId', { onRequest: privately, preHandler: requireAdmin }, async (request, reply) => {
    const { id, proofId } = parseInput(proofParams, request.params);
    const proof = await proofs.read(id, proofId);
    // A picture opens in the tab; a PDF is saved and opened in the owner's PDF reader, since a
    // sandboxed page cannot show the browser's own PDF viewer.
    const kind = proof.contentType === 'application/pdf' ? 'attachment' : 'inline';
    return reply
      .type(proof.contentType)
      .header('content-disposition', disposition(kind, proof.fileName))
      .header('content-security-policy', FILE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .send(proof.bytes);
  });
}

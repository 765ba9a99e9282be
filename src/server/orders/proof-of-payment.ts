import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { placedOrders, proofsOfPayment } from '../db/schema';
import { ConflictError, DomainError, InvalidInputError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import { enqueueEmail } from '../notify/outbox';
import { layout, type EmailContext } from '../notify/templates';
import type { EmailMessage } from '../lib/outbox-messages';
import { formatRand } from '../../shared/money';
import { paymentMethodView } from '../../shared/payment-methods';
import { weekdayInWords } from '../../shared/profile';
import {
  acceptedProofType,
  formatFileSize,
  MAX_PROOF_BYTES,
  MAX_PROOFS_PER_ORDER,
  proofMessages,
  proofTypeOf,
  type ProofOfPayment,
  type ProofType,
} from '../../shared/proof-of-payment';
import { lockedOrder, record, type OrderRow } from './transitions';
import { readableBy, type OrderReader } from '../db/order-readers';

/** A refused file: 413 too large, 415 not a PDF or picture, or not the one it says it is. */
class ProofRefusedError extends DomainError {
  constructor(message: string, status: 413 | 415) {
    super(message, status, 'proof_refused');
  }
}

interface ProofUpload {
  bytes: Buffer;
  /** The Content-Type the upload declared, which the bytes must bear out. */
  contentType: string;
  /** The file's name on the buyer's device, if the browser gave it. */
  name?: string;
}

/** A proof as the order desk downloads it. */
interface StoredProof {
  bytes: Buffer;
  contentType: ProofType;
  fileName: string;
}

const EXTENSIONS: Record<ProofType, readonly [string, ...string[]]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};

/**
 * The buyer's name for the file as the desk shows and saves it: the last part of a path only,
 * without the invisible characters that can turn a name round on screen (U+202E makes
 * 'slip\u202Egnp.exe' read as 'slipexe.png'), and ending in what the file really is, so that a
 * PDF named slip.html opens as a PDF on the owner's computer.
 */
function proofFileName(name: string | undefined, type: ProofType, orderNumber: string): string {
  const base = (name ?? '').split(/[/\\]/).at(-1)!.replace(/\p{Cf}/gu, '').trim().replace(/^\.+/, '');
  const stem = base || `proof-of-payment-${orderNumber}`;
  const extensions = EXTENSIONS[type];
  return extensions.some((extension) => stem.toLowerCase().endsWith(`.${extension}`)) ? stem : `${stem}.${extensions[0]}`;
}

/** What the upload is, read from its bytes; refused unless it is the PDF or picture it declares. */
function checkedType({ bytes, contentType }: ProofUpload): ProofType {
  if (bytes.length === 0) throw new InvalidInputError(proofMessages.empty);
  if (bytes.length > MAX_PROOF_BYTES) throw new ProofRefusedError(proofMessages.tooLarge, 413);
  const declared = acceptedProofType(contentType);
  if (!declared) throw new ProofRefusedError(proofMessages.wrongType, 415);
  if (proofTypeOf(bytes.subarray(0, 12)) !== declared) throw new ProofRefusedError(proofMessages.notWhatItSays(declared), 415);
  return declared;
}

/** The account that sent a proof; a guest, by the order's link, has none. */
function uploaderOf(reader: OrderReader): string | null {
  return 'userId' in reader ? reader.userId : null;
}

/** A proof is for an order placed to be paid by bank transfer whose money has not reflected yet. */
function assertAwaitingTransfer(order: OrderRow): void {
  const { orderNumber } = order;
  if (order.state === 'cancelled') throw new ConflictError(`Order ${orderNumber} is cancelled: no payment or proof is needed.`);
  if (order.state !== 'pending' || order.paymentStatus !== 'pending') throw new ConflictError(`Order ${orderNumber} is paid already: no proof is needed.`);
  if (order.paymentMethod !== 'eft') throw new ConflictError(`Order ${orderNumber} is paid ${paymentMethodView(order.paymentMethod).pays}: no proof of a bank transfer is needed.`);
}

/**
 * The shop's notice of a new proof: who, which order, and a link to it on the order desk. The file
 * is not attached: a proof shows the buyer's bank details, which stay out of mailboxes (POPIA).
 */
function proofToShopMessage(ctx: EmailContext, to: string, order: OrderRow, proof: { fileName: string; sizeBytes: number }): EmailMessage {
  const rows: [string, string][] = [
    ['Order', order.orderNumber],
    ['Total to pay', formatRand(order.totalAmount)],
  ];
  if (order.paymentDueOn) rows.push(['Pay by', weekdayInWords(order.paymentDueOn)]);
  rows.push(['File', `${proof.fileName} (${formatFileSize(proof.sizeBytes)})`]);
  return {
    to,
    replyTo: order.customerEmail,
    subject: `Proof of payment for ${order.orderNumber} from ${order.customerName}`,
    ...layout(ctx, `Proof of payment for ${order.orderNumber}`, [
      { kind: 'paragraph', text: `${order.customerName} sent a proof of payment for order ${order.orderNumber}.` },
      { kind: 'details', rows },
      {
        kind: 'paragraph',
        text: 'The file is not attached to this email, to keep bank details out of mailboxes: open it on the order desk. A proof of payment can be forged, so mark the order paid only once the money reflects in the bank account.',
      },
      { kind: 'link', text: `Open order ${order.orderNumber} on the order desk`, url: `${ctx.publicUrl}/admin?order=${order.id}` },
    ]),
  };
}

/** The proofs of payment an order has, oldest first, without their bytes. */
export async function proofsOf(db: Pick<Database, 'select'>, orderId: string): Promise<ProofOfPayment[]> {
  const rows = await db
    .select({ id: proofsOfPayment.id, fileName: proofsOfPayment.fileName, sizeBytes: proofsOfPayment.byteSize, uploadedAt: proofsOfPayment.uploadedAt })
    .from(proofsOfPayment)
    .where(eq(proofsOfPayment.orderId, orderId))
    .orderBy(asc(proofsOfPayment.uploadedAt), asc(proofsOfPayment.id));
  return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() }));
}

interface ProofOfPaymentDeps {
  db: Database;
  email: EmailContext;
  /** Where the shop hears of a new proof (ORDER_DESK_EMAIL, else the shop's email). */
  orderDeskEmail: string;
  /** Called after a commit that queued email, so the outbox worker sends it now. */
  onQueued?: () => void;
}

export function createProofsOfPayment({ db, email, orderDeskEmail, onQueued }: ProofOfPaymentDeps) {
  return {
    /**
     * Keeps a proof of payment the buyer sent for their own order awaiting a bank transfer (signed
     * in, or a guest by the order's link), with a line on the order's timeline and an email to the
     * shop, all in one transaction. The order's row is locked, so that two uploads at once cannot
     * both be the last one allowed.
     */
    async upload(reader: OrderReader, orderNumber: string, upload: ProofUpload): Promise<ProofOfPayment[]> {
      const [own] = await db
        .select({ id: placedOrders.id })
        .from(placedOrders)
        .where(and(eq(placedOrders.orderNumber, orderNumber), readableBy(reader)));
      if (!own) throw new NotFoundError('Order not found');
      const proofs = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id: own.id });
        if (!order) throw new NotFoundError('Order not found');
        assertAwaitingTransfer(order);
        const contentType = checkedType(upload);
        const [kept] = await tx.select({ count: count() }).from(proofsOfPayment).where(eq(proofsOfPayment.orderId, order.id));
        if ((kept?.count ?? 0) >= MAX_PROOFS_PER_ORDER) throw new ConflictError(proofMessages.tooMany);
        const fileName = proofFileName(upload.name, contentType, order.orderNumber);
        const sizeBytes = upload.bytes.length;
        const [stored] = await tx
          .insert(proofsOfPayment)
          .values({ orderId: order.id, contentType, bytes: upload.bytes, byteSize: sizeBytes, fileName, uploadedBy: uploaderOf(reader) })
          .returning({ id: proofsOfPayment.id });
        await record(tx, order, 'proof_of_payment', {
          event: { note: `Proof of payment uploaded: ${fileName}`, details: { proofId: stored!.id, fileName, sizeBytes } },
        });
        await enqueueEmail(tx, proofToShopMessage(email, orderDeskEmail, order, { fileName, sizeBytes }));
        return proofsOf(tx, order.id);
      });
      onQueued?.();
      return proofs;
    },

    /** One of an order's proofs, to open on the order desk; malformed ids name none either. */
    async read(orderId: string, proofId: string): Promise<StoredProof> {
      const [proof] =
        isUuid(orderId) && isUuid(proofId)
          ? await db
              .select({ bytes: proofsOfPayment.bytes, contentType: proofsOfPayment.contentType, fileName: proofsOfPayment.fileName })
              .from(proofsOfPayment)
              .where(and(eq(proofsOfPayment.id, proofId), eq(proofsOfPayment.orderId, orderId)))
          : [];
      if (!proof) throw new NotFoundError('Proof of payment not found');
      return proof;
    },
  };
}

export type ProofsOfPayment = ReturnType<typeof createProofsOfPayment>;

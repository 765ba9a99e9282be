import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, productSizes, quoteRequests } from '../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { enqueueEmail } from '../notify/outbox';
import type { EmailContext } from '../notify/templates';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { countryName } from '../../shared/product';
import { formatRand } from '../../shared/money';
import {
  quoteMessages,
  quoteReference,
  quoteTotalCents,
  type QuoteAnswer,
  type QuoteFilter,
  type QuoteLine,
  type QuoteRequest,
  type QuoteRequestView,
  type quoteAnswerSchema,
} from '../../shared/quotes';
import type { z } from 'zod';
import { quoteAnswerEmail, quoteRequestCopy, quoteRequestToShop, type QuoteForEmail } from './emails';

type QuoteRow = typeof quoteRequests.$inferSelect;

export interface QuoteServiceOptions {
  email: EmailContext;
  /** Where the shop reads quote requests (ORDER_DESK_EMAIL, else the shop's email). */
  orderDeskEmail: string;
  /** Called after a commit that queued email, so the outbox worker sends it now. */
  onQueued?: () => void;
}

/** The newest this many per list: the desk's list is work to do, the database is the archive. */
const SHOWN = 500;

const filters: Record<QuoteFilter, SQL | undefined> = {
  open: eq(quoteRequests.status, 'open'),
  answered: eq(quoteRequests.status, 'answered'),
  closed: eq(quoteRequests.status, 'closed'),
  all: undefined,
};

function forEmail(row: QuoteRow): QuoteForEmail {
  return { ...row, reference: quoteReference(row.number) };
}

function view(row: QuoteRow): QuoteRequestView {
  return {
    id: row.id,
    reference: quoteReference(row.number),
    name: row.name,
    email: row.email,
    phone: row.phone,
    organisation: row.organisation,
    vatNumber: row.vatNumber,
    deliveryArea: row.deliveryArea,
    neededBy: row.neededBy,
    notes: row.notes,
    lines: row.lines,
    status: row.status,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: row.answeredBy,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The request's lines in words: a listed flag and size are named from the catalogue (with the
 * size's SKU), a described one as the shopper wrote it. A listed flag that is gone, or a size of
 * another flag, is refused rather than kept under a wrong name.
 */
async function linesOf(db: Pick<Database, 'select'>, input: QuoteRequest['lines']): Promise<QuoteLine[]> {
  const productIds = [...new Set(input.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const sizeIds = [...new Set(input.flatMap((line) => (line.sizeId ? [line.sizeId] : [])))];
  const flags = productIds.length
    ? new Map((await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))).map((p) => [p.id, p.name]))
    : new Map<string, string>();
  const sizes = sizeIds.length
    ? new Map(
        (await db.select({ id: productSizes.id, productId: productSizes.productId, label: productSizes.label, sku: productSizes.sku }).from(productSizes).where(inArray(productSizes.id, sizeIds))).map(
          (s) => [s.id, s],
        ),
      )
    : new Map<string, { productId: string; label: string; sku: string }>();
  return input.map((line) => {
    const flagName = line.productId ? flags.get(line.productId) : undefined;
    if (line.productId && flagName === undefined) throw new NotFoundError('One of the flags chosen is no longer in the shop. Please choose it again.');
    const size = line.sizeId ? sizes.get(line.sizeId) : undefined;
    if (line.sizeId && size?.productId !== line.productId) throw new NotFoundError('This flag is not sold in that size');
    return {
      productId: line.productId ?? null,
      sizeId: line.sizeId ?? null,
      sku: size?.sku ?? null,
      flag: flagName !== undefined ? countryName(flagName) : line.flag!,
      size: size?.label ?? line.size!,
      quantity: line.quantity,
    };
  });
}

/** Quote requests: taken from the shop's form, answered with a price from the order desk. */
export function createQuoteService(db: Database, { email, orderDeskEmail, onQueued }: QuoteServiceOptions) {
  /** The request, locked for this transaction's change; unknown ids are not found. */
  async function lockedRequest(tx: Pick<Database, 'select'>, id: string): Promise<QuoteRow> {
    const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update');
    if (!row) throw new NotFoundError(quoteMessages.notFound);
    return row;
  }

  return {
    /** Keeps the request and queues its two emails in one transaction: all three are kept, or none. */
    async receiveRequest(input: QuoteRequest): Promise<{ id: string; reference: string }> {
      const lines = await linesOf(db, input.lines);
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(quoteRequests)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            organisation: input.organisation ?? null,
            vatNumber: input.vatNumber ?? null,
            deliveryArea: input.deliveryArea,
            neededBy: input.neededBy ?? null,
            notes: input.notes ?? null,
            lines,
          })
          .returning();
        await enqueueEmail(tx, quoteRequestToShop(email, orderDeskEmail, forEmail(saved!)));
        await enqueueEmail(tx, quoteRequestCopy(email, forEmail(saved!)));
        return saved!;
      });
      onQueued?.();
      return { id: row.id, reference: quoteReference(row.number) };
    },

    /** Newest first. */
    async list(status: QuoteFilter): Promise<QuoteRequestView[]> {
      const rows = await db.select().from(quoteRequests).where(filters[status]).orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id)).limit(SHOWN);
      return rows.map(view);
    },

    /**
     * Sends the shopper a price: one per flag for each line, delivery and how long it holds. A
     * second answer is a revised quote, sent and recorded the same way; a closed request is reopened first.
     */
    async answer(id: string, input: z.output<typeof quoteAnswerSchema>, actor: AuditActor): Promise<QuoteRequestView> {
      const saved = await db.transaction(async (tx) => {
        const current = await lockedRequest(tx, id);
        if (current.status === 'closed') throw new ConflictError(quoteMessages.closed);
        if (input.unitPricesCents.length !== current.lines.length) {
          throw new InvalidInputError(`${quoteMessages.lineCount}: this request has ${current.lines.length}`);
        }
        const answer: QuoteAnswer = {
          unitPricesCents: input.unitPricesCents,
          deliveryCents: input.deliveryCents,
          totalCents: quoteTotalCents(current.lines, input.unitPricesCents, input.deliveryCents),
          validUntil: input.validUntil,
          message: input.message ?? null,
        };
        const revised = current.answer !== null;
        const [row] = await tx
          .update(quoteRequests)
          .set({ status: 'answered', answer, answeredAt: sql`now()`, answeredBy: actor.email })
          .where(eq(quoteRequests.id, id))
          .returning();
        await enqueueEmail(tx, quoteAnswerEmail(email, forEmail(row!), answer, revised));
        const reference = quoteReference(row!.number);
        await recordAdminAction(tx, actor, {
          action: 'quote.answer',
          targetType: 'quote',
          targetId: id,
          summary: `Sent ${revised ? 'a revised quote' : 'the quote'} ${reference} to ${row!.name} (${row!.email}): ${formatRand(answer.totalCents)}, valid until ${answer.validUntil}`,
          details: { ...answer },
        });
        return row!;
      });
      onQueued?.();
      return view(saved);
    },

    /**
     * Closes a request (answered elsewhere, declined, or not a real one) or reopens it, with a line in
     * the audit log. Asking for what is already so changes nothing and logs nothing.
     */
    async close(id: string, closed: boolean, actor: AuditActor): Promise<QuoteRequestView> {
      return db.transaction(async (tx) => {
        const current = await lockedRequest(tx, id);
        if ((current.status === 'closed') === closed) return view(current);
        const [row] = await tx
          .update(quoteRequests)
          .set(closed ? { status: 'closed', closedAt: sql`now()`, closedBy: actor.email } : { status: current.answer ? 'answered' : 'open', closedAt: null, closedBy: null })
          .where(eq(quoteRequests.id, id))
          .returning();
        const reference = quoteReference(row!.number);
        await recordAdminAction(tx, actor, {
          action: closed ? 'quote.close' : 'quote.reopen',
          targetType: 'quote',
          targetId: id,
          summary: `${closed ? 'Closed' : 'Reopened'} the quote request ${reference} from ${row!.name} (${row!.email})`,
        });
        return view(row!);
      });
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

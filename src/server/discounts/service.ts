import { and, asc, count, eq, min, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { checkouts, discountCodes, discountCodeUses, placedOrders } from '../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { formatRand } from '../../shared/money';
import { todayInSouthAfrica } from '../../shared/profile';
import { discountMessages, discountOffText, discountOffTextFor, type CreateDiscountCodeInput, type DiscountCodeView } from '../../shared/discounts';
import { discountCents } from '../../shared/pricing';
import { heldByEarlierPageMessage, type DiscountPreview } from '../../shared/checkout';
import { dayInWords } from '../../shared/profile';
import type { OversoldMark } from '../../shared/order-desk';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type CodeRow = typeof discountCodes.$inferSelect;
type Reader = Pick<Database, 'select'>;

const CODE_NOT_FOUND = 'Discount code not found';

/** A checkout ended unpaid, or its shopper started a newer one: its use of a code is free again. */
export async function giveDiscountBack(tx: Pick<Database, 'delete'>, checkoutId: string): Promise<void> {
  await tx.delete(discountCodeUses).where(eq(discountCodeUses.checkoutId, checkoutId));
}

/**
 * Whose use of a code it is, for its uses per customer: an account, or a guest counted by the
 * email address given (lower-cased).
 */
export type CodeCustomer = { userId: string } | { guestEmail: string };

/** The customer of a checkout; null for one whose account has since been deleted. */
export function codeCustomerOf(checkout: { userId: string | null; guest: boolean; snapshot: { customer: { email: string } } }): CodeCustomer | null {
  if (checkout.guest) return { guestEmail: checkout.snapshot.customer.email.toLowerCase() };
  return checkout.userId === null ? null : { userId: checkout.userId };
}

/** The uses of this customer, as a condition on discount_code_uses. */
function usesBy(customer: CodeCustomer | null): SQL {
  if (customer === null) return sql`false`;
  return 'userId' in customer ? eq(discountCodeUses.userId, customer.userId) : eq(discountCodeUses.guestEmail, customer.guestEmail);
}

/** The columns of a use that say whose it is. */
function customerColumns(customer: CodeCustomer | null): { userId: string | null; guestEmail: string | null } {
  if (customer === null) return { userId: null, guestEmail: null };
  return 'userId' in customer ? { userId: customer.userId, guestEmail: null } : { userId: null, guestEmail: customer.guestEmail };
}

/** The code's uses, and the shopper's; `setAsideOwnUnpaid` leaves out the shopper's own uses held by pages not paid yet. */
async function usesOf(tx: Reader, codeId: string, customer: CodeCustomer | null, setAsideOwnUnpaid = false): Promise<{ all: number; mine: number }> {
  const mine = usesBy(customer);
  const counted = setAsideOwnUnpaid ? sql`NOT (${mine} AND ${checkouts.status} <> 'paid')` : sql`true`;
  const [row] = await tx
    .select({
      all: sql<number>`count(*) FILTER (WHERE ${counted})::int`,
      mine: sql<number>`count(*) FILTER (WHERE ${mine} AND ${counted})::int`,
    })
    .from(discountCodeUses)
    .innerJoin(checkouts, eq(checkouts.id, discountCodeUses.checkoutId))
    .where(eq(discountCodeUses.codeId, codeId));
  return { all: Number(row?.all ?? 0), mine: Number(row?.mine ?? 0) };
}

/**
 * A checkout paid after its use was given back (its payment page outlived the shop's hour): the
 * order has the discount, so it counts as a use again. Returns the mark for the order desk when
 * that puts the code over one of its limits.
 */
export async function retakeDiscountUse(
  tx: Transaction,
  checkoutId: string,
  customer: CodeCustomer | null,
  discount: { codeId: string; discountCents: number },
): Promise<OversoldMark | null> {
  if (discount.discountCents === 0) return null;
  // Under the code's row lock, as a checkout claims a use: the count below is the code's own.
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, discount.codeId)).for('update');
  const [retaken] = await tx
    .insert(discountCodeUses)
    .values({ checkoutId, codeId: discount.codeId, ...customerColumns(customer), discountCents: discount.discountCents })
    .onConflictDoNothing()
    .returning({ checkoutId: discountCodeUses.checkoutId });
  if (!retaken || !code) return null;
  const uses = await usesOf(tx, code.id, customer);
  if (code.totalUses !== null && uses.all > code.totalUses) return { kind: 'discount', code: code.code, limit: 'total', uses: uses.all, allowed: code.totalUses };
  if (customer !== null && uses.mine > code.usesPerCustomer) return { kind: 'discount', code: code.code, limit: 'per_customer', uses: uses.mine, allowed: code.usesPerCustomer };
  return null;
}

/**
 * The shopper's own use of the code held by a payment page that can still be paid: said in words,
 * with when it comes free, instead of 'already used' for a code they have not paid with.
 */
async function heldByOwnPage(tx: Reader, codeId: string, customer: CodeCustomer): Promise<string | null> {
  const [held] = await tx
    .select({ until: min(checkouts.expiresAt) })
    .from(discountCodeUses)
    .innerJoin(checkouts, eq(checkouts.id, discountCodeUses.checkoutId))
    .where(and(eq(discountCodeUses.codeId, codeId), usesBy(customer), ne(checkouts.status, 'paid')));
  return held?.until ? heldByEarlierPageMessage('this discount code', held.until) : null;
}

interface CodeRequest {
  code: string;
  /** Null: a guest who has not typed an email yet, whose own uses are counted at Pay. */
  customer: CodeCustomer | null;
  /** The flags in the cart: what the minimum spend is compared with. */
  subtotalCents: number;
  /** What the code may take off: the flags less those at a quantity price, unless codes take off those too (codeSubtotalCents). */
  codeSubtotalCents: number;
  deliveryFeeCents: number;
  /**
   * The shopper's next checkout closes their earlier payment pages (the payment provider can), and
   * so frees the uses those pages hold: the preview leaves them out, as the checkout will.
   */
  ownPagesClose?: boolean;
}

export interface AppliedDiscount {
  codeId: string;
  code: string;
  discountCents: number;
}

/**
 * Discount codes: the order desk makes them; a checkout takes one use of a code inside its own
 * transaction, with the code's row locked, so that the last use goes to one shopper only; a
 * checkout that ends unpaid gives its use back.
 */
export function createDiscountService(db: Database, now: () => Date = () => new Date()) {
  /** What the code takes off for this shopper now; refuses in the shopper's words. */
  async function assess(tx: Reader, row: CodeRow | undefined, input: CodeRequest): Promise<AppliedDiscount> {
    if (!row) throw new InvalidInputError(discountMessages.unknown, 'discount_refused');
    if (!row.active) throw new InvalidInputError(discountMessages.switchedOff, 'discount_refused');
    const today = todayInSouthAfrica(now());
    if (row.startsOn && today < row.startsOn) throw new InvalidInputError(discountMessages.notYet(dayInWords(row.startsOn)), 'discount_refused');
    if (row.endsOn && today > row.endsOn) throw new InvalidInputError(discountMessages.expired, 'discount_refused');
    if (input.subtotalCents < row.minimumSpendCents) {
      throw new InvalidInputError(discountMessages.minimumSpendNotMet(row.minimumSpendCents), 'discount_refused');
    }
    const uses = await usesOf(tx, row.id, input.customer, input.ownPagesClose);
    if (uses.mine >= row.usesPerCustomer) throw new InvalidInputError((input.customer && (await heldByOwnPage(tx, row.id, input.customer))) ?? discountMessages.alreadyUsed, 'discount_refused');
    if (row.totalUses !== null && uses.all >= row.totalUses) throw new InvalidInputError(discountMessages.usedUp, 'discount_refused');
    if (input.codeSubtotalCents === 0 && !row.includesDelivery) throw new InvalidInputError(discountMessages.onlyQuantityPrices, 'discount_refused');
    return { codeId: row.id, code: row.code, discountCents: discountCents(row, input.codeSubtotalCents, input.deliveryFeeCents) };
  }

  const byCode = (code: string) => eq(discountCodes.code, code.trim().toUpperCase());

  return {
    /** What the code would take off the cart now, for the checkout's summary; nothing is held. */
    async preview(input: CodeRequest): Promise<DiscountPreview> {
      const [row] = await db.select().from(discountCodes).where(byCode(input.code));
      const applied = await assess(db, row, input);
      return { code: applied.code, discountCents: applied.discountCents, description: discountOffTextFor(row!, input.codeSubtotalCents, input.deliveryFeeCents) };
    },

    /**
     * What the code takes off this shopper's order, with the code's row locked until the
     * checkout's transaction ends: the use is held by holdUse once the checkout row is written,
     * and no other checkout counts the uses in between.
     */
    async claimUse(tx: Transaction, input: CodeRequest): Promise<AppliedDiscount> {
      const [row] = await tx.select().from(discountCodes).where(byCode(input.code)).for('update');
      return assess(tx, row, input);
    },

    /** Holds one use of a claimed code for the new checkout, in the same transaction. */
    async holdUse(tx: Transaction, applied: AppliedDiscount, use: { checkoutId: string; customer: CodeCustomer }): Promise<void> {
      if (applied.discountCents === 0) return;
      await tx.insert(discountCodeUses).values({ checkoutId: use.checkoutId, ...customerColumns(use.customer), codeId: applied.codeId, discountCents: applied.discountCents });
    },

    async create(actor: AuditActor, input: CreateDiscountCodeInput): Promise<DiscountCodeView> {
      const today = todayInSouthAfrica(now());
      if (input.endsOn && input.endsOn < today) throw new InvalidInputError(discountMessages.endedAlready(input.endsOn, today));
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(discountCodes)
            .values({
              ...input,
              percent: input.kind === 'percent' ? input.percent! : null,
              amountCents: input.kind === 'amount' ? input.amountCents! : null,
            })
            .returning();
          const limits = [
            row!.minimumSpendCents > 0 ? `from ${formatRand(row!.minimumSpendCents)}` : '',
            row!.startsOn ? `from ${row!.startsOn}` : '',
            row!.endsOn ? `until ${row!.endsOn}` : '',
            row!.totalUses !== null ? `${row!.totalUses} uses` : 'no limit on uses',
            `${row!.usesPerCustomer} per customer`,
          ].filter(Boolean);
          await recordAdminAction(tx, actor, {
            action: 'discount-code.create',
            targetType: 'discount-code',
            targetId: row!.id,
            summary: `Made discount code ${row!.code}: ${discountOffText(row!)}, ${limits.join(', ')}`,
            details: { ...input },
          });
          return toView(row!, { uses: 0, orders: 0, revenueCents: 0 });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(discountMessages.taken(input.code));
        throw err;
      }
    },

    async setActive(actor: AuditActor, id: string, active: boolean): Promise<DiscountCodeView> {
      if (!isUuid(id)) throw new NotFoundError(CODE_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [row] = await tx.update(discountCodes).set({ active, updatedAt: sql`now()` }).where(eq(discountCodes.id, id)).returning();
        if (!row) throw new NotFoundError(CODE_NOT_FOUND);
        await recordAdminAction(tx, actor, {
          action: active ? 'discount-code.switch-on' : 'discount-code.switch-off',
          targetType: 'discount-code',
          targetId: id,
          summary: `${active ? 'Switched on' : 'Switched off'} discount code ${row.code}`,
          details: { active },
        });
        return (await list(tx)).find((code) => code.id === id)!;
      });
    },

    list: () => list(db),
  };
}

async function list(db: Pick<Database, 'select'>): Promise<DiscountCodeView[]> {
  const rows = await db.select().from(discountCodes).orderBy(asc(discountCodes.code));
  const uses = await db.select({ codeId: discountCodeUses.codeId, uses: count() }).from(discountCodeUses).groupBy(discountCodeUses.codeId);
  const paid = await db
    .select({ codeId: discountCodeUses.codeId, orders: count(), revenueCents: sum(placedOrders.totalAmount) })
    .from(discountCodeUses)
    .innerJoin(placedOrders, and(eq(placedOrders.checkoutId, discountCodeUses.checkoutId)))
    .groupBy(discountCodeUses.codeId);
  const usesOf = new Map(uses.map((row) => [row.codeId, Number(row.uses)]));
  const paidOf = new Map(paid.map((row) => [row.codeId, { orders: Number(row.orders), revenueCents: Number(row.revenueCents ?? 0) }]));
  return rows.map((row) => toView(row, { uses: usesOf.get(row.id) ?? 0, ...(paidOf.get(row.id) ?? { orders: 0, revenueCents: 0 }) }));
}

function toView(row: CodeRow, figures: { uses: number; orders: number; revenueCents: number }): DiscountCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amountCents,
    minimumSpendCents: row.minimumSpendCents,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    totalUses: row.totalUses,
    usesPerCustomer: row.usesPerCustomer,
    includesDelivery: row.includesDelivery,
    active: row.active,
    ...figures,
    createdAt: row.createdAt.toISOString(),
  };
}

export type DiscountService = ReturnType<typeof createDiscountService>;

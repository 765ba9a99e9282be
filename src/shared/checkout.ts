import { z } from 'zod';
import { cartSessionIdSchema, emailSchema, optionalText, optionalVatNumber } from './schemas';
import { normalisePhone } from './profile';
import type { OrderLine } from './orders';
import { formatRandCompact } from './money';
import { FULL_TAX_INVOICE_ABOVE_CENTS, INVOICE_ADDRESS_MAX_LENGTH, INVOICE_ADDRESS_MAX_LINES, INVOICE_COMPANY_MAX_LENGTH, invoiceAddressLines } from './tax-documents';
import { courierAddressSchema, courierServiceLevelCodes, deliveryMethods, type CourierAddress, type CourierServiceLevel } from './delivery';
import { discountCodeText, discountMessages } from './discounts';

/** A code at checkout: blank is no code. */
const optionalDiscountCode = discountCodeText.transform((code) => code || undefined).optional();

/** The checkout's texts, as the spec words them (sections 5 and 8). */
export const checkoutMessages = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  deliveryMethod: 'Please select a delivery speed option',
  pickupPointRequired: 'PAXI Point Required: Please select a PAXI collection point to continue.',
  emailVerificationRequired: 'Email Verification Required: Please verify your email address before completing your purchase.',
  cartEmpty: 'Cart is empty',
  cartEmptyDetail: 'Please add items to your cart before checkout.',
  paymentNotFound: 'Payment not found. The checkout may have expired or the payment ID is invalid.',
  vatNumber: 'A South African VAT number is 10 digits starting with 4',
  courierService: 'Please choose a courier service',
  billingAddressRequired: `Orders over ${formatRandCompact(FULL_TAX_INVOICE_ABOVE_CENTS)} get a full tax invoice, which needs your address: please enter it`,
} as const;

const timeOfDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Johannesburg', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * What a shopper is told when their own earlier payment page still holds what the new checkout
 * needs (a provider that cannot close pages keeps them payable until they expire).
 */
export function heldByEarlierPageMessage(what: string, until: Date): string {
  const time = timeOfDay.format(until);
  return `Your earlier payment page still holds ${what} until ${time}. Pay on that page, or try again after ${time}.`;
}


/** The buyer's address on the invoice: a few lines, as on an envelope; blank lines and the spaces around each are dropped. */
const invoiceAddress = z
  .string({ error: 'Address must be text' })
  .transform((value) => invoiceAddressLines(value).join('\n'))
  .pipe(
    z
      .string()
      .max(INVOICE_ADDRESS_MAX_LENGTH, `Address is at most ${INVOICE_ADDRESS_MAX_LENGTH} characters`)
      .refine((value) => value.split('\n').length <= INVOICE_ADDRESS_MAX_LINES, `Address is at most ${INVOICE_ADDRESS_MAX_LINES} lines`),
  )
  .transform((value) => value || undefined)
  .optional();

const name = (message: string) => z.string({ error: message }).trim().min(2, message).max(50, 'Names are at most 50 characters');

/** The shopper's details at checkout: phone in 0… or +27… form, kept as E.164. */
export const customerInfoSchema = z.object({
  firstName: name(checkoutMessages.firstName),
  lastName: name(checkoutMessages.lastName),
  email: emailSchema(checkoutMessages.email),
  phone: z
    .string({ error: checkoutMessages.phone })
    .trim()
    .min(10, checkoutMessages.phone)
    .max(20, checkoutMessages.phone)
    .transform((value, ctx) => {
      const phone = normalisePhone(value);
      if (!phone) ctx.addIssue({ code: 'custom', message: checkoutMessages.phone });
      return phone ?? value;
    }),
  // For the tax invoice, all optional: a company buying, its VAT number, and an address (needed above R5,000).
  company: optionalText('Company name', INVOICE_COMPANY_MAX_LENGTH),
  vatNumber: optionalVatNumber(checkoutMessages.vatNumber),
  billingAddress: invoiceAddress,
});
export type CustomerInfo = z.output<typeof customerInfoSchema>;

const paxiSpeedSchema = z.enum(['paxi-standard', 'paxi-express'], { error: checkoutMessages.deliveryMethod });

const paxiPointSchema = z.object(
  {
    id: z.string({ error: checkoutMessages.pickupPointRequired }).trim().min(1, checkoutMessages.pickupPointRequired).max(40),
    name: z.string().max(200).optional(),
    address: z.string().max(500).optional(),
  },
  { error: checkoutMessages.pickupPointRequired },
);

const courierChoiceSchema = z.object(
  {
    serviceLevel: z.enum(courierServiceLevelCodes as [CourierServiceLevel, ...CourierServiceLevel[]], { error: checkoutMessages.courierService }),
    address: courierAddressSchema,
    /** Also keep the address in the shopper's address book. */
    saveAddress: z.boolean({ error: 'saveAddress must be true or false' }).default(false),
  },
  { error: checkoutMessages.courierService },
);

/**
 * POST /api/payments/yoco/create-checkout, in the spec's shape. The server reads only what it
 * cannot know (who, which speed, which point) and the browser's total, which it compares with its
 * own; prices, fee and items come from the cart and the catalogue.
 */
export const createCheckoutSchema = z.object({
  /** How the shopper pays (PAYMENT_PROVIDERS); the first way the shop offers when left out. */
  paymentMethod: z.string({ error: 'paymentMethod must be the name of a way to pay' }).trim().min(1, 'paymentMethod must be the name of a way to pay').max(40, 'paymentMethod must be the name of a way to pay').optional(),
  amount: z.number({ error: 'amount must be the total in cents' }).int('amount must be whole cents').positive(),
  currency: z.literal('ZAR', { error: 'Only ZAR is accepted' }).default('ZAR'),
  /** A guest's cart (CHECKOUT_ACCOUNTS=optional), read only when no one is signed in. */
  cartSessionId: cartSessionIdSchema.optional(),
  description: z.string().max(500).optional(),
  customerEmail: z.string().max(255).optional(),
  customerPhone: z.string().max(20).optional(),
  metadata: z
    .object({
      customerInfo: customerInfoSchema,
      deliveryMethod: z.enum(deliveryMethods, { error: 'deliveryMethod must be paxi or courier' }).default('paxi'),
      // PAXI: the speed and the point. Only the point's id counts: its name and address are read from the pickup-point list.
      deliverySpeed: paxiSpeedSchema.optional(),
      paxiPoint: paxiPointSchema.optional(),
      courier: courierChoiceSchema.optional(),
      discountCode: optionalDiscountCode,
      /** "Email me a reminder if I don't finish paying": consent to one reminder about this checkout (POPIA), unticked by default. */
      remindMe: z.boolean({ error: 'remindMe must be true or false' }).default(false),
      items: z.array(z.unknown()).max(100).optional(),
      totals: z.object({ subtotal: z.number(), shipping: z.number(), total: z.number() }).partial().optional(),
    })
    // The spec's flat fields become one delivery choice, PAXI or courier, each with all it needs.
    .transform(({ deliveryMethod, deliverySpeed, paxiPoint, courier, ...order }, ctx) => {
      if (deliveryMethod === 'courier') {
        if (courier) return { ...order, delivery: { method: 'courier' as const, ...courier } };
        ctx.addIssue({ code: 'custom', path: ['courier'], message: checkoutMessages.courierService });
        return z.NEVER;
      }
      if (deliverySpeed && paxiPoint) return { ...order, delivery: { method: 'paxi' as const, speed: deliverySpeed, point: paxiPoint } };
      if (!deliverySpeed) ctx.addIssue({ code: 'custom', path: ['deliverySpeed'], message: checkoutMessages.deliveryMethod });
      if (!paxiPoint) ctx.addIssue({ code: 'custom', path: ['paxiPoint'], message: checkoutMessages.pickupPointRequired });
      return z.NEVER;
    }),
});
export type CreateCheckoutInput = z.output<typeof createCheckoutSchema>;
/** How the order reaches the shopper, as the checkout asks for it: a PAXI point and speed, or a courier service to an address. */
export type DeliveryChoice = CreateCheckoutInput['metadata']['delivery'];

/** POST /api/checkout/discount: what a code takes off the cart now, before the checkout is made. */
export const discountPreviewSchema = z.object({
  code: discountCodeText.refine((code) => code.length > 0, discountMessages.unknown),
  /** The delivery fee the shopper has chosen so far, for a code that takes it off too; the checkout works it out again. */
  deliveryFeeCents: z.number({ error: 'deliveryFeeCents must be whole cents' }).int('deliveryFeeCents must be whole cents').min(0).max(1_000_000).default(0),
  /** A guest's cart and, once typed, email address (for the code's uses per customer); read only when no one is signed in. */
  cartSessionId: cartSessionIdSchema.optional(),
  email: emailSchema(checkoutMessages.email).optional(),
});

export interface DiscountPreview {
  code: string;
  discountCents: number;
  /** '10% off' or 'R50.00 off, delivery too'. */
  description: string;
}

/** POST /api/payments/complete: which checkout; anything else the browser sends is not trusted. */
export const completePaymentSchema = z
  .object({
    checkoutId: z.string().trim().min(1).max(100).optional(),
    paymentId: z.string().trim().min(1).max(100).optional(),
    sessionId: z.string().max(128).optional(),
    orderData: z.unknown().optional(),
  })
  .refine((body) => body.checkoutId !== undefined || body.paymentId !== undefined, { message: 'Say which checkout to complete (checkoutId)' });

/**
 * The short reference a shopper quotes for a checkout that did not become an order: the first
 * eight characters of its id, in capitals (the shop finds it with `id::text LIKE '…%'`).
 */
export function checkoutReference(checkoutId: string): string {
  return checkoutId.slice(0, 8).toUpperCase();
}

/** Statuses the payment pages count as paid (spec section 4). */
export const successfulPaymentStatuses = ['successful', 'completed', 'paid', 'succeeded', 'success'] as const;

/** What GET /api/payments/yoco/verify/{id} answers. */
export interface PaymentVerification {
  status: string;
  amount: number;
  currency: string;
  paymentId: string | null;
  orderNumber: string | null;
  /** A guest's order: the signed link that opens its page (the order number alone never does). */
  orderLink: string | null;
  metadata: {
    checkoutId: string;
    deliveryMethod: 'paxi' | 'courier';
    /** PAXI orders: the speed and the point. */
    deliverySpeed?: 'paxi-standard' | 'paxi-express';
    paxiPoint?: { id: string; name: string; address: string; city: string; province: string };
    /** Courier orders: the service and the address. */
    courier?: { serviceLevel: CourierServiceLevel; service: string; address: CourierAddress };
    /** The delivery fee's line, e.g. 'PAXI Standard collection fee'. */
    deliveryLabel: string;
    discount?: { code: string; discountCents: number };
    customerInfo: { firstName: string; lastName: string; email: string; phone: string };
    /** The flags paid for, at the prices of the checkout (cents). */
    items: OrderLine[];
    /** The spec's totals in cents: the flags, the delivery fee, the discount and what was charged. */
    totals: { subtotal: number; shipping: number; discount: number; total: number };
  };
}


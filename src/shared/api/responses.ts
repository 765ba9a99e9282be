import { z } from 'zod';
import { regions } from '../regions';
import { pickupSearchAreas } from '../pickup';
import { courierServiceLevelCodes } from '../courier-services';
import { addressTypes, type ProfileDetails, type SavedAddress } from '../profile';
import { taxDocumentKinds, type OrderDocument, type TaxDocumentSummary, type VatReport } from '../tax-documents';
import { orderDeliveryOptions, type CourierRateView } from '../delivery';
import { orderActions, orderEventTypes, orderStatuses, paymentStatuses, type AdminOrder, type AuditEntry, type BatchEmailResult, type ContactMessageView, type OrderActionResult, type OversoldMark } from '../order-desk';
import { discountKinds, type DiscountCodeView } from '../discounts';
import type { AdminProduct } from '../product-admin';
import type { CartItemView } from '../cart';
import type { ListedProduct, Product } from '../product';
import type { DiscountPreview } from '../checkout';
import { quoteStatuses, type QuoteAnswer, type QuoteLine, type QuoteRequestView } from '../quotes';
import type { ProofOfPayment, ProofUploaded } from '../proof-of-payment';
import type { CheckoutReminderFigures } from '../checkout-reminders';

/*
 * What the shop's JSON calls answer, as zod schemas: the server sends each answer through its
 * schema (src/server/http/response-shapes.ts), so a field it does not list never leaves the shop
 * and a wrong shape is a 500, not a surprise in the browser; the browser's calls are typed from
 * them (src/web/lib/api-client.ts). Each is checked at compile time to be exactly the type the
 * rest of the code knows the answer by.
 */

/** True when X and Y have the same fields, each taking what the other's takes. */
type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? ([keyof X] extends [keyof Y] ? ([keyof Y] extends [keyof X] ? true : false) : false) : false) : false;

/** The schema, refused at compile time unless what it reads is exactly T. */
function exactly<T>() {
  return <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { mismatch: T })): S => schema;
}

const productImage = z.object({ id: z.string(), url: z.string(), altText: z.string(), widths: z.array(z.number()).optional() });

const productSizeSchema = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  material: z.string().nullable(),
  sku: z.string(),
  price: z.string(),
  priceCents: z.number(),
  salePrice: z.string().nullable(),
  salePriceCents: z.number().nullable(),
  stockQuantity: z.number().nullable(),
  weightGrams: z.number(),
});

export const productSchema = exactly<Product>()(
  z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    price: z.string(),
    priceCents: z.number(),
    salePrice: z.string().nullable(),
    salePriceCents: z.number().nullable(),
    currency: z.string(),
    isActive: z.boolean(),
    featured: z.boolean(),
    region: z.enum(regions).nullable(),
    stockQuantity: z.number().nullable(),
    images: z.array(productImage),
    primaryImage: z.string().nullable(),
    sizes: z.array(productSizeSchema),
  }),
);

export const listedProductSchema = exactly<ListedProduct>()(
  productSchema.omit({ sizes: true }).extend({ sizeCount: z.number(), fromPriceCents: z.number(), mainSizeLabel: z.string() }),
);

export const cartItemSchema = exactly<CartItemView>()(
  z.object({
    id: z.string(),
    sessionId: z.string(),
    productId: z.string(),
    sizeId: z.string(),
    sizeCode: z.string(),
    sizeLabel: z.string(),
    sku: z.string(),
    productSlug: z.string(),
    productName: z.string(),
    productImage: z.string().nullable(),
    productImageWidths: z.array(z.number()).optional(),
    price: z.string(),
    priceCents: z.number(),
    listPriceCents: z.number(),
    quantityBreak: z.object({ minQuantity: z.number(), percentOff: z.number() }).nullable(),
    quantity: z.number(),
    available: z.boolean(),
    stockLeft: z.number().nullable(),
  }),
);

export const cartSchema = z.object({ cartItems: z.array(cartItemSchema), itemCount: z.number(), subtotalCents: z.number() });
/** The cart as GET /api/cart/:sessionId answers it. */
export type CartView = z.output<typeof cartSchema>;

export const claimedCartSchema = cartSchema.extend({
  sessionId: z.string(),
  /** How many flags the shopper's saved cart added to what this browser showed. */
  addedFromSavedCart: z.number(),
});
/** The shopper's cart after sign-in (POST /api/cart/claim). */
export type ClaimedCart = z.output<typeof claimedCartSchema>;

const pickupPointSchema = z.object({
  /** The spec's id: PAXI's point code. */
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** One line: street, town, province, postal code. */
  address: z.string(),
  /** The street lines alone. */
  street: z.string(),
  town: z.string(),
  province: z.string(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  /** A point of the shipped sample, not a real PAXI point. */
  isSample: z.boolean(),
  /** Where the point is, for a maps link with directions. */
  latitude: z.number(),
  longitude: z.number(),
});
/** A PAXI point as the shop shows it. */
export type PickupPoint = z.output<typeof pickupPointSchema>;

export const pickupSearchSchema = z.object({
  /** Each with its great-circle distance in km from the searched place (or the province's middle), to 0.1 km. */
  paxiPoints: z.array(pickupPointSchema.extend({ distance: z.number() })),
  count: z.number(),
  /** The place the distances are from: the one found, or the middle of the province the search names. */
  location: z.object({ address: z.string(), latitude: z.number(), longitude: z.number() }),
  /** 'province' when no place in the search was known and the points are the named province's. */
  area: z.enum(pickupSearchAreas),
  /** The radius the points were found in: the one asked for, or 20 km when nothing was closer; null for a province. */
  radiusKm: z.number().nullable(),
  requestedRadiusKm: z.number(),
  widened: z.boolean(),
  /** What the shopper should know about the list (widened, or a province's), in words; null when nothing. */
  notice: z.string().nullable(),
});
/** POST /api/paxi-points. */
export type PickupSearchResult = z.output<typeof pickupSearchSchema>;

export const discountPreviewSchema = exactly<DiscountPreview>()(z.object({ code: z.string(), discountCents: z.number(), description: z.string() }));

/** POST /api/payments/yoco/create-checkout: the checkout made and the payment page to go to. */
export const openedCheckoutSchema = z.object({ id: z.string(), redirectUrl: z.string() });

export const courierRatesSchema = z.object({
  rates: z.array(exactly<CourierRateView>()(z.object({ serviceLevel: z.enum(courierServiceLevelCodes), name: z.string(), priceCents: z.number() }))),
});

export const savedProfileSchema = z.object({
  profile: exactly<ProfileDetails>()(
    z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), phone: z.string().nullable(), dateOfBirth: z.string().nullable() }),
  ),
});

export const savedAddressSchema = exactly<SavedAddress>()(
  z.object({
    id: z.string(),
    type: z.enum(addressTypes),
    street: z.string(),
    suburb: z.string().nullable(),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
    country: z.string(),
    isDefault: z.boolean(),
  }),
);

const oversoldMark = exactly<OversoldMark>()(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('stock'), productName: z.string(), sizeLabel: z.string().optional(), short: z.number() }),
    z.object({ kind: z.literal('discount'), code: z.string(), limit: z.enum(['total', 'per_customer']), uses: z.number(), allowed: z.number() }),
  ]),
);

const adminOrderSchema = exactly<AdminOrder>()(
  z.object({
    id: z.string(),
    orderNumber: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string(),
    placedAsGuest: z.boolean(),
    deliveryOption: z.enum(orderDeliveryOptions),
    paxiLocationId: z.string().nullable(),
    paxiLocationName: z.string().nullable(),
    paxiLocationAddress: z.string().nullable(),
    deliveryAddress: z.string().nullable(),
    deliveryInstructions: z.string().nullable(),
    courierShipmentId: z.string().nullable(),
    subtotalCents: z.number(),
    deliveryFeeCents: z.number(),
    discountCode: z.string().nullable(),
    discountCents: z.number(),
    totalAmount: z.number(),
    refundedCents: z.number(),
    currency: z.string(),
    items: z.array(
      z.object({
        productId: z.string(),
        sizeId: z.string().optional(),
        sizeLabel: z.string().optional(),
        sku: z.string().optional(),
        productName: z.string(),
        productImage: z.string().nullable(),
        productPrice: z.number(),
        quantity: z.number(),
      }),
    ),
    paymentId: z.string().nullable(),
    paymentMethod: z.string(),
    paymentDueOn: z.string().nullable(),
    paymentStatus: z.enum(paymentStatuses),
    status: z.enum(orderStatuses),
    fulfilled: z.boolean(),
    trackingNumber: z.string().nullable(),
    fulfilledAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    oversold: z.array(oversoldMark),
    oversoldSettledAt: z.string().nullable(),
  }),
);

const orderDocumentSchema = exactly<OrderDocument>()(
  z.object({
    kind: z.enum(taxDocumentKinds),
    title: z.string(),
    serial: z.string(),
    issuedAt: z.string(),
    orderNumber: z.string(),
    customerName: z.string(),
    totalCents: z.number(),
    vatCents: z.number(),
    exclusiveCents: z.number(),
    url: z.string(),
  }),
);

const proofOfPaymentSchema = exactly<ProofOfPayment>()(z.object({ id: z.string(), fileName: z.string(), sizeBytes: z.number(), uploadedAt: z.string() }));

export const proofUploadedSchema = exactly<ProofUploaded>()(z.object({ message: z.string(), proofsOfPayment: z.array(proofOfPaymentSchema) }));

/** Every POST /api/admin/orders/:id/…: the order as it is now, its timeline, its moves, and what was done. */
export const orderActionResultSchema = exactly<OrderActionResult>()(
  z.object({
    order: adminOrderSchema,
    events: z.array(z.object({ id: z.string(), type: z.enum(orderEventTypes), note: z.string().nullable(), actorEmail: z.string().nullable(), createdAt: z.string() })),
    actions: z.array(z.enum(orderActions)),
    refundableCents: z.number(),
    refundsByHand: z.string().nullable(),
    documents: z.array(orderDocumentSchema),
    proofs: z.array(proofOfPaymentSchema),
    message: z.string(),
  }),
);

export const adminProductSchema = exactly<AdminProduct>()(
  productSchema.extend({
    updatedAt: z.string(),
    showWithoutPicture: z.boolean(),
    weightGrams: z.number(),
    foldedLengthCm: z.number(),
    foldedWidthCm: z.number(),
    foldedHeightCm: z.number(),
    allSizes: z.array(
      productSizeSchema.extend({
        foldedLengthCm: z.number(),
        foldedWidthCm: z.number(),
        foldedHeightCm: z.number(),
        isActive: z.boolean(),
        position: z.number(),
      }),
    ),
  }),
);

export const discountCodeSchema = exactly<DiscountCodeView>()(
  z.object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(discountKinds),
    percent: z.number().nullable(),
    amountCents: z.number().nullable(),
    minimumSpendCents: z.number(),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
    totalUses: z.number().nullable(),
    usesPerCustomer: z.number(),
    includesDelivery: z.boolean(),
    active: z.boolean(),
    uses: z.number(),
    orders: z.number(),
    revenueCents: z.number(),
    createdAt: z.string(),
  }),
);

export const contactMessageSchema = exactly<ContactMessageView>()(
  z.object({ id: z.string(), name: z.string(), email: z.string(), message: z.string(), createdAt: z.string(), handledAt: z.string().nullable(), handledBy: z.string().nullable() }),
);

const quoteLineSchema = exactly<QuoteLine>()(
  z.object({ productId: z.string().nullable(), sizeId: z.string().nullable(), sku: z.string().nullable(), flag: z.string(), size: z.string(), quantity: z.number() }),
);
const quoteAnswerSchema = exactly<QuoteAnswer>()(
  z.object({ unitPricesCents: z.array(z.number()), deliveryCents: z.number(), totalCents: z.number(), validUntil: z.string(), message: z.string().nullable() }),
);
export const quoteRequestViewSchema = exactly<QuoteRequestView>()(
  z.object({
    id: z.string(),
    reference: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    organisation: z.string().nullable(),
    vatNumber: z.string().nullable(),
    deliveryArea: z.string(),
    neededBy: z.string().nullable(),
    notes: z.string().nullable(),
    lines: z.array(quoteLineSchema),
    status: z.enum(quoteStatuses),
    answer: quoteAnswerSchema.nullable(),
    answeredAt: z.string().nullable(),
    answeredBy: z.string().nullable(),
    closedAt: z.string().nullable(),
    closedBy: z.string().nullable(),
    createdAt: z.string(),
  }),
);

export const auditLogSchema = z.array(
  exactly<AuditEntry>()(
    z.object({ id: z.string(), actorEmail: z.string(), action: z.string(), targetType: z.string(), targetId: z.string(), summary: z.string(), createdAt: z.string() }),
  ),
);

export const batchEmailSchema = exactly<BatchEmailResult>()(z.object({ sent: z.boolean(), orderCount: z.number(), message: z.string() }));

const documentSummarySchema = exactly<TaxDocumentSummary>()(orderDocumentSchema.omit({ url: true }));

export const documentsInPeriodSchema = z.object({ from: z.string(), to: z.string(), documents: z.array(documentSummarySchema) });

export const vatReportSchema = exactly<VatReport>()(
  z.object({
    from: z.string(),
    to: z.string(),
    vatRegistered: z.boolean(),
    months: z.array(z.object({ month: z.string(), salesCents: z.number(), salesVatCents: z.number(), creditsCents: z.number(), creditsVatCents: z.number() })),
    totals: z.object({
      salesCents: z.number(),
      salesExclusiveCents: z.number(),
      outputVatCents: z.number(),
      creditsCents: z.number(),
      creditsExclusiveCents: z.number(),
      creditsVatCents: z.number(),
      netCents: z.number(),
      netVatCents: z.number(),
    }),
  }),
);

/** GET /api/admin/checkout-reminders: the order desk's figure of checkout reminders. */
export const checkoutReminderFiguresSchema = exactly<CheckoutReminderFigures>()(z.object({ days: z.number(), sent: z.number(), converted: z.number() }));

/** POST /api/user/sync (Firebase sign-in): the account as the shop keeps it. */
export const syncedUserSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), image: z.string().nullable(), emailVerified: z.boolean() }),
});

/** GET /api/auth/verify-email, when the link verified the address. */
export const emailVerifiedSchema = z.object({ success: z.literal(true), message: z.string() });

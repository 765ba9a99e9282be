import { z } from 'zod';
import type { EndpointName } from './endpoints';
import type { addToCartSchema, claimCartSchema, updateCartItemSchema, userSyncSchema } from '../schemas';
import type { createCheckoutSchema, discountPreviewSchema } from '../checkout';
import type { courierRatesRequestSchema } from '../delivery';
import type { addressInputSchema, profileUpdateSchema } from '../profile';
import type { cancelOrderSchema, fulfilOrderSchema, markHandledSchema, orderNoteSchema, refundOrderSchema } from '../order-desk';
import type { closeQuoteSchema, quoteAnswerSchema } from '../quotes';
import type { paymentReceivedSchema } from '../bank-transfer';
import type { createDiscountCodeSchema, updateDiscountCodeSchema } from '../discounts';
import type { createProductSchema, createSizeSchema, priceEverySizeSchema, sizeOrderSchema, updateImagesSchema, updateProductSchema, updateSizeSchema } from '../product-admin';
import {
  adminProductSchema,
  auditLogSchema,
  batchEmailSchema,
  contactMessageSchema,
  quoteRequestViewSchema,
  discountCodeSchema,
  documentsInPeriodSchema,
  vatReportSchema,
  checkoutReminderFiguresSchema,
  syncedUserSchema,
  emailVerifiedSchema,
  cartItemSchema,
  cartSchema,
  claimedCartSchema,
  courierRatesSchema,
  discountPreviewSchema as discountAnswerSchema,
  openedCheckoutSchema,
  orderActionResultSchema,
  pickupSearchSchema,
  productSchema,
  listedProductSchema,
  proofUploadedSchema,
  savedAddressSchema,
  savedProfileSchema,
} from './responses';

/** What each call with a contract answers on success: the server sends nothing else, the browser reads it typed. */
export const answers = {
  products: z.array(listedProductSchema),
  product: productSchema,
  cart: cartSchema,
  addToCart: cartItemSchema,
  setCartQuantity: cartItemSchema,
  claimCart: claimedCartSchema,
  findPickupPoints: pickupSearchSchema,
  previewDiscount: discountAnswerSchema,
  openCheckout: openedCheckoutSchema,
  courierRates: courierRatesSchema,
  saveProfile: savedProfileSchema,
  addAddress: savedAddressSchema,
  updateAddress: savedAddressSchema,
  makeAddressDefault: savedAddressSchema,
  uploadProofOfPayment: proofUploadedSchema,
  uploadGuestProofOfPayment: proofUploadedSchema,
  markPaymentReceived: orderActionResultSchema,
  fulfilOrder: orderActionResultSchema,
  bookCourier: orderActionResultSchema,
  markReadyForCollection: orderActionResultSchema,
  markCollected: orderActionResultSchema,
  markDelivered: orderActionResultSchema,
  followCourier: orderActionResultSchema,
  settleOversold: orderActionResultSchema,
  addOrderNote: orderActionResultSchema,
  cancelOrder: orderActionResultSchema,
  refundOrder: orderActionResultSchema,
  sendOrderDigest: batchEmailSchema,
  markContactHandled: contactMessageSchema,
  answerQuote: quoteRequestViewSchema,
  closeQuote: quoteRequestViewSchema,
  auditLog: auditLogSchema,
  createDiscountCode: discountCodeSchema,
  switchDiscountCode: discountCodeSchema,
  createProduct: adminProductSchema,
  updateProduct: adminProductSchema,
  updateProductImages: adminProductSchema,
  deleteProductImage: adminProductSchema,
  addProductSize: adminProductSchema,
  updateProductSize: adminProductSchema,
  reorderProductSizes: adminProductSchema,
  priceEverySize: z.object({ code: z.string(), flags: z.number() }),
  taxDocuments: documentsInPeriodSchema,
  vatReport: vatReportSchema,
  checkoutReminders: checkoutReminderFiguresSchema,
  uploadProductImage: adminProductSchema,
  syncUser: syncedUserSchema,
  verifyEmail: emailVerifiedSchema,
} satisfies Record<EndpointName, z.ZodType>;

/** The answer of a call, as the browser reads it. */
export type Answer<K extends EndpointName> = z.output<(typeof answers)[K]>;

/** What each call takes as its body, as the server's schema reads it (the browser may leave out what has a default). */
interface Bodies {
  addToCart: z.input<ReturnType<typeof addToCartSchema>>;
  setCartQuantity: z.input<ReturnType<typeof updateCartItemSchema>>;
  claimCart: z.input<typeof claimCartSchema>;
  findPickupPoints: { address: string; radiusKm?: number };
  previewDiscount: z.input<typeof discountPreviewSchema>;
  openCheckout: z.input<typeof createCheckoutSchema>;
  courierRates: z.input<typeof courierRatesRequestSchema>;
  saveProfile: z.input<typeof profileUpdateSchema>;
  addAddress: z.input<typeof addressInputSchema>;
  updateAddress: z.input<typeof addressInputSchema>;
  markPaymentReceived: z.input<typeof paymentReceivedSchema>;
  fulfilOrder: z.input<typeof fulfilOrderSchema>;
  addOrderNote: z.input<typeof orderNoteSchema>;
  cancelOrder: z.input<typeof cancelOrderSchema>;
  refundOrder: z.input<typeof refundOrderSchema>;
  markContactHandled: z.input<typeof markHandledSchema>;
  answerQuote: z.input<typeof quoteAnswerSchema>;
  closeQuote: z.input<typeof closeQuoteSchema>;
  createDiscountCode: z.input<typeof createDiscountCodeSchema>;
  switchDiscountCode: z.input<typeof updateDiscountCodeSchema>;
  createProduct: z.input<typeof createProductSchema>;
  updateProduct: z.input<typeof updateProductSchema>;
  updateProductImages: z.input<typeof updateImagesSchema>;
  addProductSize: z.input<typeof createSizeSchema>;
  updateProductSize: z.input<typeof updateSizeSchema>;
  reorderProductSizes: z.input<typeof sizeOrderSchema>;
  priceEverySize: z.input<typeof priceEverySizeSchema>;
  syncUser: z.input<typeof userSyncSchema>;
}

/** A call's body: none for the calls that take none. */
export type Body<K extends EndpointName> = K extends keyof Bodies ? Bodies[K] : undefined;

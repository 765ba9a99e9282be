import { z } from 'zod';
import { MIN_LINE_QUANTITY } from './cart';
import { returnPathMessage, shopPath } from './return-path';
import { accountNameSchema } from './profile';
import { VAT_NUMBER_PATTERN } from './tax-documents';

/** A return address in an API body: a path on this shop, or refused in words. */
export function returnPathSchema(field: string) {
  const message = returnPathMessage(field);
  return z.string({ error: message }).refine((value) => shopPath(value) !== null, message);
}

/** Browser-made cart session ids: long random strings, so that holding one is the right to the cart. */
export const cartSessionIdSchema = z
  .string({ error: 'A cart session id is required' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid cart session id');

/** A cart line's quantity: a whole number from 1 to the shop's line limit (CART_LINE_LIMIT). */
function lineQuantitySchema(lineLimit: number) {
  const range = `Quantity must be between ${MIN_LINE_QUANTITY} and ${lineLimit}`;
  return z.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(MIN_LINE_QUANTITY, range).max(lineLimit, range);
}

/**
 * Add to cart: a flag and, when it has several, which size (its main size when left out). Older
 * clients send only the product name; name, image and price sent by a browser are never trusted:
 * the server reads them from the catalogue.
 */
export function addToCartSchema(lineLimit: number) {
  return z
    .object({
      sessionId: cartSessionIdSchema,
      productId: z.uuid('Invalid product id').optional(),
      sizeId: z.uuid('Invalid size id').optional(),
      productName: z.string().max(200).optional(),
      productImage: z.string().max(2000).optional(),
      price: z.string().max(50).optional(),
      quantity: lineQuantitySchema(lineLimit).default(1),
    })
    .refine((body) => body.productId !== undefined || (body.productName ?? '').trim() !== '', {
      message: 'Say which product to add',
    });
}
export type AddToCartInput = z.infer<ReturnType<typeof addToCartSchema>>;

/** POST /api/cart/claim: the browser's anonymous cart, if it has one, joins the signed-in shopper's cart. */
export const claimCartSchema = z.object({ sessionId: cartSessionIdSchema.optional() });

export function updateCartItemSchema(lineLimit: number) {
  return z.object({ quantity: lineQuantitySchema(lineLimit) });
}

const contactMessages = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  message: 'Please enter your message',
} as const;

/** One rule for an email address everywhere (forms, API, admin tools): trimmed, at most 255, well formed. */
export function emailSchema(message: string) {
  return z.string({ error: message }).trim().max(255, message).pipe(z.email(message));
}

/** Text a form may leave out: trimmed, and undefined when empty. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .transform((value) => value || undefined)
    .optional();

/** A buyer's South African VAT number, optional: spaces dropped, undefined when empty. */
export const optionalVatNumber = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || VAT_NUMBER_PATTERN.test(value), message)
    .transform((value) => value || undefined)
    .optional();

export const contactSchema = z.object({
  name: z.string({ error: contactMessages.name }).trim().min(1, contactMessages.name).max(100, 'Name is too long'),
  email: emailSchema(contactMessages.email),
  message: z
    .string({ error: contactMessages.message })
    .trim()
    .min(1, contactMessages.message)
    .max(5000, 'Message is too long (5000 characters at most)'),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const accountMessages = {
  email: 'Please enter a valid email address.',
  emailTaken: 'An account with this email already exists.',
  passwordTooShort: 'Password should be at least 6 characters long.',
  tooManyAttempts: 'Too many failed attempts. Please try again later.',
  invalidVerificationLink: 'Invalid verification link. Please check your email and try again.',
  verificationSent: 'Verification email sent! Please check your inbox and click the verification link.',
  emailVerified: 'Email verified successfully',
  verificationFailed: 'Failed to verify email. The link may be expired or invalid.',
  signUpCheckEmail: 'Please check your email: we have sent you a link to continue.',
} as const;

/** The name part of POST /api/auth/sign-up/email (better-auth checks the rest): the profile's rule. */
export const signUpNameSchema = z.object({ name: accountNameSchema });

/**
 * POST /api/auth/send-verification; displayName is sent by the spec's client but not needed.
 * callbackURL is where the emailed link brings the shopper back to once verified, e.g. /checkout.
 */
export const sendVerificationSchema = z.object({
  email: emailSchema(accountMessages.email),
  displayName: z.string().max(100).optional(),
  callbackURL: returnPathSchema('callbackURL').optional(),
});

/** GET /api/auth/verify-email: both parts of the emailed link are needed. */
export const verifyEmailQuerySchema = z.object({
  token: z.string({ error: accountMessages.invalidVerificationLink }).trim().min(1, accountMessages.invalidVerificationLink),
  email: z.string({ error: accountMessages.invalidVerificationLink }).trim().min(1, accountMessages.invalidVerificationLink),
});

/**
 * POST /api/user/sync: the signed-in user's display name and photo. emailVerified is accepted for
 * clients written against the spec but never trusted: only the emailed link verifies an address.
 */
export const userSyncSchema = z.object({
  // Blank keeps the name as it is; otherwise the profile's rule, as at sign-up.
  displayName: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), accountNameSchema.nullish()),
  photoURL: z
    .string()
    .trim()
    .max(500, 'Photo address is too long (500 characters at most)')
    .pipe(z.url({ protocol: /^https?$/, error: 'Photo must be an http(s) address' }))
    .nullish(),
  emailVerified: z.boolean().optional(),
});
export type UserSyncInput = z.infer<typeof userSyncSchema>;

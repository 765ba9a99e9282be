import { z } from 'zod';

/** The profile page's messages; the name rule and the phone text are the checkout's (spec section 5). */
export const profileMessages = {
  firstNameShort: 'First name must be at least 2 characters',
  firstNameLong: 'First name must be at most 50 characters',
  lastNameShort: 'Last name must be at least 2 characters',
  lastNameLong: 'Last name must be at most 50 characters',
  nameShort: 'Name must be at least 2 characters',
  nameLong: 'Name must be at most 50 characters',
  phone: 'Please enter a valid phone number',
  dateOfBirth: 'Please enter a valid date of birth',
  dateOfBirthFuture: 'Date of birth must be in the past',
  addressType: 'Please choose home, work or other',
  street: 'Please enter the street address',
  streetLong: 'Street address must be at most 255 characters',
  suburbLong: 'Suburb must be at most 100 characters',
  city: 'Please enter the city or town',
  cityLong: 'City must be at most 100 characters',
  province: 'Please choose a province',
  postalCode: 'Please enter a 4-digit postal code',
  country: 'We deliver in South Africa only',
  password: 'Please enter your password to confirm',
  confirmEmail: 'Please type your email address to confirm',
  incorrectPassword: 'Incorrect password.',
} as const;

/** South Africa's nine provinces, as shoppers write them. */
export const provinces = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;
export type Province = (typeof provinces)[number];

export const addressTypes = ['home', 'work', 'other'] as const;
export type AddressType = (typeof addressTypes)[number];
export const addressTypeLabels: Record<AddressType, string> = { home: 'Home', work: 'Work', other: 'Other' };

export const DEFAULT_COUNTRY = 'South Africa';
/** More than any household needs; keeps one account from filling the table. */
export const MAX_ADDRESSES = 20;

/**
 * A South African number in E.164 (+27 and nine digits), from the local form (0 and nine digits)
 * or the international one; spaces, dashes, dots and brackets are ignored. undefined when it is
 * not such a number.
 */
export function normalisePhone(input: string): string | undefined {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:0|\+27)([1-9]\d{8})$/.exec(compact);
  return match ? `+27${match[1]}` : undefined;
}

/** Dates in South Africa as YYYY-MM-DD (en-CA writes dates that way); made once, as every page asks. */
const southAfricanDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' });

/** Today's date in South Africa as YYYY-MM-DD. */
export function todayInSouthAfrica(now = new Date()): string {
  return southAfricanDate.format(now);
}

const dayFormat = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('en-ZA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '16 December 2026': a calendar day (a South African day, YYYY-MM-DD) as people read it. */
export function dayInWords(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** 'Wednesday, 2 December 2026': a day to plan by (a payment due, the digest's day), with its weekday. */
export function weekdayInWords(day: string): string {
  return weekdayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** true when YYYY-MM-DD names a day of the calendar (no 30 February), from 1900 on. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Empty text means "clear this field": null is what gets stored. */
function clearable<T extends z.ZodType<string | null>>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());
}

/** The one rule for a person's name, typed anywhere (profile, sign-up): 2 to 50 characters once trimmed. */
const NAME_MIN_LENGTH = 2;
const NAME_MAX_LENGTH = 50;

function nameRule(short: string, long: string) {
  return z.string({ error: short }).trim().min(NAME_MIN_LENGTH, short).max(NAME_MAX_LENGTH, long);
}

function nameSchema(short: string, long: string) {
  return clearable(nameRule(short, long));
}

/** The account's name as the shopper types it at sign-up (and the browser syncs it): the profile's rule. */
export const accountNameSchema = nameRule(profileMessages.nameShort, profileMessages.nameLong);

/**
 * A name the shopper did not type (Google's profile name) made to fit the rule: cut to 50
 * characters, and none at all when shorter than 2, so that such an account still signs in.
 */
export function fittedName(name: string | null | undefined): string | undefined {
  let fitted = '';
  // Whole characters only: an emoji cut in half would be a broken character.
  for (const character of name?.trim() ?? '') {
    if (fitted.length + character.length > NAME_MAX_LENGTH) break;
    fitted += character;
  }
  fitted = fitted.trim();
  return fitted.length >= NAME_MIN_LENGTH ? fitted : undefined;
}

/**
 * PUT /api/profile: every field optional (left out: unchanged) and clearable (null or empty text).
 * The phone is stored in E.164; the date of birth must be a real day before today.
 */
export const profileUpdateSchema = z.object({
  firstName: nameSchema(profileMessages.firstNameShort, profileMessages.firstNameLong).optional(),
  lastName: nameSchema(profileMessages.lastNameShort, profileMessages.lastNameLong).optional(),
  phone: clearable(
    z
      .string({ error: profileMessages.phone })
      .max(30, profileMessages.phone)
      .transform((value, ctx) => {
        const phone = normalisePhone(value);
        if (phone) return phone;
        ctx.addIssue({ code: 'custom', message: profileMessages.phone });
        return z.NEVER;
      }),
  ).optional(),
  dateOfBirth: clearable(
    z
      .string({ error: profileMessages.dateOfBirth })
      .trim()
      .refine(isCalendarDate, profileMessages.dateOfBirth)
      .refine((value) => value < todayInSouthAfrica(), profileMessages.dateOfBirthFuture),
  ).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A South African street address's parts, as the address book and courier delivery both read them. */
export const streetAddressFields = {
  street: z.string({ error: profileMessages.street }).trim().min(1, profileMessages.street).max(255, profileMessages.streetLong),
  city: z.string({ error: profileMessages.city }).trim().min(1, profileMessages.city).max(100, profileMessages.cityLong),
  province: z.enum(provinces, { error: profileMessages.province }),
  postalCode: z
    .string({ error: profileMessages.postalCode })
    .trim()
    .regex(/^\d{4}$/, profileMessages.postalCode),
};

/** POST and PUT /api/profile/addresses: the whole address; isDefault true makes it the default. */
export const addressInputSchema = z.object({
  type: z.enum(addressTypes, { error: profileMessages.addressType }).default('home'),
  ...streetAddressFields,
  suburb: z
    .string({ error: profileMessages.suburbLong })
    .trim()
    .max(100, profileMessages.suburbLong)
    .transform((value) => value || null)
    .nullable()
    .default(null),
  country: z.literal(DEFAULT_COUNTRY, { error: profileMessages.country }).default(DEFAULT_COUNTRY),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type ParsedAddress = z.output<typeof addressInputSchema>;

export const wishlistAddSchema = z.object({ productId: z.uuid('Invalid product id') });

/**
 * POST /api/profile/delete: an account with a password confirms with it; an account without one
 * (Google sign-in only) types its email address instead.
 */
export const deleteAccountSchema = z.object({
  password: z.string({ error: profileMessages.password }).max(128, profileMessages.incorrectPassword).optional(),
  confirmEmail: z.string({ error: profileMessages.confirmEmail }).max(255, profileMessages.confirmEmail).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export interface ProfileDetails {
  firstName: string | null;
  lastName: string | null;
  /** E.164, e.g. +27821234567. */
  phone: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
}

export interface SavedAddress {
  id: string;
  type: AddressType;
  street: string;
  /** Couriers need it; addresses saved before it was asked for have none. */
  suburb: string | null;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

export interface ProfileView {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    image: string | null;
    /** false for an account that signs in with Google only: it has no password to change or confirm with. */
    hasPassword: boolean;
  };
  profile: ProfileDetails;
  addresses: SavedAddress[];
}

/** A saved flag, with name, price and picture read live from the catalogue. */
export interface WishlistItem {
  productId: string;
  slug: string;
  name: string;
  /** The unit price as text, e.g. 'R130.00'. */
  price: string;
  priceCents: number;
  image: string | null;
  addedAt: string;
}

/** A past order as the profile lists it. */
export interface ProfileOrder {
  id: string;
  orderNumber: string;
  createdAt: string;
  totalCents: number;
  status: string;
  itemCount: number;
  /** 'Collect at PEP Sea Point' or 'Courier to 12 Long Street, Gardens, Cape Town'. */
  destination: string;
  trackingNumber: string | null;
  /** Where to follow the parcel, once it is sent. */
  trackingUrl: string | null;
}

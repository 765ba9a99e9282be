import type { SessionUser } from '../auth/sign-in-types';
import type { ProfileDetails, ProfileUpdate } from '../../../shared/profile';
import { checkoutMessages, customerInfoSchema, type CustomerInfo } from '../../../shared/checkout';
import { customerFields, emptyCustomer, type CustomerValues } from './customer-values';
import { formatPhoneForDisplay } from '../../../shared/phone';


const customerWithAddress = customerInfoSchema.refine((customer) => customer.billingAddress !== undefined, {
  path: ['billingAddress'],
  message: checkoutMessages.billingAddressRequired,
});

/**
 * The server's own rules and words (spec section 5); the phone comes back in +27 form. Above
 * R5,000 a VAT vendor's tax invoice is a full one, and the address becomes required.
 */
export function parseCustomer(values: CustomerValues, { addressRequired = false } = {}) {
  return (addressRequired ? customerWithAddress : customerInfoSchema).safeParse(values);
}

/** What the account knows: the profile's names and phone, else the account name split at its first space, and the email. */
export function knownCustomer(user: SessionUser | undefined, profile: ProfileDetails | undefined): CustomerValues {
  if (!user) return emptyCustomer;
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return {
    ...emptyCustomer,
    firstName: profile?.firstName ?? first,
    lastName: profile?.lastName ?? rest.join(' '),
    email: user.email,
    phone: profile?.phone ? formatPhoneForDisplay(profile.phone) : '',
  };
}

/**
 * Fills in what the account knows without overwriting the shopper's typing: a field is refilled
 * only while it is empty or still holds what was filled in before.
 */
export function prefill(values: CustomerValues, before: CustomerValues, known: CustomerValues): CustomerValues {
  const next = { ...values };
  for (const field of customerFields) {
    if ((values[field] === '' || values[field] === before[field]) && known[field]) next[field] = known[field];
  }
  return next;
}

/**
 * 'Save this information for next time': what My Profile's personal details lack or hold otherwise
 * (names and cellphone; the email is the account's own), or null when they already match.
 */
export function profileChanges(customer: CustomerInfo, profile: ProfileDetails | undefined): ProfileUpdate | null {
  const changes: ProfileUpdate = {};
  if (profile?.firstName !== customer.firstName) changes.firstName = customer.firstName;
  if (profile?.lastName !== customer.lastName) changes.lastName = customer.lastName;
  if (profile?.phone !== customer.phone) changes.phone = customer.phone;
  return Object.keys(changes).length > 0 ? changes : null;
}

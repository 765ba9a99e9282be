/**
 * The order desk's admin in the browser tests: playwright.config.ts names this email in the test
 * server's ADMIN_EMAILS, so its account is an admin once the email is verified.
 */
export const ADMIN_EMAIL = 'order-desk@example.co.za';

/** The catalogue's admin in e2e/admin-products.spec.ts: an account of its own, so both files can run side by side. */
export const PRODUCTS_ADMIN_EMAIL = 'stock-room@example.co.za';

/** The admin who sends parcels in e2e/after-payment.spec.ts, beside the other two files' admins. */
export const PARCELS_ADMIN_EMAIL = 'parcels@example.co.za';

/** The admin of e2e/order-desk-phone.spec.ts, who runs the desk from a phone. */
export const PHONE_ADMIN_EMAIL = 'owner-on-the-go@example.co.za';

/** The admin who keeps the books in e2e/tax-documents.spec.ts: invoices, credit notes and the VAT report. */
export const BOOKS_ADMIN_EMAIL = 'books@example.co.za';

/** The owner who reads the shoppers' page speed in e2e/page-speed.spec.ts. */
export const SPEED_ADMIN_EMAIL = 'page-speed@example.co.za';

/** Named in ADMIN_EMAILS but never verified in the browser tests: told to verify, not 'Access Denied'. */
export const UNVERIFIED_ADMIN_EMAIL = 'new-owner@example.co.za';

/** The owner who runs the shop's discount codes in e2e/order-desk-discounts.spec.ts. */
export const DISCOUNTS_ADMIN_EMAIL = 'promotions@example.co.za';

/** The owner who prices quote requests in e2e/quotes.spec.ts. */
export const QUOTES_ADMIN_EMAIL = 'quotes@example.co.za';

/** An admin of the browser tests: the name it signs up with and its email. */
export interface Admin {
  name: string;
  email: string;
}

/**
 * The admins whose accounts e2e/global-setup.ts makes, verifies and signs in before the first test,
 * keeping each one's session for the tests (signInAsAdmin in e2e/shopper.ts). The unverified one
 * is left to its own test.
 */
export const SIGNED_IN_ADMINS: readonly Admin[] = [
  { name: 'Order Desk', email: ADMIN_EMAIL },
  { name: 'Stock Room', email: PRODUCTS_ADMIN_EMAIL },
  { name: 'Parcels Desk', email: PARCELS_ADMIN_EMAIL },
  { name: 'Owner On The Go', email: PHONE_ADMIN_EMAIL },
  { name: 'Books Desk', email: BOOKS_ADMIN_EMAIL },
  { name: 'Page Speed', email: SPEED_ADMIN_EMAIL },
  { name: 'Promotions', email: DISCOUNTS_ADMIN_EMAIL },
  { name: 'Quotes Desk', email: QUOTES_ADMIN_EMAIL },
];

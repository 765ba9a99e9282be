import { Link } from 'react-router';
import { PolicyLayout, PolicyTable, type PolicySection } from '../../components/policy/PolicyLayout';
import { usePageMeta } from '../../lib/use-page-meta';
import { shop, vatVendor } from '../../lib/initial-data';
import { staticPageMeta } from '../../../shared/page-meta';
import { ORDER_RECORD_RETENTION_YEARS, telHref } from '../../../shared/shop-facts';
import { ORDER_LINK_DAYS } from '../../../shared/guest-orders';
import { CART_OWNER_KEY, CART_SESSION_KEY } from '../../lib/cart-session';
import { CACHED_USER_KEY } from '../../components/auth/use-session';
import { CHECKOUT_DRAFT_DAYS, CURRENT_CHECKOUT_KEY } from '../../components/checkout/checkout-storage';
import { CHECKOUT_DRAFT_KEY, CHOSEN_POINT_KEY } from '../../lib/shopper-storage';

const LAST_UPDATED = '2026-11-29';

function Email() {
  return shop.email ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : <Link to="/contact">our contact form</Link>;
}

/**
 * Everything the shop keeps in a browser (its key or cookie name as the code names it), for the
 * table above: a new key in the web code belongs here too.
 */
const browserStorage: { name: string; type: string; purpose: string }[] = [
  { name: CART_SESSION_KEY, type: 'Local storage', purpose: 'A random number that links your browser to your cart, so it is still there when you come back' },
  { name: CART_OWNER_KEY, type: 'Local storage', purpose: 'Which account the cart in this browser belongs to, while you are signed in; removed when you sign out' },
  { name: CURRENT_CHECKOUT_KEY, type: 'Local storage', purpose: 'Remembers a payment in progress, so we can confirm it when you return from the payment page' },
  {
    name: CHECKOUT_DRAFT_KEY,
    type: 'Local storage',
    purpose: `What you filled in at checkout (your details, PAXI point or delivery address, courier service and discount code), so that it is still there after you cancel a payment or come back; kept ${CHECKOUT_DRAFT_DAYS} days at most, removed when you sign out`,
  },
  { name: CACHED_USER_KEY, type: 'Local storage', purpose: 'Your name, email address and account number, so the menu shows you signed in at once; removed when you sign out' },
  { name: CHOSEN_POINT_KEY, type: 'Session storage', purpose: 'The PAXI point you chose on the PAXI point finder, for checkout in the same tab; gone when the tab is closed' },
  { name: 'better-auth.session_token, or firebase-session', type: 'Cookie', purpose: 'Keeps you signed in; it expires or is removed when you sign out' },
  { name: 'better-auth.state', type: 'Cookie', purpose: 'Only while you sign in with Google: checks that the answer comes from the sign-in you started' },
  {
    name: 'firebaseLocalStorageDb',
    type: 'IndexedDB',
    purpose: "Only where the shop signs you in through Firebase: Firebase's own record of your sign-in, removed when you sign out",
  },
];

function sections(): PolicySection[] {
  const legalName = shop.legalName || shop.name;
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      content: (
        <>
          <p>
            {shop.name} is run by <strong>{legalName}</strong>
            {shop.registrationNumber && <> (registration number {shop.registrationNumber})</>}, {shop.address}. We are
            the &ldquo;responsible party&rdquo; for your personal information under the Protection of Personal
            Information Act, 2013 (POPIA): we decide what is collected and how it is used.
          </p>
          <p>
            Our information officer handles every privacy question and request. You can reach them by email at{' '}
            <Email />
            {shop.phone && (
              <>
                , by phone on <a href={telHref(shop.phone)}>{shop.phone}</a>
              </>
            )}{' '}
            or by post at the address above.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      content: (
        <>
          <p>We collect only what we need to sell you flags and look after you:</p>
          <PolicyTable
            caption="Personal information we collect"
            head={['Information', 'When']}
            rows={[
              ['Your name, email address and password', 'When you create an account or sign in (with Google, we receive your name and email from Google)'],
              ['Your name, email address and cellphone number', 'At checkout'],
              ['Your address and chosen PAXI point', 'At checkout, to find and deliver to a collection point near you'],
              [
                'Your street address, suburb, city and postal code, any company or school there and your delivery instructions',
                'At checkout, when you choose courier delivery to your door; saved to My Profile only if you tick the box to save it',
              ],
              ['Your order history: flags, prices, payment status and delivery details', 'When you place an order'],
              [
                'A proof of payment: the PDF from your bank or a photo of the slip, which may show your bank and account number',
                'Only if you send one for an order you pay by bank transfer, to match your payment. It is kept with the order and seen only by us, on our order desk: we never email it',
              ],
              ['Your name, email address and message', 'When you use our contact form or email us'],
              [
                `Your name, email address, cellphone number, organisation,${vatVendor ? ' VAT number,' : ''} delivery area and the flags you ask about`,
                'When you request a quote',
              ],
              ['Your cart contents, linked to a random cart number', 'When you add a flag to your cart'],
              ['Technical details: IP address, browser type and pages visited', 'On every visit, in our server logs'],
            ]}
          />
          <p>
            <strong>Card details:</strong> you enter your card details on the secure payment page of our payment
            provider, Yoco. They never reach us. From Yoco we receive only the payment result and a payment reference.
          </p>
        </>
      ),
    },
    {
      id: 'why',
      title: 'Why we use it, and our legal basis',
      content: (
        <ul>
          <li>
            <strong>To process and deliver your order</strong>, send your order confirmation and tracking number, and
            handle returns and refunds. This is necessary to carry out our agreement with you (POPIA section 11(1)(b)).
          </li>
          <li>
            <strong>To answer your messages and quote requests</strong> and give customer service, which you ask us to do.
          </li>
          <li>
            <strong>To remind you of a checkout you did not finish paying</strong>, only if you tick &ldquo;Email me a
            reminder if I don&apos;t finish paying&rdquo; at checkout: your consent (section 11(1)(a)). We send one email,
            about that cart only. Every reminder has a link that opts you out with one click; the opt-out list keeps only
            your email address, so that we never send you another.
          </li>
          <li>
            <strong>To keep tax and accounting records</strong>, which the law requires of us (section 11(1)(c)).
          </li>
          <li>
            <strong>To keep our shop and your account secure</strong>, prevent fraud and fix faults: our legitimate
            interest (section 11(1)(f)).
          </li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      content: (
        <>
          <p>We never sell your personal information. We share it only with service providers who help us run the shop:</p>
          <ul>
            <li>
              <strong>Yoco</strong>, our payment provider, to take your card payment and process refunds;
            </li>
            <li>
              <strong>PAXI</strong> (the PEP group), to deliver your parcel: your name, cellphone number and collection
              point;
            </li>
            <li>
              <strong>our courier</strong>, when you choose delivery to your door: your name, cellphone number, email
              address and street address (with any company and delivery instructions you gave), so that the driver can
              find you and the courier can tell you where your parcel is;
            </li>
            <li>
              <strong>our email and SMS providers</strong>, to send you order emails and messages;
            </li>
            <li>
              <strong>our hosting provider</strong>, which stores our website and database;
            </li>
            <li>
              <strong>Google</strong>, only if you choose to sign in with your Google account.
            </li>
          </ul>
          <p>
            Each of them may use your information only to provide their service to us and must keep it secure and
            confidential. We also disclose information when the law requires it, for example to SARS.
          </p>
          <p>
            Some of these providers may store information outside South Africa. We use only providers bound by laws or
            agreements that protect your information at least as well as POPIA does (section 72).
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <ul>
          <li>
            <strong>Orders and invoices:</strong> {ORDER_RECORD_RETENTION_YEARS} years after the order, as tax law
            requires.
          </li>
          <li>
            <strong>Proofs of payment:</strong> with their order, as long as the order is kept.
          </li>
          <li>
            <strong>Your account:</strong> until you ask us to delete it. Orders stay in our tax records as above.
          </li>
          <li>
            <strong>Contact messages:</strong> up to 2 years after we have answered you.
          </li>
          <li>
            <strong>Carts:</strong> only while you may come back to them; we regularly delete carts that have not been
            used for a long time.
          </li>
          <li>
            <strong>Server logs:</strong> a few weeks, unless we need them to investigate a security problem.
          </li>
        </ul>
      ),
    },
    {
      id: 'without-an-account',
      title: 'Buying without an account',
      content: (
        <p>
          If you buy without an account, we keep the details of your order just as we keep an account&apos;s orders:
          for our tax records, {ORDER_RECORD_RETENTION_YEARS} years after the order. The emails about your order carry
          a link that opens it. The link is personal, so please do not share it, and it works for {ORDER_LINK_DAYS}{' '}
          days; after that, <Link to="/orders/find">Find your order</Link> emails a new one to the address the order
          was placed with. If you later create an account with the same email address and verify it, those orders
          appear in My Profile.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'How we protect it',
      content: (
        <p>
          Our website works only over encrypted HTTPS connections. Access to customer information is limited to the
          staff who need it and protected by strong passwords. Card payments happen on Yoco&apos;s secure page, so we
          never store card data. If we ever find that your personal information has been accessed without
          authorisation, we will tell you and the Information Regulator as soon as reasonably possible, as POPIA
          section 22 requires.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and browser storage',
      content: (
        <>
          <p>
            We use only what the shop needs to work. We use no advertising cookies and no third-party trackers. This is
            everything the shop keeps in your browser:
          </p>
          <PolicyTable
            caption="Cookies and browser storage we use"
            head={['Name', 'Type', 'Purpose']}
            rows={browserStorage.map((item) => [item.name, item.type, item.purpose])}
          />
          <p>
            Page speed: your browser tells us how fast each page loaded, with a random number for that one page load
            that is kept in the page&apos;s memory only, never stored, and ties nothing to you.
          </p>
          <p>On the shop&apos;s secure (https) address the cookie names begin with __Secure-.</p>
          <p>You can clear these in your browser settings at any time; your cart will then be empty and you will be signed out.</p>
        </>
      ),
    },
    {
      id: 'marketing',
      title: 'No marketing messages',
      content: (
        <p>
          We do not send newsletters or offers, by email or SMS. We send only what your orders and your account need:
          order confirmations and invoices, delivery messages, account emails such as verifying your address or
          resetting your password, and replies to your questions. If we ever start sending news or offers, we will ask
          for your consent first and tell you how to unsubscribe in every message.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <>
          <p>Under POPIA you have the right to:</p>
          <ul>
            <li>
              <strong>access</strong> the personal information we hold about you and know who has received it;
            </li>
            <li>
              <strong>correct</strong> information that is wrong, out of date or incomplete;
            </li>
            <li>
              <strong>delete</strong> information we no longer need or have no right to keep;
            </li>
            <li>
              <strong>object</strong> to our use of your information based on our legitimate interest;
            </li>
            <li>
              <strong>withdraw your consent</strong> where we rely on it;
            </li>
            <li>
              <strong>complain to the Information Regulator</strong> (South Africa), at inforeg.org.za.
            </li>
          </ul>
          <p>
            To use your rights, email our information officer at <Email />. We may ask you to confirm your identity,
            and we answer within 30 days. Using your rights costs nothing.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: (
        <p>
          Our shop is meant for adults. If you are under 18, please ask a parent or guardian to order for you. We do not
          knowingly collect personal information of children without a parent&apos;s consent.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          We update this policy when our practices change; the date at the top shows the latest version. If a change
          affects how we use information we already hold, we will tell you by email first. See also our{' '}
          <Link to="/terms-of-service">Terms of Service</Link>.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicyPage() {
  usePageMeta(staticPageMeta('privacyPolicy', shop.name));
  return (
    <PolicyLayout
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          Your privacy matters to us. This policy explains what personal information {shop.name} collects, why, who
          we share it with, how long we keep it and the rights you have under South African law.
        </p>
      }
      sections={sections()}
    />
  );
}

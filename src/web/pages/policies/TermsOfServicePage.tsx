import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PolicyLayout, PolicyTable, type PolicySection } from '../../components/policy/PolicyLayout';
import { usePageMeta } from '../../lib/use-page-meta';
import { lineLimit, shop, shopWebsite, vatVendor } from '../../lib/initial-data';
import { staticPageMeta } from '../../../shared/page-meta';
import { courierFeesSentence, courierServiceTerms } from '../../components/policy/delivery-terms';
import { courierDeliveryTimes, courierNotes } from '../../../shared/courier-services';
import {
  COOLING_OFF_DAYS,
  DEFECT_RETURN_MONTHS,
  DELIVERY_DEADLINE_DAYS,
  DISPATCH_BUSINESS_DAYS,
  FLAG_SIZE,
  LEGAL_STATUS,
  ORDER_RECORD_RETENTION_YEARS,
  PAXI_EXPRESS,
  PAXI_STANDARD,
  REFUND_WITHIN_DAYS,
  telHref,
} from '../../../shared/shop-facts';

const LAST_UPDATED = '2026-11-27';

function sections(): PolicySection[] {
  const legalName = shop.legalName || shop.name;
  // Only a VAT vendor has a VAT number to disclose.
  const vatRegistration: [string, ReactNode][] = vatVendor ? [['VAT registration number', shop.vatNumber]] : [];
  const disclosures: [string, ReactNode][] = [
    ['Trading name', shop.name],
    ['Full legal name', legalName],
    ['Legal status', LEGAL_STATUS],
    ['Registration number', shop.registrationNumber || 'On request'],
    ...vatRegistration,
    ['Physical address', shop.address],
    ['Address for service of legal documents', shop.address],
    ['Telephone', shop.phone ? <a href={telHref(shop.phone)}>{shop.phone}</a> : 'On request'],
    ['Email', shop.email ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : 'On request'],
  ];
  if (shopWebsite) disclosures.push(['Website', shopWebsite]);

  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      content: (
        <>
          <p>
            This online shop is run by the business below. Section 43(1) of the Electronic Communications and
            Transactions Act, 2002 (ECT Act) asks every online seller to publish these details.
          </p>
          <PolicyTable
            caption="Seller details"
            head={['Detail', 'Information']}
            rows={disclosures.map(([label, value]) => [label, value])}
          />
          <p>
            The names of our directors are recorded with the Companies and Intellectual Property Commission (CIPC) and
            are available from us on request. We do not belong to any self-regulatory body and have not signed up to
            an industry code of conduct.
          </p>
        </>
      ),
    },
    {
      id: 'these-terms',
      title: 'These terms',
      content: (
        <>
          <p>
            These terms apply to every order you place on this website. By paying for an order you agree to them.
            Please read them together with our <Link to="/privacy-policy">Privacy Policy</Link>,{' '}
            <Link to="/returns-policy">Returns Policy</Link> and <Link to="/shipping-policy">Shipping Policy</Link>,
            which form part of these terms.
          </p>
          <p>
            We may update these terms from time to time. The version on this page when you place your order is the one
            that applies to that order. Nothing in these terms takes away any right you have under the Consumer
            Protection Act, 2008 (CPA) or the ECT Act.
          </p>
        </>
      ),
    },
    {
      id: 'products-and-prices',
      title: 'Our flags and prices',
      content: (
        <>
          <p>
            Our flags are printed on polyester and measure {FLAG_SIZE} unless the size chosen on the product page says otherwise. The
            pictures on this site show each design; colours can look slightly different from screen to screen.
          </p>
          <ul>
            <li>
              All prices are in South African rand (ZAR){vatVendor && <> and <strong>include VAT at 15%</strong></>}.
            </li>
            <li>
              The delivery fee is added at checkout: for PAXI collection {PAXI_STANDARD.feeLabel} standard or{' '}
              {PAXI_EXPRESS.feeLabel} express; for courier delivery to your door {courierFeesSentence()}. Before you
              pay, the checkout shows the full price: every flag, the delivery fee, any discount and the total
              {vatVendor && ', all including VAT'}. There are no other charges.
            </li>
            <li>
              A discount code is entered at checkout, one per order. It takes off what the code says (a percentage or
              an amount, of the flags and, where the code says so, of the delivery fee), within its conditions: dates,
              a minimum spend, and how often it may be used, in all and by each customer. The checkout shows the
              discount before you pay; a code cannot be exchanged for cash.
            </li>
            <li>
              The price you pay is the price shown when you place your order. If we ever make an obvious pricing
              mistake, we will contact you before sending your order and you may cancel it for a full refund.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'ordering',
      title: 'How to order',
      content: (
        <>
          <ol>
            <li>Add the flags you want to your cart and choose the quantity (1 to {lineLimit} of each flag; for more, contact us).</li>
            <li>Open the cart and select Proceed to Checkout. You will be asked to sign in or create an account.</li>
            <li>
              Enter your name, email address and cellphone number, then choose how your order reaches you: a PAXI point
              and a collection speed, or your street address and a courier service.
            </li>
            <li>
              Check the order summary: the flags, quantities, prices, delivery fee, any discount and the total. You can go back and correct
              anything, change quantities or remove flags, or simply leave the checkout to withdraw from the order.
              Nothing is charged until you confirm payment.
            </li>
            <li>Pay on the secure Yoco payment page.</li>
          </ol>
          <p>
            These steps give you the chance, as section 43(2) of the ECT Act requires, to review the whole order,
            correct any mistakes and withdraw before you pay. Our agreement with you is made when your payment is
            approved and we show your order as confirmed.
          </p>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Payment',
      content: (
        <>
          <p>
            We accept payment by debit or credit card through Yoco, a South African payment provider. When you pay,
            you leave our site for Yoco&apos;s secure hosted checkout, where you enter your card details. The full
            amount is charged when you place the order.
          </p>
          <p>
            Your card details go straight to Yoco. They never reach our servers, and we never see or store your card
            number.
          </p>
        </>
      ),
    },
    {
      id: 'record',
      title: 'Your record of the transaction',
      content: (
        <p>
          After a successful payment we email you an order confirmation with your order number, the flags you bought,
          the prices, the delivery fee, any discount, the total paid and your collection point or delivery address. Please keep this email: it is your
          record of the transaction. If you lose it, contact us with your name and email address and we will send
          you a copy. We keep order records for {ORDER_RECORD_RETENTION_YEARS} years.
        </p>
      ),
    },
    {
      id: 'delivery',
      title: 'Delivery',
      content: (
        <>
          <p>
            We deliver within South Africa only: to the PAXI collection point you choose at checkout, or by courier to
            the street address you give. We dispatch orders within {DISPATCH_BUSINESS_DAYS} business days of payment.
            PAXI Standard takes {PAXI_STANDARD.time} and PAXI Express {PAXI_EXPRESS.time} from dispatch; by courier,{' '}
            {courierServiceTerms()
              .map((service) => `${service.name} arrives ${courierDeliveryTimes[service.level]}`)
              .join(' and ')}
            . You collect a PAXI order with your ID and the PIN PAXI sends you by SMS. A courier brings the parcel to
            your door: {courierNotes.signFor.toLowerCase()}
          </p>
          <p>
            If we cannot deliver within {DELIVERY_DEADLINE_DAYS} days of receiving your order, you may cancel it and we
            will refund you in full. The details are in our <Link to="/shipping-policy">Shipping Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'returns',
      title: 'Cancellations, returns and refunds',
      content: (
        <>
          <p>
            You may cancel an online purchase within {COOLING_OFF_DAYS} days of receiving your flags, without giving a
            reason (section 44 of the ECT Act). The only cost to you is the direct cost of returning the flags, and we
            refund you within {REFUND_WITHIN_DAYS} days.
          </p>
          <p>
            If a flag is defective, you may return it within {DEFECT_RETURN_MONTHS} months and choose a repair, a
            replacement or a refund (sections 55 and 56 of the CPA). See our{' '}
            <Link to="/returns-policy">Returns Policy</Link> for how to return a flag.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-and-security',
      title: 'Privacy and security',
      content: (
        <>
          <p>
            We protect your personal information as the Protection of Personal Information Act, 2013 (POPIA)
            requires. Our <Link to="/privacy-policy">Privacy Policy</Link> explains what we collect, why, who we share
            it with and your rights.
          </p>
          <p>
            Our site is served only over an encrypted (HTTPS) connection. Card payments are handled by Yoco on its
            own secure page, so we never hold your card data. You are responsible for keeping your account password
            secret; please tell us at once if you think someone else has used your account.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility to you',
      content: (
        <p>
          We are responsible for the flags we sell being of good quality, as described and fit for their purpose, as
          the CPA requires. We are not responsible for losses that we could not reasonably have foreseen, or for
          delays caused by events outside our control, such as strikes or severe weather. Nothing in these terms
          limits our responsibility where the law does not allow it to be limited.
        </p>
      ),
    },
    {
      id: 'complaints',
      title: 'Complaints',
      content: (
        <p>
          If something goes wrong, please <Link to="/contact">contact us</Link> first: most problems are solved
          quickly. If we cannot resolve your complaint, you may refer it to the Consumer Goods and Services Ombud
          (CGSO) or the National Consumer Commission.
        </p>
      ),
    },
    {
      id: 'law',
      title: 'Governing law',
      content: (
        <p>
          These terms and every order are governed by the law of the Republic of South Africa, and the South African
          courts have jurisdiction. Legal documents may be served on us at {shop.address}.
        </p>
      ),
    },
  ];
}

export default function TermsOfServicePage() {
  usePageMeta(staticPageMeta('termsOfService', shop.name));
  return (
    <PolicyLayout
      title="Terms of Service"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          These terms explain how buying from {shop.name} works: who we are, prices, payment, delivery, returns and
          your rights. Thank you for shopping with us.
        </p>
      }
      sections={sections()}
    />
  );
}

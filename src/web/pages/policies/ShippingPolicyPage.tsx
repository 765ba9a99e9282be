import { Link } from 'react-router';
import { PolicyLayout, PolicyTable, type PolicySection } from '../../components/policy/PolicyLayout';
import { usePageMeta } from '../../lib/use-page-meta';
import { shop, vatVendor } from '../../lib/initial-data';
import { courierServiceTerms } from '../../components/policy/delivery-terms';
import { staticPageMeta } from '../../../shared/page-meta';
import { courierNotes } from '../../../shared/courier-services';
import {
  DELIVERY_DEADLINE_DAYS,
  DISPATCH_BUSINESS_DAYS,
  REFUND_WITHIN_DAYS,
  deliveryOptions,
  paxi,
} from '../../../shared/shop-facts';

const LAST_UPDATED = '2026-11-27';

function sections(): PolicySection[] {
  return [
    {
      id: 'where-we-deliver',
      title: 'Where we deliver',
      content: (
        <>
          <p>
            We ship <strong>within South Africa only</strong>, in one of two ways that you choose at checkout:
          </p>
          <ul>
            <li>
              <strong>PAXI collection.</strong> PAXI is the parcel service of the PEP group: you collect your parcel
              over the counter at one of {paxi.pointCount} PAXI points in {paxi.storesText} stores across the country,
              in cities, towns and rural areas. You choose your PAXI point at checkout by searching near your address.
            </li>
            <li>
              <strong>Courier delivery to your door.</strong> A courier brings your parcel to the South African street
              address you give at checkout: your home, your work or a school. {courierNotes.signFor}
            </li>
          </ul>
          <p>We cannot deliver outside South Africa.</p>
        </>
      ),
    },
    {
      id: 'options-and-fees',
      title: 'Delivery options and fees',
      content: (
        <>
          <p>
            You choose PAXI collection and its speed, or courier delivery and its service, at checkout. One fee covers
            your whole order, however many flags it holds.
          </p>
          <PolicyTable
            caption="PAXI delivery options"
            head={['Option', vatVendor ? 'Fee (incl. VAT)' : 'Fee', 'Delivery time']}
            rows={deliveryOptions.map((o) => [o.name, o.feeLabel, o.time])}
          />
          <PolicyTable
            caption="Courier delivery options"
            head={['Service', vatVendor ? 'Fee (incl. VAT)' : 'Fee', 'Delivery time']}
            rows={courierServiceTerms().map((service) => [`Courier ${service.name}`, service.fee ?? 'Priced at checkout for your parcel and address', service.time])}
          />
          <p>
            The fee is added to your order and shown in the order summary, together with the total, before you pay.
            Business days are Monday to Friday, excluding public holidays, and are counted from the day we dispatch your
            order.
          </p>
        </>
      ),
    },
    {
      id: 'dispatch',
      title: 'Dispatch and tracking',
      content: (
        <p>
          We pack and hand your order to PAXI or the courier <strong>within {DISPATCH_BUSINESS_DAYS} business days</strong>{' '}
          of your payment. When it is on its way we email you the tracking number, so you can follow the parcel on
          PAXI&apos;s or the courier&apos;s website; for courier delivery we also send it by SMS.
        </p>
      ),
    },
    {
      id: 'collecting',
      title: 'Collecting your order at a PAXI point',
      content: (
        <>
          <ol>
            <li>
              When your parcel reaches your PAXI point, PAXI sends an <strong>SMS with a PIN</strong> to the cellphone
              number you gave at checkout.
            </li>
            <li>
              Go to the store during its opening hours and bring <strong>your ID</strong> (ID book, ID card, passport or
              driver&apos;s licence) and the <strong>PIN</strong>.
            </li>
            <li>Check the parcel at the counter. If it looks damaged, please tell us straight away.</li>
          </ol>
          <p>Please make sure your cellphone number is correct at checkout: without the SMS you cannot collect.</p>
        </>
      ),
    },
    {
      id: 'courier',
      title: 'Courier delivery to your door',
      content: (
        <>
          <ol>
            <li>When the courier reports your parcel out for delivery, we send you an SMS and an email that day.</li>
            <li>{courierNotes.signFor} Give the driver&apos;s instructions at checkout, such as a gate code or who to ask for at reception.</li>
            <li>
              If nobody could take the parcel, we tell you by email and SMS. {courierNotes.tryAgain} To arrange another
              time, contact us.
            </li>
          </ol>
          <p>
            If the courier still cannot deliver, the parcel comes back to us and we contact you: we can send it again
            (a new delivery fee applies) or refund the price of the flags.
          </p>
        </>
      ),
    },
    {
      id: 'uncollected',
      title: 'Uncollected PAXI parcels',
      content: (
        <p>
          PAXI keeps your parcel at the collection point for <strong>{paxi.uncollectedReturnDays} days</strong>. After
          that it is returned to us. When it arrives back, we contact you: we can send it again (a new PAXI fee
          applies) or refund the price of the flags.
        </p>
      ),
    },
    {
      id: 'thirty-days',
      title: 'Our 30-day delivery promise',
      content: (
        <p>
          As section 46 of the Electronic Communications and Transactions Act, 2002 requires, we deliver your order{' '}
          <strong>within {DELIVERY_DEADLINE_DAYS} days</strong> of receiving it, unless we agree otherwise with you. If
          we do not, you may cancel the order by giving us 7 days&apos; written notice (an email is enough). If a flag
          is unavailable, we tell you straight away and refund you within {REFUND_WITHIN_DAYS} days.
        </p>
      ),
    },
    {
      id: 'lost-or-damaged',
      title: 'Lost or damaged parcels',
      content: (
        <p>
          Your order is our responsibility until you collect it or the courier delivers it. If a parcel is lost or arrives damaged, contact us
          with your order number and we will send a replacement at no cost to you or refund you in full. See our{' '}
          <Link to="/returns-policy">Returns Policy</Link> for returns and faulty flags.
        </p>
      ),
    },
  ];
}

export default function ShippingPolicyPage() {
  usePageMeta(staticPageMeta('shippingPolicy', shop.name));
  return (
    <PolicyLayout
      title="Shipping Policy"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          {shop.name} delivers every order within South Africa: to a PAXI collection point near you, affordable and
          close to home wherever you live, or by courier to your door.
        </p>
      }
      sections={sections()}
    />
  );
}

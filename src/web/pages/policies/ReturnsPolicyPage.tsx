import { Link } from 'react-router';
import { PolicyLayout, type PolicySection } from '../../components/policy/PolicyLayout';
import { usePageMeta } from '../../lib/use-page-meta';
import { shop } from '../../lib/initial-data';
import { staticPageMeta } from '../../../shared/page-meta';
import {
  COOLING_OFF_DAYS,
  DEFECT_RETURN_MONTHS,
  POLYESTER_LIFE,
  REFUND_WITHIN_DAYS,
  telHref,
} from '../../../shared/shop-facts';

const LAST_UPDATED = '2026-11-27';

function ContactLine() {
  return (
    <>
      <Link to="/contact">our contact form</Link>
      {shop.email && (
        <>
          , by email to <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </>
      )}
      {shop.phone && (
        <>
          {' '}
          or by phone on <a href={telHref(shop.phone)}>{shop.phone}</a>
        </>
      )}
    </>
  );
}

function sections(): PolicySection[] {
  return [
    {
      id: 'summary',
      title: 'At a glance',
      content: (
        <ul>
          <li>
            <strong>Changed your mind?</strong> Cancel within {COOLING_OFF_DAYS} days of receiving your flags, no reason
            needed. You pay only the cost of sending them back.
          </li>
          <li>
            <strong>Faulty flag?</strong> Return it within {DEFECT_RETURN_MONTHS} months and choose a repair, a
            replacement or a refund. We pay the cost of the return.
          </li>
          <li>
            <strong>Refunds</strong> go back to the card you paid with, within {REFUND_WITHIN_DAYS} days.
          </li>
        </ul>
      ),
    },
    {
      id: 'cooling-off',
      title: `Changed your mind: the ${COOLING_OFF_DAYS}-day cooling-off period`,
      content: (
        <>
          <p>
            Because you buy from us online, section 44 of the Electronic Communications and Transactions Act, 2002
            (ECT Act) lets you cancel your order <strong>within {COOLING_OFF_DAYS} days after you receive the flags</strong>{' '}
            (the day you collect them from the PAXI point, or the day the courier delivers them), without giving a
            reason and without any penalty.
          </p>
          <ul>
            <li>You can cancel the whole order or only some of the flags in it.</li>
            <li>
              The only cost you carry is the <strong>direct cost of returning the flags</strong> to us, such as the
              PAXI fee for sending the parcel back. We charge no handling or restocking fee.
            </li>
            <li>
              We refund the full amount you paid for the returned flags, and the delivery fee of your order (PAXI or
              courier) if you return all of it, <strong>within {REFUND_WITHIN_DAYS} days</strong> of your cancellation. In practice we refund
              as soon as the flags are back with us.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'defective',
      title: 'Faulty or wrong flags',
      content: (
        <>
          <p>
            Under sections 55 and 56 of the Consumer Protection Act, 2008 (CPA), every flag must be of good quality,
            free of defects and as described. If a flag is faulty, you may return it{' '}
            <strong>within {DEFECT_RETURN_MONTHS} months of delivery</strong>, and <strong>you choose</strong> whether
            we repair it, replace it or refund you. We pay the cost of the return.
          </p>
          <p>Examples of faults we will put right:</p>
          <ul>
            <li>printing faults, such as missing, smudged or wrong colours;</li>
            <li>seams, hems or the header tape coming apart, or grommets pulling out;</li>
            <li>the wrong flag or the wrong quantity in your parcel;</li>
            <li>a flag damaged on its way to you (please tell us within a few days of receiving it).</li>
          </ul>
          <p>
            Outdoor flags weather over time. Gradual fading and fraying after months of flying (our polyester flags
            last about {POLYESTER_LIFE} outdoors), and damage from misuse, such as flying a flag in a gale or
            snagging it on a sharp object, are not faults.
          </p>
        </>
      ),
    },
    {
      id: 'how-to-return',
      title: 'How to start a return',
      content: (
        <>
          <ol>
            <li>
              Contact us through <ContactLine />. Give your <strong>order number</strong> (from your order confirmation
              email), the flags you are returning and, for a faulty flag, a short description or a photo of the
              fault.
            </li>
            <li>
              We reply within two business days with the return details, including the PAXI point to send the parcel
              to. For a faulty flag we tell you how we will cover the cost of the return.
            </li>
            <li>
              Pack the flags securely with a note of your order number and send them back. Keep your PAXI receipt
              until your refund or replacement has been sorted out.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: 'condition',
      title: 'Condition of returned flags',
      content: (
        <p>
          For a change-of-mind return, please send the flags back unused, clean and in the condition you received
          them, in their original packaging if you still have it, so that they can go to another customer. Unfolding a
          flag to check it is fine. Faulty flags can of course come back in whatever state the fault left them.
        </p>
      ),
    },
    {
      id: 'refunds',
      title: 'Refunds',
      content: (
        <>
          <p>
            We refund to <strong>the card you paid with</strong>, through our payment provider Yoco. We cannot refund to
            a different card or account, or in cash. We email you when the refund has been made; your bank may take a
            few business days to show it on your statement.
          </p>
          <p>
            If you chose a replacement instead, we send it the way your order came, to your PAXI point or by courier to
            your address, at no cost to you as soon as the returned flag reaches us.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <p>
          This policy adds to your rights under the CPA and the ECT Act and does not limit them. If you are unhappy with
          how we handled your return, please tell us; you may also refer the matter to the Consumer Goods and Services
          Ombud (CGSO). See also our <Link to="/terms-of-service">Terms of Service</Link> and{' '}
          <Link to="/shipping-policy">Shipping Policy</Link>.
        </p>
      ),
    },
  ];
}

export default function ReturnsPolicyPage() {
  usePageMeta(staticPageMeta('returnsPolicy', shop.name));
  return (
    <PolicyLayout
      title="Returns Policy"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          At {shop.name} we want you to be proud of every flag you buy. If something is not right, or you simply
          change your mind, here is how returns and refunds work.
        </p>
      }
      sections={sections()}
    />
  );
}

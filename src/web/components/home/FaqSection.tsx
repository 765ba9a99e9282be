import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../ui/Accordion';
import { FLAG_SIZE, FLAG_WEIGHT, POLYESTER_LIFE, PAXI_EXPRESS, PAXI_STANDARD, paxi } from '../../../shared/shop-facts';
import { vatVendor } from '../../lib/initial-data';
import { courierFeesSentence } from '../policy/delivery-terms';
import { courierNotes } from '../../../shared/courier-services';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}

const faqs: Faq[] = [
  {
    id: 'lifespan',
    question: 'How long do your polyester flags last?',
    answer: (
      <p>
        Our polyester flags last {POLYESTER_LIFE} with normal outdoor use. To get the most from yours, take it down in
        gale-force winds and wash it by hand in cold water when it gets dirty.
      </p>
    ),
  },
  {
    id: 'delivery',
    question: 'How does delivery work?',
    answer: (
      <>
        <p>
          Anywhere in South Africa, in one of two ways you choose at checkout. Collect at a PAXI point, in{' '}
          {paxi.pointCount} {paxi.storesText} stores: standard collection costs {PAXI_STANDARD.feeLabel} ({PAXI_STANDARD.time}) and
          express costs {PAXI_EXPRESS.feeLabel} ({PAXI_EXPRESS.time}). Or have a courier bring your flags to your door:{' '}
          {courierFeesSentence()}.
        </p>
        <p className="mt-3">
          At a PAXI point you get an SMS with a PIN when your flag arrives; bring it and your ID to collect. By courier,{' '}
          {courierNotes.signFor.toLowerCase()}{' '}
          <Link to="/shipping-policy" className={linkClass}>
            Read our shipping policy
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'size',
    question: 'What size are your flags?',
    answer: (
      <p>
        Our standard flag is {FLAG_SIZE} (about 5 x 3 feet), the most popular size for a house flagpole, a wall or a
        stadium, and weighs about {FLAG_WEIGHT}. Most flags also come in 90 × 60 cm and as a desk flag with a stand:
        choose the size on the flag&apos;s page.
      </p>
    ),
  },
  {
    id: 'why-polyester',
    question: 'Why polyester?',
    answer: (
      <p>
        Polyester is strong, light and weather resistant. It flies in a light breeze, dries quickly after rain and
        keeps its colours in the sun far longer than cotton, which is why most outdoor flags are made of it.
      </p>
    ),
  },
  // A shop not registered for VAT charges none, so the question does not arise.
  ...(vatVendor
    ? [
        {
          id: 'vat',
          question: 'Do your prices include VAT?',
          answer: (
            <p>
              Yes. All prices are in rand and include 15% VAT. The delivery fee, PAXI or courier, is added to your order
              total and shown before you pay, so there are no surprises.
            </p>
          ),
        },
      ]
    : []),
  {
    id: 'returns',
    question: 'Can I return a flag?',
    answer: (
      <p>
        Yes. You may return a flag you ordered online within 7 days of receiving it, without giving a reason, and a
        defective flag within 6 months.{' '}
        <Link to="/returns-policy" className={linkClass}>
          Read our returns policy
        </Link>
        .
      </p>
    ),
  },
];

export function FaqSection() {
  return (
    <section aria-labelledby="faq-heading" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:py-20">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Frequently asked questions
        </h2>
        <Accordion className="mt-10">
          {faqs.map((faq) => (
            <AccordionItem key={faq.id} value={faq.id}>
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-8 text-center text-slate-600">
          Still have a question?{' '}
          <Link to="/contact" className={linkClass}>
            Contact us
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

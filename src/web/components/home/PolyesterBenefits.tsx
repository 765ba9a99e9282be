import { CircleCheck } from 'lucide-react';
import { FLAG_SIZE, FLAG_WEIGHT, POLYESTER_LIFE } from '../../../shared/shop-facts';

const benefits: { title: string; text: string }[] = [
  {
    title: 'Made for the outdoors',
    text: `Polyester shrugs off sun, wind and rain. With normal outdoor use our flags last ${POLYESTER_LIFE}.`,
  },
  {
    title: 'Flies in a light breeze',
    text: `At about ${FLAG_WEIGHT} for a ${FLAG_SIZE} flag, the fabric is light enough to lift and ripple without a strong wind.`,
  },
  {
    title: 'Bright, lasting colours',
    text: 'Polyester holds printed colour well and resists fading, so your flag stays bright far longer than cotton would.',
  },
  {
    title: 'Quick to dry, easy to clean',
    text: 'Polyester dries fast after a shower and washes by hand in cold water with a mild soap.',
  },
];

export function PolyesterBenefits() {
  return (
    <section aria-labelledby="polyester-heading" className="bg-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8 lg:py-20">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">The fabric</p>
          <h2 id="polyester-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Why we make our flags in polyester
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            We have tried the alternatives over the years. For a flag that flies every day on a pole, a wall or a
            stadium railing, polyester gives the best mix of strength, colour and price.
          </p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:col-span-3">
          {benefits.map((b) => (
            <li key={b.title} className="flex gap-3">
              <CircleCheck className="mt-1 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{b.title}</h3>
                <p className="mt-1 leading-7 text-slate-600">{b.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { usePageMeta } from '../lib/use-page-meta';
import { lineLimit, shop } from '../lib/initial-data';
import { buttonClasses } from '../components/ui/Button';
import { QuoteRequestForm } from '../components/quote/QuoteRequestForm';
import type { QuoteReceived } from '../components/quote/use-request-quote';
import { staticPageMeta } from '../../shared/page-meta';

/** The reference and what happens next, in place of the form once the request is in. */
function Received({ received, onAnother }: { received: QuoteReceived; onAnother: () => void }) {
  return (
    <div role="status" className="space-y-4 text-center" data-testid="quote-received">
      <CheckCircle2 className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <h2 className="text-2xl font-bold text-slate-900">Quote request {received.reference} sent</h2>
      <p className="text-slate-700">{received.message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/shop" className={buttonClasses('primary')}>
          Back to the shop
        </Link>
        <button type="button" className={buttonClasses('outline')} onClick={onAnother}>
          Request another quote
        </button>
      </div>
    </div>
  );
}

/** /quote: many flags, or a size or print the shop does not list, priced by the shop by email. `?flag=kenya&size=90x60` starts the first line. */
export default function QuotePage() {
  usePageMeta(staticPageMeta('quote', shop.name));
  const [params] = useSearchParams();
  const [received, setReceived] = useState<QuoteReceived>();
  const [round, setRound] = useState(0);
  const start = { flag: params.get('flag') ?? '', size: params.get('size') ?? '', quantity: params.get('quantity') ?? '' };

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Request a quote</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Buying more than {lineLimit} of one flag, for a school, company or event? Need a size or print we don't list? Tell us what you need
            and we will email you a price.
          </p>
        </header>
        <section aria-labelledby="quote-form-heading" className="mt-10 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8">
          <h2 id="quote-form-heading" className={received ? 'sr-only' : 'mb-6 text-xl font-semibold text-slate-900'}>
            What you need
          </h2>
          {received ? (
            <Received
              received={received}
              onAnother={() => {
                setReceived(undefined);
                setRound((n) => n + 1);
              }}
            />
          ) : (
            <QuoteRequestForm key={round} start={round === 0 ? start : undefined} onReceived={setReceived} />
          )}
        </section>
      </div>
    </div>
  );
}

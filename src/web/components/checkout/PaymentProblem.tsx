import { Link } from 'react-router';
import { XCircle } from 'lucide-react';
import { buttonClasses } from '../ui/Button';
import { checkoutReference } from '../../../shared/checkout';
import { paymentProblem, type PaymentNotConfirmed } from './payment-outcome';

/**
 * A payment that did not go through or could not be confirmed: one heading, one message saying
 * what happened and what to do, the reference to quote, and the ways on (spec section 2).
 */
export function PaymentProblem({ outcome }: { outcome: PaymentNotConfirmed }) {
  const { title, message, nextStep } = paymentProblem(outcome);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-12 text-center sm:py-16">
      <XCircle className="h-16 w-16 text-red-600" aria-hidden="true" />
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <div role="alert" className="rounded-md bg-red-50 px-4 py-3 text-left text-red-900" data-testid="payment-problem">
        <p>{message}</p>
        <p className="mt-2">{nextStep}</p>
        {outcome.checkoutId && (
          <p className="mt-2">
            Payment reference:{' '}
            <span className="font-mono font-semibold" data-testid="payment-reference">
              {checkoutReference(outcome.checkoutId)}
            </span>
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/checkout" className={buttonClasses('primary')}>
          Try Again
        </Link>
        <Link to="/contact" className={buttonClasses('outline')}>
          Contact Support
        </Link>
      </div>
    </div>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { LockKeyhole } from 'lucide-react';
import type { PaymentProgress } from './use-payment-progress';

/**
 * Covers the page while the payment is prepared and the browser leaves for the payment page. It
 * cannot be dismissed: a second click could open a second payment. Screen readers hear each step.
 */
export function PaymentProgressOverlay({ active, step, progress }: PaymentProgress) {
  return (
    <Dialog.Root open={active}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/60 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl outline-none sm:p-8"
          data-testid="payment-progress"
        >
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50">
              <LockKeyhole className="h-5 w-5 text-brand-700" aria-hidden="true" />
            </span>
            <Dialog.Title className="text-lg font-semibold text-slate-900">Preparing your secure payment</Dialog.Title>
          </div>
          <Dialog.Description className="mt-3 text-sm text-slate-600">
            Please keep this page open. You will be taken to the card payment page in a moment.
          </Dialog.Description>
          <div
            role="progressbar"
            aria-label="Payment preparation"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={`${step}, ${progress}%`}
            className="mt-5 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-700 transition-[width] duration-200 ease-out motion-reduce:transition-none"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="mt-3 flex justify-between text-sm font-medium text-slate-800">
            <span role="status" aria-live="polite" data-testid="payment-progress-step">
              {step}
            </span>
            <span aria-hidden="true">{progress}%</span>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

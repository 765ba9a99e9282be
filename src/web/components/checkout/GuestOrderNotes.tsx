import { useState } from 'react';
import { Link } from 'react-router';
import { UserRound } from 'lucide-react';
import { Button } from '../ui/Button';
import { openAuthDialog } from '../auth/auth-dialog-store';
import { readCheckoutDraft } from './checkout-storage';
import { ORDER_LINK_DAYS } from '../../../shared/guest-orders';
import type { PaymentVerification } from '../../../shared/checkout';

/**
 * After a guest paid: where the link to the order is kept, how to find the order later, and, when
 * they ticked "Create an account with these details", the way to choose a password.
 */
export function GuestOrderNotes({ verification }: { verification: PaymentVerification }) {
  // Read once: the checkout's choices as the guest left them (checkout-storage.ts).
  const [wantsAccount] = useState(() => readCheckoutDraft(null)?.createAccount === true);
  const customer = verification.metadata.customerInfo;
  return (
    <>
      <p className="text-sm text-slate-600">
        We have emailed the link to this order to {customer.email}; it opens the order for {ORDER_LINK_DAYS} days. After that,{' '}
        <Link to={`/orders/find?order=${encodeURIComponent(verification.orderNumber ?? '')}`} className="font-semibold text-brand-700 underline">
          find your order
        </Link>{' '}
        with its number and your email.
      </p>
      {wantsAccount && (
        <section aria-labelledby="create-account-heading" className="flex w-full flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-5 text-left sm:flex-row sm:items-center">
          <UserRound className="h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="create-account-heading" className="font-semibold text-slate-900">
              Create your account
            </h2>
            <p className="text-sm text-slate-700">
              Choose a password for {customer.email}. Once you verify your email, this order is in My Profile with every order you place later.
            </p>
          </div>
          <Button size="sm" onClick={() => openAuthDialog('signup', { name: `${customer.firstName} ${customer.lastName}`, email: customer.email })}>
            Choose a password
          </Button>
        </section>
      )}
    </>
  );
}

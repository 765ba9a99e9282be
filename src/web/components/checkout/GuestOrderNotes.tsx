import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { openAuthDialog } from '../auth/auth-dialog-store';
import { readCheckoutDraft } from './checkout-storage';
import { BuyerNotice } from './BuyerNotice';
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
        <BuyerNotice
          id="create-account-heading"
          heading="Create your account"
          text={`Choose a password for ${customer.email}. Once you verify your email, this order is in My Profile with every order you place later.`}
          className="w-full text-left"
        >
          <Button size="sm" onClick={() => openAuthDialog('signup', { name: `${customer.firstName} ${customer.lastName}`, email: customer.email })}>
            Choose a password
          </Button>
        </BuyerNotice>
      )}
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { readCartSessionId } from '../../lib/cart-session';
import type { DiscountPreview } from '../../../shared/checkout';

/** The server turned the code down (used up, expired, the cart changed), as opposed to not being reached. */
const isRefusal = (failure: unknown) => failure instanceof ApiError && failure.status >= 400 && failure.status < 500;

/**
 * The discount code the shopper applied, as the server priced it for the cart and the delivery fee
 * now. A change to either asks again, so the summary never shows a discount the checkout would
 * not give; the checkout counts the code once more when the shopper pays. `remembered` is the code
 * of the checkout draft (back from the payment page, say): it is priced again as the page opens,
 * and when it no longer applies the summary says so and why.
 */
export function useDiscountCode(subtotalCents: number, deliveryFeeCents: number, remembered?: string) {
  const [applied, setApplied] = useState<DiscountPreview>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  // The code the shopper applied and did not remove: the checkout draft keeps it while it is priced again.
  const [kept, setKept] = useState(remembered);
  const appliedCode = useRef(remembered);

  const apply = useCallback(
    async (code: string, again = false) => {
      setPending(true);
      setError(undefined);
      try {
        // The cart counts only for a guest: a signed-in shopper's own cart is priced.
        const preview = await callApi('previewDiscount', { body: { code, deliveryFeeCents, cartSessionId: readCartSessionId() ?? undefined } });
        appliedCode.current = preview.code;
        setKept(preview.code);
        setApplied(preview);
      } catch (failure) {
        appliedCode.current = undefined;
        setKept(undefined);
        setApplied(undefined);
        const signedOut = failure instanceof ApiError && failure.status === 401;
        const reason = signedOut ? 'Please sign in to use a discount code.' : messageOf(failure, 'We could not check the code. Please try again.');
        if (!again) setError(reason);
        // Priced again without the shopper asking: say which code went, and why.
        else if (isRefusal(failure)) setError(`The discount code ${code} was removed. ${reason}`);
        else setError(`We could not check the discount code ${code} just now. Please press Apply to try again.`);
      } finally {
        setPending(false);
      }
    },
    [deliveryFeeCents],
  );

  /** Prices the applied code again (the cart, the fee or the code changed on the server). */
  const recheck = useCallback(() => {
    if (appliedCode.current) void apply(appliedCode.current, true);
  }, [apply]);

  useEffect(recheck, [recheck, subtotalCents]);

  const remove = useCallback(() => {
    appliedCode.current = undefined;
    setKept(undefined);
    setApplied(undefined);
    setError(undefined);
  }, []);

  /** The checkout refused the code (used up meanwhile, say): the summary drops it and says why. */
  const refused = useCallback((message: string) => {
    appliedCode.current = undefined;
    setKept(undefined);
    setApplied(undefined);
    setError(message);
  }, []);

  return { applied, kept, error, pending, apply, recheck, remove, refused };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, messageOf } from '../../lib/api';
import type { DiscountPreview } from '../../../shared/checkout';

/**
 * The discount code the shopper applied, as the server priced it for the cart and the delivery fee
 * now. A change to either asks again, so the summary never shows a discount the checkout would
 * not give; the checkout counts the code once more when the shopper pays.
 */
export function useDiscountCode(subtotalCents: number, deliveryFeeCents: number) {
  const [applied, setApplied] = useState<DiscountPreview>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const appliedCode = useRef<string>(undefined);

  const apply = useCallback(
    async (code: string) => {
      setPending(true);
      setError(undefined);
      try {
        const preview = await apiRequest<DiscountPreview>('POST', '/api/checkout/discount', { code, deliveryFeeCents });
        appliedCode.current = preview.code;
        setApplied(preview);
      } catch (failure) {
        appliedCode.current = undefined;
        setApplied(undefined);
        const signedOut = failure instanceof ApiError && failure.status === 401;
        setError(signedOut ? 'Please sign in to use a discount code.' : messageOf(failure, 'We could not check the code. Please try again.'));
      } finally {
        setPending(false);
      }
    },
    [deliveryFeeCents],
  );

  /** Prices the applied code again (the cart, the fee or the code changed on the server). */
  const recheck = useCallback(() => {
    if (appliedCode.current) void apply(appliedCode.current);
  }, [apply]);

  useEffect(recheck, [recheck, subtotalCents]);

  const remove = useCallback(() => {
    appliedCode.current = undefined;
    setApplied(undefined);
    setError(undefined);
  }, []);

  /** The checkout refused the code (used up meanwhile, say): the summary drops it and says why. */
  const refused = useCallback((message: string) => {
    appliedCode.current = undefined;
    setApplied(undefined);
    setError(message);
  }, []);

  return { applied, error, pending, apply, recheck, remove, refused };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;

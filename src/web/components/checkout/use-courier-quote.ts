import { useCallback, useState } from 'react';
import { ApiError, apiRequest, messageOf } from '../../lib/api';
import type { CourierAddress, CourierRateView } from '../../../shared/delivery';

interface Quote {
  key: string;
  rates: CourierRateView[];
}

/**
 * The courier's prices for the cart to an address, asked of the server (which asks the courier).
 * A quote belongs to the address and cart it was asked for: the page offers it only while they stay the same.
 */
export function useCourierQuote() {
  const [quote, setQuote] = useState<Quote>();
  const [error, setError] = useState<{ key: string; message: string }>();
  const [pending, setPending] = useState(false);

  const ask = useCallback(async (address: CourierAddress, key: string) => {
    setPending(true);
    setError(undefined);
    try {
      const answer = await apiRequest<{ rates: CourierRateView[] }>('POST', '/api/delivery/courier-rates', { address });
      setQuote({ key, rates: answer.rates });
    } catch (failure) {
      setQuote(undefined);
      const signedOut = failure instanceof ApiError && failure.status === 401;
      setError({ key, message: signedOut ? 'Please sign in to see delivery prices.' : messageOf(failure, 'We could not get delivery prices. Please try again.') });
    } finally {
      setPending(false);
    }
  }, []);

  /** The server's price changed (409) or the courier refused at checkout: ask again before paying. */
  const forget = useCallback(() => setQuote(undefined), []);

  return {
    ask,
    forget,
    pending,
    ratesFor: (key: string) => (quote?.key === key ? quote.rates : undefined),
    errorFor: (key: string) => (error?.key === key ? error.message : undefined),
  };
}

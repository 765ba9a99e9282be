import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { readCartSessionId } from '../../lib/cart-session';
import type { CourierAddress, CourierRateView } from '../../../shared/delivery';

interface Quote {
  key: string;
  rates: CourierRateView[];
}

/** How long a complete address must stay as it is before its prices are asked for: typing sends no question per key. */
const QUOTE_AFTER_TYPING_MS = 600;

/**
 * The courier's prices for the cart to an address, asked of the server (which asks the courier) as
 * soon as the address is complete and the shopper pauses, as shops do. A quote belongs to the
 * address and cart it was asked for (`key`): the page offers it only while they stay the same, and
 * an answer for an address since changed is dropped. A refusal is not asked again by itself: the
 * shopper changes the address, or asks again with the button.
 */
export function useCourierQuote({ address, key, enabled }: { address: CourierAddress | undefined; key: string; enabled: boolean }) {
  const [quote, setQuote] = useState<Quote>();
  const [error, setError] = useState<{ key: string; message: string }>();
  const [pendingKey, setPendingKey] = useState<string>();
  const lastAsked = useRef<string>(undefined);

  const ask = useCallback(async (asked: CourierAddress, askedKey: string) => {
    lastAsked.current = askedKey;
    setPendingKey(askedKey);
    setError(undefined);
    try {
      // The cart counts only for a guest: a signed-in shopper's own cart is priced.
      const cartSessionId = readCartSessionId() ?? undefined;
      const answer = await callApi('courierRates', { body: { address: asked, cartSessionId } });
      if (lastAsked.current === askedKey) setQuote({ key: askedKey, rates: answer.rates });
    } catch (failure) {
      if (lastAsked.current !== askedKey) return;
      setQuote(undefined);
      const signedOut = failure instanceof ApiError && failure.status === 401;
      setError({ key: askedKey, message: signedOut ? 'Please sign in to see delivery prices.' : messageOf(failure, 'We could not get delivery prices. Please try again.') });
    } finally {
      if (lastAsked.current === askedKey) setPendingKey(undefined);
    }
  }, []);

  // The address as it is now, for the question asked after the pause.
  const latestAddress = useRef(address);
  useEffect(() => {
    latestAddress.current = address;
  });
  const answered = quote?.key === key || error?.key === key || pendingKey === key;
  useEffect(() => {
    if (!enabled || !key || answered) return;
    const timer = setTimeout(() => {
      if (latestAddress.current) void ask(latestAddress.current, key);
    }, QUOTE_AFTER_TYPING_MS);
    return () => clearTimeout(timer);
  }, [enabled, key, answered, ask]);

  /** The server's price changed (409) or the courier refused at checkout: the prices are asked again. */
  const forget = useCallback(() => setQuote(undefined), []);

  return {
    ask,
    forget,
    pending: pendingKey !== undefined,
    ratesFor: (forKey: string) => (quote?.key === forKey ? quote.rates : undefined),
    errorFor: (forKey: string) => (error?.key === forKey ? error.message : undefined),
  };
}

import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartFromLink } from './use-cart-from-link';
import { CART_OWNER_KEY, CART_SESSION_KEY } from '../../lib/cart-session';

const LINKED = 'guest-cart-0123456789abcdef';
const OWN = 'own-cart-0123456789abcdef';

/** The page a guest's reminder opens, showing the address it is left at. */
function ReminderLanding() {
  useCartFromLink();
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

/** The shop's cart call, answering this browser's own cart with `lines` lines. */
function serveCart(lines: number) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ cartItems: Array.from({ length: lines }, (_, i) => ({ id: `line-${i}` })) }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function openLink(query = `?cart=${LINKED}`) {
  render(
    <MemoryRouter initialEntries={[`/checkout${query}`]}>
      <ReminderLanding />
    </MemoryRouter>,
  );
  // The id leaves the address once the browser has decided.
  await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/checkout'));
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a guest's reminder link back to the cart", () => {
  it('opens the cart in a browser that has none, and leaves the address without its id', async () => {
    const fetch = serveCart(0);
    await openLink();
    expect(localStorage.getItem(CART_SESSION_KEY)).toBe(LINKED);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes the place of an empty cart of this browser', async () => {
    localStorage.setItem(CART_SESSION_KEY, OWN);
    serveCart(0);
    await openLink();
    expect(localStorage.getItem(CART_SESSION_KEY)).toBe(LINKED);
  });

  it('never costs the browser a cart with flags in it', async () => {
    localStorage.setItem(CART_SESSION_KEY, OWN);
    const fetch = serveCart(2);
    await openLink();
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/cart/${OWN}`);
    expect(localStorage.getItem(CART_SESSION_KEY)).toBe(OWN);
  });

  it("leaves a signed-in shopper's cart alone, empty or not", async () => {
    localStorage.setItem(CART_SESSION_KEY, OWN);
    localStorage.setItem(CART_OWNER_KEY, 'user-1');
    serveCart(0);
    await openLink();
    expect([localStorage.getItem(CART_SESSION_KEY), localStorage.getItem(CART_OWNER_KEY)]).toEqual([OWN, 'user-1']);
  });

  it('ignores what is not a cart id, and keeps the rest of the address', async () => {
    serveCart(0);
    render(
      <MemoryRouter initialEntries={['/checkout?cart=%3Cscript%3E&size=90x60']}>
        <ReminderLanding />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/checkout?size=90x60'));
    expect(localStorage.getItem(CART_SESSION_KEY)).toBeNull();
  });
});

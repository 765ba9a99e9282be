import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FindOrderForm } from './FindOrderForm';
import { shopper } from '../../testing/shopper-events';
import { guestMessages } from '../../../shared/guest-orders';

/** The shop's server answering every look-up with `status` and `body`. */
function serveLookUps(status: number, body: object) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm(orderNumber?: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <h1 id="find-order-heading">Find your order</h1>
      <FindOrderForm orderNumber={orderNumber} />
    </QueryClientProvider>,
  );
  return {
    orderNumber: screen.getByRole('textbox', { name: 'Order number' }) as HTMLInputElement,
    email: screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement,
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

/** What a screen reader reads after a field's name: its hint and its message. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the order look-up', () => {
  it('names each problem under its field in the server’s words, focuses the first, and sends nothing', async () => {
    const fetch = serveLookUps(202, { message: guestMessages.lookUpSent });
    const user = shopper();
    const form = renderForm();
    await user.click(form.send);
    expect(descriptionOf(form.orderNumber)).toContain('Order numbers look like CF-100001');
    expect(descriptionOf(form.email)).toContain('Please enter the email address the order was placed with');
    expect(form.orderNumber.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.orderNumber);

    await user.type(form.orderNumber, 'cf-100042');
    await user.type(form.email, 'thandi@');
    expect(form.orderNumber.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(form.email)).toContain('Please enter the email address the order was placed with');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the order number from the link and the address, says what the server said, and keeps the form', async () => {
    const fetch = serveLookUps(202, { message: guestMessages.lookUpSent });
    const user = shopper();
    const form = renderForm('CF-100042');
    expect(form.orderNumber.value).toBe('CF-100042');
    await user.type(form.email, 'thandi@example.co.za');
    await user.click(form.send);

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(guestMessages.lookUpSent));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/orders/find');
    expect(JSON.parse(init!.body as string)).toEqual({ orderNumber: 'CF-100042', email: 'thandi@example.co.za' });
    expect(form.orderNumber.value).toBe('CF-100042');
    expect(form.email.value).toBe('thandi@example.co.za');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in words when there have been too many look-ups', async () => {
    serveLookUps(429, { message: guestMessages.tooManyLookUps, code: 'too_many_attempts' });
    const user = shopper();
    const form = renderForm();
    await user.type(form.orderNumber, 'CF-100042');
    await user.type(form.email, 'thandi@example.co.za');
    await user.click(form.send);
    expect((await screen.findByRole('alert')).textContent).toBe(guestMessages.tooManyLookUps);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './ContactForm';
import { afterDebounce, shopper } from '../../testing/shopper-events';

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <h2 id="contact-form-heading">Send us a message</h2>
        <ContactForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    name: screen.getByRole('textbox', { name: /^Name/ }),
    email: screen.getByRole('textbox', { name: /^Email/ }),
    message: screen.getByRole('textbox', { name: /^Message/ }),
    send: screen.getByRole('button', { name: 'Send Message' }),
  };
}

/** What a screen reader reads after a field's name: its message, and its hint when it has one. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contact form', () => {
  it('says nothing before the first send; then names every missing field and puts the focus in the first', async () => {
    const user = shopper();
    const send = vi.fn();
    vi.stubGlobal('fetch', send);
    const form = renderForm();
    expect(screen.queryByText('Please enter your name')).toBeNull();

    await user.click(form.send);
    expect(screen.getByText('Please enter your name')).toBeDefined();
    expect(screen.getByText('Please enter a valid email address')).toBeDefined();
    expect(screen.getByText('Please enter your message')).toBeDefined();
    expect(form.name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.name);
    expect(send).not.toHaveBeenCalled();
  });

  it('clears a message as soon as its field is fixed, and moves the focus to the next problem at the next send', async () => {
    const user = shopper();
    vi.stubGlobal('fetch', vi.fn());
    const form = renderForm();
    await user.click(form.send);
    await user.type(form.name, 'Thandi Nkosi');
    expect(screen.queryByText('Please enter your name')).toBeNull();
    expect(form.name.getAttribute('aria-invalid')).not.toBe('true');
    await user.type(form.email, 'thandi@');
    expect(descriptionOf(form.email)).toContain('Please enter a valid email address');
    expect(form.email.getAttribute('aria-invalid')).toBe('true');

    afterDebounce();
    await user.click(form.send);
    expect(document.activeElement).toBe(form.email);
  });

  it('sends the trimmed message once, says so and empties the form', async () => {
    const user = shopper();
    const send = vi.fn(async () => new Response(JSON.stringify({ message: 'sent' }), { status: 201 }));
    vi.stubGlobal('fetch', send);
    const form = renderForm();
    await user.type(form.name, '  Thandi Nkosi ');
    await user.type(form.email, 'thandi@example.co.za');
    await user.type(form.message, 'Do you have the flag of Lesotho in 180 × 120 cm?');
    await user.click(form.send);

    await waitFor(() => expect((form.name as HTMLInputElement).value).toBe(''));
    expect(send).toHaveBeenCalledTimes(1);
    const [url, request] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(request.method).toBe('POST');
    expect(JSON.parse(request.body as string)).toEqual({ name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'Do you have the flag of Lesotho in 180 × 120 cm?' });
    expect((form.message as HTMLTextAreaElement).value).toBe('');
  });
});

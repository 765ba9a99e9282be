import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';
import { shopper } from '../../testing/shopper-events';

/** A page whose button opens a dialog kept by the page (as Pay opens sign-in), not a Radix trigger. */
function Page({ withField = true, openerStays = true }: { withField?: boolean; openerStays?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Checkout</h1>
      {(openerStays || !open) && (
        <button type="button" onClick={() => setOpen(true)}>
          Pay
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Sign In">
        {withField ? (
          <label>
            Email
            <input type="email" />
          </label>
        ) : (
          <p>Nothing to fill in.</p>
        )}
        <button type="button">Delete everything</button>
      </Dialog>
    </main>
  );
}

describe('the shop dialog', () => {
  it('opens with the focus in its first field, and Escape gives the focus back to the button that opened it', async () => {
    const user = shopper();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay' }));
  });

  it('without a field, opens on its close button, never on an action', async () => {
    const user = shopper();
    render(<Page withField={false} />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('gives the focus back from its close button too', async () => {
    const user = shopper();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay' }));
  });

  it("puts the focus on the page's heading when what opened it is gone", async () => {
    const user = shopper();
    render(<Page openerStays={false} />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    await user.keyboard('{Escape}');
    const heading = screen.getByRole('heading', { level: 1, name: 'Checkout' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('keeps the focus inside while open: Tab from the last control goes round to the first', async () => {
    const user = shopper();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete everything' }));
    await user.tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(screen.queryByRole('button', { name: 'Pay', hidden: true }));
  });
});

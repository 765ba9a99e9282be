import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RemindMeChoice } from './RemindMeChoice';
import { shopper } from '../../testing/shopper-events';

describe('the reminder box at checkout', () => {
  it('is unticked until the shopper ticks it, and says what it means', async () => {
    const user = shopper();
    const onChange = vi.fn();
    render(<RemindMeChoice checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: "Email me a reminder if I don't finish paying" }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBe('remind-me-note');
    expect(document.getElementById('remind-me-note')?.textContent).toBe('One email, about this cart only, if you leave without paying. Every reminder has a link to opt out with one click, at any time.');
    await user.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

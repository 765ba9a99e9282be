import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUTTON_DEBOUNCE_MS } from './Button';
import { QuantityStepper } from './QuantityStepper';
import { afterDebounce, clickAgain, shopper } from '../../testing/shopper-events';

/** The stepper as a page holds it: the number in the page's state. */
function Stepper({ start, max }: { start: number; max?: number }) {
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} onChange={setValue} max={max} />;
}

const stepper = () => ({
  value: screen.getByRole('status', { name: 'Quantity' }),
  increase: screen.getByRole('button', { name: 'Increase quantity' }),
  decrease: screen.getByRole('button', { name: 'Decrease quantity' }),
});

describe('the quantity stepper', () => {
  it('is a group named Quantity whose number is read out as it changes', () => {
    render(<Stepper start={3} />);
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeDefined();
    const { value } = stepper();
    expect(value.textContent).toBe('3');
    expect(value.getAttribute('aria-live')).toBe('polite');
  });

  it('counts up to the limit and stops there, the plus still focusable but marked unavailable', async () => {
    const user = shopper();
    render(<Stepper start={8} max={10} />);
    const { value, increase } = stepper();
    await user.click(increase);
    await clickAgain(user, increase);
    expect(value.textContent).toBe('10');
    expect(increase.getAttribute('aria-disabled')).toBe('true');
    await clickAgain(user, increase);
    expect(value.textContent).toBe('10');
    // Not disabled: the keyboard's focus stays on it at the limit.
    expect(increase.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(increase);
  });

  it('counts down to 1 and no further', async () => {
    const user = shopper();
    render(<Stepper start={2} />);
    const { value, decrease, increase } = stepper();
    expect(decrease.getAttribute('aria-disabled')).toBeNull();
    await user.click(decrease);
    expect(value.textContent).toBe('1');
    expect(decrease.getAttribute('aria-disabled')).toBe('true');
    await clickAgain(user, decrease);
    expect(value.textContent).toBe('1');
    expect(increase.getAttribute('aria-disabled')).toBeNull();
  });

  it('works from the keyboard: Tab to the plus, Enter and Space each add one', async () => {
    const user = shopper();
    render(<Stepper start={1} />);
    const { value } = stepper();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(stepper().increase);
    await user.keyboard('{Enter}');
    afterDebounce();
    await user.keyboard(' ');
    expect(value.textContent).toBe('3');
  });

  it('takes a second tap within 300 ms of the first as the same tap (spec section 5)', async () => {
    const user = shopper();
    render(<Stepper start={1} />);
    const { value, increase } = stepper();
    await user.click(increase);
    vi.advanceTimersByTime(BUTTON_DEBOUNCE_MS - 100);
    await user.click(increase);
    expect(value.textContent).toBe('2');
    await clickAgain(user, increase);
    expect(value.textContent).toBe('3');
  });

  it('keeps a stock smaller than the limit as the limit, with both buttons at their ends for a single flag left', () => {
    render(<Stepper start={1} max={1} />);
    const { increase, decrease } = stepper();
    expect(increase.getAttribute('aria-disabled')).toBe('true');
    expect(decrease.getAttribute('aria-disabled')).toBe('true');
  });
});

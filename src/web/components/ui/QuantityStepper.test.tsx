import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUTTON_DEBOUNCE_MS } from './Button';
import { QuantityStepper } from './QuantityStepper';
import { afterDebounce, clickAgain, shopper } from '../../testing/shopper-events';

/** The stepper as a page holds it: the number in the page's state. */
function Stepper({ start, max, mostNote }: { start: number; max?: number; mostNote?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <QuantityStepper value={value} onChange={setValue} max={max} mostNote={mostNote} />
      <p data-testid="held">{value}</p>
    </>
  );
}

/** What the page holds: the quantity Add to Cart would add. */
const held = () => screen.getByTestId('held').textContent;

const stepper = () => ({
  value: screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement,
  increase: screen.getByRole('button', { name: 'Increase quantity' }),
  decrease: screen.getByRole('button', { name: 'Decrease quantity' }),
});

describe('the quantity stepper', () => {
  it('is a group named Quantity with a spin button that knows its limits, and plus and minus are read out', async () => {
    const user = shopper();
    render(<Stepper start={3} max={100} />);
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeDefined();
    const { value, increase } = stepper();
    expect(value.value).toBe('3');
    expect([value.getAttribute('aria-valuenow'), value.getAttribute('aria-valuemin'), value.getAttribute('aria-valuemax')]).toEqual(['3', '1', '100']);
    await user.click(increase);
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('4');
  });

  it('takes a typed number, as a school orders 30', async () => {
    const user = shopper();
    render(<Stepper start={1} max={100} />);
    const { value } = stepper();
    await user.click(value);
    await user.keyboard('30');
    expect(held()).toBe('30');
    await user.tab();
    expect(value.value).toBe('30');
  });

  it('keeps a typed number within the limit and says why it stops there', async () => {
    const user = shopper();
    render(<Stepper start={1} max={100} mostNote="Up to 100 of one flag per order." />);
    const { value } = stepper();
    await user.click(value);
    await user.keyboard('250');
    expect(held()).toBe('100');
    expect(screen.getByRole('status').textContent).toBe('Up to 100 of one flag per order.');
    expect(value.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
    await user.tab();
    expect(value.value).toBe('100');
  });

  it('keeps the quantity that stands when the box is left empty or holds no number', async () => {
    const user = shopper();
    render(<Stepper start={4} max={100} />);
    const { value } = stepper();
    await user.click(value);
    await user.keyboard('{Backspace}');
    expect(value.value).toBe('');
    expect(held()).toBe('4');
    await user.keyboard('-2x');
    await user.tab();
    expect(value.value).toBe('4');
    expect(held()).toBe('4');
    await user.click(value);
    await user.keyboard('0');
    expect(held()).toBe('4');
  });

  it('steps with the arrow keys inside the limits', async () => {
    const user = shopper();
    render(<Stepper start={2} max={3} />);
    const { value } = stepper();
    await user.click(value);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(value.value).toBe('3');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(value.value).toBe('1');
  });

  it('counts up to the limit and stops there, the plus still focusable but marked unavailable', async () => {
    const user = shopper();
    render(<Stepper start={8} max={10} />);
    const { value, increase } = stepper();
    await user.click(increase);
    await clickAgain(user, increase);
    expect(value.value).toBe('10');
    expect(increase.getAttribute('aria-disabled')).toBe('true');
    await clickAgain(user, increase);
    expect(value.value).toBe('10');
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
    expect(value.value).toBe('1');
    expect(decrease.getAttribute('aria-disabled')).toBe('true');
    await clickAgain(user, decrease);
    expect(value.value).toBe('1');
    expect(increase.getAttribute('aria-disabled')).toBeNull();
  });

  it('works from the keyboard: Tab past the number to the plus, Enter and Space each add one', async () => {
    const user = shopper();
    render(<Stepper start={1} />);
    const { value } = stepper();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(stepper().increase);
    await user.keyboard('{Enter}');
    afterDebounce();
    await user.keyboard(' ');
    expect(value.value).toBe('3');
  });

  it('takes a second tap within 300 ms of the first as the same tap (spec section 5)', async () => {
    const user = shopper();
    render(<Stepper start={1} />);
    const { value, increase } = stepper();
    await user.click(increase);
    vi.advanceTimersByTime(BUTTON_DEBOUNCE_MS - 100);
    await user.click(increase);
    expect(value.value).toBe('2');
    await clickAgain(user, increase);
    expect(value.value).toBe('3');
  });

  it('keeps a stock smaller than the limit as the limit, with both buttons at their ends for a single flag left', () => {
    render(<Stepper start={1} max={1} />);
    const { increase, decrease } = stepper();
    expect(increase.getAttribute('aria-disabled')).toBe('true');
    expect(decrease.getAttribute('aria-disabled')).toBe('true');
  });
});

import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { BUTTON_DEBOUNCE_MS } from '../components/ui/Button';

export type Shopper = ReturnType<typeof userEvent.setup>;

/** A shopper at the keyboard and pointer, as user-event plays one. */
export const shopper = (): Shopper => userEvent.setup();

/** Lets the repeat-click window of the shop's buttons (spec section 5) pass on the page's clock. */
export function afterDebounce(): void {
  vi.advanceTimersByTime(BUTTON_DEBOUNCE_MS + 50);
}

/** Clicks a shop button that was just clicked, once its repeat-click window has passed. */
export async function clickAgain(user: Shopper, button: Element): Promise<void> {
  afterDebounce();
  await user.click(button);
}

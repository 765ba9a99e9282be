import { act } from '@testing-library/react';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/** Resizes the test's window, as turning a tablet or narrowing a laptop's window does: media queries follow. */
export function setViewport(width: number, height = 800): void {
  act(() => (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height }));
}

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The page's clock is the test's (performance.now() only, so that the DOM's own timers run as they
// do): a test moves it on to step over the buttons' repeat-click window instead of waiting it out.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});

// Each test starts with an empty document: what one drew must not answer another's queries.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

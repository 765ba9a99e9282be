/** The most JavaScript, as sent (Brotli), the home page may name before it runs: its entry and modulepreloads. */
export const INITIAL_JS_BUDGET_KB = 110;

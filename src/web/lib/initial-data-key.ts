/**
 * Where the server's rendering of the pages (src/web/server-entry.tsx) leaves the shop's details for
 * initial-data.ts, which reads them as it loads: kept apart so that setting them loads nothing else.
 */
export const SERVER_INITIAL_DATA = Symbol.for('flag-shop.initial-data');

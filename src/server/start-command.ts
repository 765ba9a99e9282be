/**
 * How `npm start`, the systemd unit, the browser tests and the bench run the shop: the bundled
 * server, with V8's young generation capped at 8 MB a half (decision 0007). Under a read load its
 * default of 16 MB held 15-30 MB more for no more requests a second. No `--enable-source-maps`:
 * Node would read and keep the maps of every package that ships one, about 10 MB; the bundle is
 * not minified, so a stack trace's names and lines still read as the code
 * (`NODE_OPTIONS=--enable-source-maps` maps them back to the sources when wanted).
 */
export const SHOP_NODE_ARGS = ['--max-semi-space-size=8', 'dist/server/main.js'] as const;

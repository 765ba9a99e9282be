/**
 * How `npm start`, the systemd unit, the browser tests and the bench run the shop: the bundled
 * server, with V8's young generation capped at 8 MB a half and its old generation at 256 MB
 * (decision 0007). Under a read load the young generation's default of 16 MB held 15-30 MB more
 * for no more requests a second; without a cap on the old generation, V8 on a large machine let
 * it grow to three times what was alive before collecting it, and a process peaked anywhere from
 * 145 to 300 MB. The shop keeps about 35 MB alive, so 256 MB leaves room seven times over. No `--enable-source-maps`:
 * Node would read and keep the maps of every package that ships one, about 10 MB; the bundle is
 * not minified, so a stack trace's names and lines still read as the code
 * (`NODE_OPTIONS=--enable-source-maps` maps them back to the sources when wanted).
 */
export const SHOP_NODE_ARGS = ['--max-semi-space-size=8', '--max-old-space-size=256', 'dist/server/main.js'] as const;

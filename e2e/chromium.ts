/** The Chromium the browser tests and Lighthouse drive: Debian's, never a downloaded build. */
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** No sandbox as root in CI; no background traffic, since this machine has no network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

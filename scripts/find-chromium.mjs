// Where the browser tests find Chromium: CHROME_PATH, else the usual Debian and Ubuntu paths.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export const CHROMIUM_MISSING =
  'No Chromium found for the browser tests. Install one with `apt-get install chromium` ' +
  '(Debian/Ubuntu) or point CHROME_PATH at a Chromium or Chrome binary. The browser tests are never skipped.';

/** Path of a Chromium binary, or undefined when none is installed. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

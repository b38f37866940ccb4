// Which Chromium the tests drive: the system's (Debian's packages), never a downloaded one. Its own
// module, free of Playwright and of top-level state, so that unit tests (through tsx's CommonJS
// hook) and the bench find the same browser as the end-to-end runs.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/**
 * The browser binary: CHROMIUM_PATH, else the first candidate installed. `headlessShell` puts
 * Debian's `chromium-headless-shell` (Chromium's old headless mode, which Playwright itself runs
 * its headless tests in) first: it draws no browser window and costs less CPU per scenario.
 */
export function findChromium({ headlessShell = false } = {}) {
  const candidates = [...(headlessShell ? [HEADLESS_SHELL] : []), ...CANDIDATES];
  const found = [process.env.CHROMIUM_PATH, ...candidates].filter(Boolean).find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium or Chrome found (looked for ' +
        candidates.join(', ') +
        ').\n' +
        'Install the Debian package "chromium":  sudo apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to a Chromium/Chrome binary). The tests never download a browser.',
    );
  }
  return found;
}

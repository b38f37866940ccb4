// Types of chromium.mjs for the TypeScript tests.
/**
 * The browser binary: CHROMIUM_PATH, else the first candidate installed (Debian's
 * chromium-headless-shell first when `headlessShell`); throws saying what to install.
 */
export function findChromium(opts?: { headlessShell?: boolean }): string;

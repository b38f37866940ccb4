// The first of the isolation pair (docs/testing.md, "Isolation between files"): it leaves state
// behind of every kind a file could (a Sandbox profile in the extension, origin storage in the
// browser, a response in the HTTP cache), and isolationCheck.mjs, run after it and seeded from
// this file's browser caches, must find none of it but the cached response.
import { leaveOriginState, originState } from '../../../scripts/e2e/isolation.mjs';

/** The pair proves something about the harness, not about a language. */
export const locales = ['en'];

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'leaves state behind: the Sandbox profile, origin storage of four kinds and a cached response',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .click();
      await t.treeRow('Sandbox').waitFor({ timeout: 60_000 });
      await leaveOriginState(t.page);
      // What is left must be there at this file's end, or the check after it proves nothing.
      const state = await originState(t.page);
      const missing = Object.entries(state).filter(([k, v]) => k !== 'never' && !v);
      if (missing.length) throw new Error(`not left behind: ${missing.map(([k]) => k).join(', ')}`);
    },
  },
];

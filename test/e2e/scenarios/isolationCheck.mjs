// The second of the isolation pair: run after isolationLeave.mjs (`after`) in a browser seeded
// from that file's caches, it must see the response that file cached (so the caches were shared)
// and nothing else it left: no profile in the extension, no origin storage.
import { originState } from '../../../scripts/e2e/isolation.mjs';

export const locales = ['en'];
/** The runner starts this file once isolationLeave.mjs ended and seeds it from that file's caches. */
export const after = 'isolationLeave.mjs';

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'sees none of the state isolationLeave left, though its browser cache came through',
    async run(t) {
      const state = await originState(t.page);
      if (!state.marker)
        throw new Error(
          "isolationLeave's cached response did not come through the shared cache: this file proves nothing",
        );
      if (state.never) throw new Error('a URL never fetched answers from the cache: the probe cannot tell');
      const left = ['localStorage', 'cookie', 'indexedDB', 'cacheStorage'].filter((k) => state[k]);
      if (left.length) throw new Error(`state isolationLeave left is here: ${left.join(', ')}`);
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .waitFor({ timeout: 30_000 });
      if (await t.treeRow('Sandbox').count()) throw new Error('the Sandbox profile isolationLeave made is here');
    },
  },
];

// What the isolation pair (test/e2e/scenarios/isolationLeave.mjs, then isolationCheck.mjs)
// leaves and looks for: state of every kind a browser profile keeps for the workbench's origin,
// and a marker response in the HTTP cache the runner shares between files (sharedCache.mjs).

/** The name of every piece of state the first file leaves. */
const KEY = 'nhncloud-e2e-isolation';

/**
 * URLs of the workbench's stylesheet with a query of our own: a response code-server serves as
 * cacheable for a year that no other file asks for (`marker`), and one never asked for (`never`).
 * @param {import('playwright-core').Page} page
 */
async function markerUrls(page) {
  const href = await page.locator('link[href*="workbench.css"]').first().getAttribute('href');
  if (!href) throw new Error('the workbench stylesheet link is missing');
  const css = new URL(href, page.url());
  const withQuery = (q) => `${css.href}${css.search ? '&' : '?'}${q}`;
  return { marker: withQuery('isolation-marker'), never: withQuery(`isolation-never-${Date.now()}`) };
}

/** Leaves KEY in every kind of origin storage and the marker in the HTTP cache. */
export async function leaveOriginState(page) {
  const { marker } = await markerUrls(page);
  await page.evaluate(
    async ({ key, marker }) => {
      localStorage.setItem(key, 'left by isolationLeave');
      document.cookie = `${key}=left; max-age=3600; path=/`;
      await new Promise((resolve, reject) => {
        const open = indexedDB.open(key);
        open.onupgradeneeded = () => open.result.createObjectStore('left');
        open.onsuccess = () => resolve(open.result.close());
        open.onerror = () => reject(open.error);
      });
      await (await caches.open(key)).put('/isolation', new Response('left'));
      const res = await fetch(marker);
      if (!res.ok) throw new Error(`the marker answered ${res.status}`);
      await res.text();
    },
    { key: KEY, marker },
  );
}

/**
 * What of KEY's state the origin holds, and whether the marker and a URL never fetched answer
 * from the HTTP cache alone (`only-if-cached`).
 * @returns {Promise<Record<'localStorage'|'cookie'|'indexedDB'|'cacheStorage'|'marker'|'never', boolean>>}
 */
export async function originState(page) {
  const urls = await markerUrls(page);
  return page.evaluate(
    async ({ key, marker, never }) => {
      const cachedOnly = (u) =>
        fetch(u, { cache: 'only-if-cached', mode: 'same-origin' }).then(
          (r) => r.ok,
          () => false,
        );
      return {
        localStorage: localStorage.getItem(key) !== null,
        cookie: document.cookie.split('; ').some((c) => c.startsWith(`${key}=`)),
        indexedDB: (await indexedDB.databases()).some((d) => d.name === key),
        cacheStorage: await caches.has(key),
        marker: await cachedOnly(marker),
        never: await cachedOnly(never),
      };
    },
    { key: KEY, ...urls },
  );
}

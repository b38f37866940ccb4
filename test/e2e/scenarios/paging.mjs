// Paged listings end to end: a bucket of 3,500 objects (JP1) in a sandbox running outside VS Code.
// Its first page ends in "Load more...". While the bucket holds fewer than 3,000 rows (FLAT_ROWS
// in src/shared/tree/paging.ts), Load more appends the next page to the bucket's own rows (Enter,
// then a click), so a long list is no staircase (issue 25, rough edge 18); past that, the page
// nests under its "Load more" (expanded with the Right arrow key) and earlier rows are not sent
// again (the page's aria-setsize is that page alone). Go to Key reveals a key of a loaded later
// page. The sandbox process is started by the first scenario and stopped by its own id at the end.
import { addSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';

// In the last region of the profile and named to sort after the seeded buckets: the bucket's
// listing ends the tree, so the keyboard's End reaches its newest "Load more...".
const BUCKET = 'zz-paged';
const REGION = 'JP1';
const COUNT = 3500;
/** src/shared/tree/paging.ts FLAT_ROWS: rows a folder holds before later pages nest. */
const FLAT_ROWS = 3000;
const key = (i) => `object-${String(i).padStart(4, '0')}.json`;

let sandbox;

function stopSandbox() {
  sandbox?.stop();
  sandbox = undefined;
}

/** The tree row of one object, once drawn. */
const objectRow = (t, i) =>
  t.sidebar
    .locator('.monaco-list-row[role="treeitem"]')
    .filter({ hasText: key(i) })
    .first();

/** Scrolls the focused tree to its end, where the newest "Load more..." is; answers that row. */
async function lastLoadMore(t, shown) {
  await t.page.keyboard.press('End');
  const row = t.sidebar
    .locator('.monaco-list-row[role="treeitem"]')
    .filter({ hasText: t.l('Load more...') })
    .filter({ hasText: t.l('{0} shown', shown) });
  await row.waitFor({ timeout: 30_000 });
  return row;
}

/**
 * The first row of a page, once drawn, at `level` in a level of `size` rows. A nested page opens
 * below the last row shown: once its "Load more" (`nestedUnder`) is expanded, the Down arrow
 * brings its first row into view, as a user would. An appended page takes its row's place.
 * @param {any} t
 * @param {number} first
 * @param {{ level: number, size: number, nestedUnder?: import('playwright-core').Locator }} where
 */
async function expectPage(t, first, { level, size, nestedUnder: loadMore }) {
  const row = objectRow(t, first);
  const deadline = Date.now() + 60_000;
  while (!(await row.count())) {
    if (Date.now() > deadline) throw new Error(`${key(first)} was not drawn after its "Load more"`);
    if (loadMore && (await loadMore.getAttribute('aria-expanded')) === 'true') await t.page.keyboard.press('ArrowDown');
    await t.page.waitForTimeout(300);
  }
  const drawnAt = Number(await row.getAttribute('aria-level'));
  if (drawnAt !== level) throw new Error(`${key(first)} is at level ${drawnAt}, not ${level}`);
  const setSize = Number(await row.getAttribute('aria-setsize'));
  if (setSize !== size) throw new Error(`the level of ${key(first)} holds ${setSize} rows, not ${size}`);
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a bucket of 3,500 objects: "Load more" appends to the bucket (Enter, then a click), then past 3,000 rows nests (Right arrow)',
    async run(t) {
      sandbox = await startSandboxProcess({ timeScaleMs: 200 });
      const r = await fetch(`${sandbox.url}/_sandbox/storage/scale`, {
        method: 'POST',
        body: JSON.stringify({ region: REGION, bucket: BUCKET, count: COUNT, prefix: '' }),
      });
      if (!r.ok) throw new Error(`storage/scale answered ${r.status}`);
      await t.openView('NHN Cloud');
      // JP1 alone: the keyboard's End must reach the bucket's last "Load more", not a region below.
      await addSandboxProfile(t, 'e2e-paging', sandbox.url, { regions: [REGION] });
      await t.expandRow(REGION);
      if (await t.treeRow('KR1').count()) throw new Error('the profile shows KR1 although only JP1 was chosen');
      await t.expandRow('Object Storage');
      await t.expandRow(BUCKET);
      // The first page: 1,000 objects and "Load more...", in the bucket's own level.
      const first = objectRow(t, 0);
      await first.waitFor({ timeout: 60_000 });
      if ((await first.getAttribute('aria-setsize')) !== '1001')
        throw new Error(`the first page holds ${await first.getAttribute('aria-setsize')} rows, not 1001`);
      const bucketLevel = Number(await first.getAttribute('aria-level'));
      // Keyboard: the tree focused (no click on a row: that would open an object or fold the
      // bucket), End to the last row, Enter runs it: the page joins the bucket's rows. The
      // list is focused again before each End (the row that had the focus is replaced).
      // The tree's list, found from whichever row is drawn (the first object scrolls out of the DOM).
      const list = t.sidebar
        .locator('.monaco-list-row[role="treeitem"]')
        .first()
        .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " monaco-list ")][1]');
      await list.focus();
      let more = await lastLoadMore(t, 1000);
      if ((await more.getAttribute('aria-expanded')) !== null) throw new Error('the first "Load more" is a folder');
      await t.page.keyboard.press('Enter');
      await expectPage(t, 1000, { level: bucketLevel, size: 2001 });
      // Mouse: a click on the next one appends too.
      await list.focus();
      more = await lastLoadMore(t, 2000);
      await more.click();
      await expectPage(t, 2000, { level: bucketLevel, size: FLAT_ROWS + 1 });
      // The bucket holds 3,000 rows: the next page nests under its "Load more", which the Right
      // arrow expands, so the 3,000 rows above are not sent again.
      await list.focus();
      more = await lastLoadMore(t, 3000);
      if ((await more.getAttribute('aria-expanded')) !== 'false')
        throw new Error('past 3,000 rows, "Load more" is not a folder to expand');
      await t.page.keyboard.press('ArrowRight');
      await expectPage(t, 3000, { level: bucketLevel + 1, size: COUNT - FLAT_ROWS, nestedUnder: more });
      // The last page ends the listing: no "Load more" below it.
      await t.page.keyboard.press('End');
      await objectRow(t, COUNT - 1).waitFor({ timeout: 30_000 });
      const trailing = await t.sidebar
        .locator('.monaco-list-row[role="treeitem"]')
        .filter({ hasText: t.l('{0} shown', COUNT) })
        .count();
      if (trailing) throw new Error('a "Load more" follows the last page');
      await t.screenshot('storage-load-more');
    },
  },
  {
    name: 'Go to Key reveals an object of a later page',
    async run(t) {
      try {
        await t.page.keyboard.press('Home');
        await t.menu(BUCKET, 'Go to Key...');
        await t.quick.answer(key(1500), t.l('Full key of the object (or of a folder, ending in /)'));
        const row = objectRow(t, 1500);
        await row.waitFor({ timeout: 30_000 });
        await t.page.waitForFunction(
          (k) =>
            [...document.querySelectorAll('#workbench\\.parts\\.sidebar .monaco-list-row[role="treeitem"]')].some(
              (r) => r.textContent.includes(k) && r.getAttribute('aria-selected') === 'true',
            ),
          key(1500),
          { timeout: 30_000, polling: 50 },
        );
      } finally {
        stopSandbox();
      }
    },
  },
];

// Paged listings end to end: a bucket of 2,500 objects (JP1) in a sandbox running outside VS Code.
// Its first page ends in "Load more...", which expands into the next page (the keyboard's Right
// arrow, then a click), each page under the row before and the earlier ones never sent again
// (a new page's rows are a level of their own: their aria-setsize is that page, not the whole
// listing); Go to Key reveals a key of a loaded later page. The sandbox process is started by
// the first scenario and stopped by its own id at the end.
import { addSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';
import { WITHOUT_DECISIONS } from '../../../scripts/e2e/texts.mjs';

/** Answers no dialog, QuickPick or form: English and Korean (texts.mjs). */
export const locales = WITHOUT_DECISIONS;

// In the last region of the profile and named to sort after the seeded buckets: the bucket's
// listing ends the tree, so the keyboard's End reaches its newest "Load more...".
const BUCKET = 'zz-paged';
const REGION = 'JP1';
const COUNT = 2500;
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
 * The first row of a page: drawn one level below its "Load more", in a level of `size` rows. The
 * page opens below the last row shown: once "Load more" is expanded, the Down arrow brings its
 * first row into view, as a user would.
 */
async function expectPage(t, loadMore, first, size) {
  const row = objectRow(t, first);
  const deadline = Date.now() + 60_000;
  while (!(await row.count())) {
    if (Date.now() > deadline) throw new Error(`${key(first)} was not drawn below its "Load more"`);
    if ((await loadMore.getAttribute('aria-expanded')) === 'true') await t.page.keyboard.press('ArrowDown');
    await t.page.waitForTimeout(300);
  }
  const level = Number(await row.getAttribute('aria-level'));
  const parentLevel = Number(await loadMore.getAttribute('aria-level'));
  if (level !== parentLevel + 1)
    throw new Error(`${key(first)} is at level ${level}, not under its "Load more" (level ${parentLevel})`);
  const setSize = Number(await row.getAttribute('aria-setsize'));
  if (setSize !== size) throw new Error(`the page of ${key(first)} holds ${setSize} rows, not ${size}`);
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a bucket of 2,500 objects: each "Load more" expands into the next page (keyboard, then click)',
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
      // Keyboard: the tree focused (no click on a row: that would open an object or fold the
      // bucket), End to the last row, Right to expand it.
      await first
        .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " monaco-list ")][1]')
        .focus();
      let more = await lastLoadMore(t, 1000);
      await t.page.keyboard.press('ArrowRight');
      await expectPage(t, more, 1000, 1001);
      // Mouse: a click on the next "Load more..." expands it.
      more = await lastLoadMore(t, 2000);
      await more.click();
      await expectPage(t, more, 2000, 500);
      // The last page ends the listing: no "Load more" below it.
      await t.page.keyboard.press('End');
      await objectRow(t, COUNT - 1).waitFor({ timeout: 30_000 });
      const trailing = await t.sidebar
        .locator('.monaco-list-row[role="treeitem"]')
        .filter({ hasText: t.l('{0} shown', 2500) })
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

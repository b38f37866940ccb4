// Steps shared by the database scenarios (sqlConsole.mjs, dbAccess.mjs): the sandbox's RDS API
// called as the extension calls it, waiting for a condition, and the query console driven as a
// person drives it (type a statement, Ctrl+Shift+Enter, read the results grid's status line).
import { RDS, RDS_MARIADB } from './sandboxProcess.mjs';

/** Polls `check` every 200 ms until it is true; fails naming `what` after `timeoutMs`. */
export async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A call of the sandbox's RDS API (region KR1) at `url` with its ADMIN key pair, as the extension
 * makes it; `product` 'mariadb' calls RDS for MariaDB (its own path and app key).
 */
export async function rdsApi(url, method, path, body, { product = 'mysql' } = {}) {
  const mariadb = product === 'mariadb';
  const res = await fetch(`${url}/${mariadb ? 'rdsMariadb' : 'rds'}/kr1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-tc-app-key': mariadb ? RDS_MARIADB.appKey : RDS.appKey,
      'x-tc-authentication-id': RDS.id,
      'x-tc-authentication-secret': RDS.secret,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok || json.header?.isSuccessful === false)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.header ?? json)}`);
  return json;
}

/**
 * Creates a DB user on the sandbox instance `instanceName` through the API and waits until it is
 * STABLE; `product` as rdsApi's.
 */
export async function createDbUser(url, instanceName, user, { product = 'mysql' } = {}) {
  const api = (method, path, body) => rdsApi(url, method, path, body, { product });
  const { dbInstances } = await api('GET', '/v3.0/db-instances');
  const id = dbInstances.find((i) => i.dbInstanceName === instanceName)?.dbInstanceId;
  if (!id) throw new Error(`the sandbox has no ${instanceName}`);
  await api('POST', `/v3.0/db-instances/${id}/db-users`, { host: '%', authorityType: 'DDL', ...user });
  await until(`${user.dbUserName} is STABLE`, async () =>
    (await api('GET', `/v3.0/db-instances/${id}/db-users`)).dbUsers.some(
      (u) => u.dbUserName === user.dbUserName && u.dbUserStatus === 'STABLE',
    ),
  );
  return id;
}

/**
 * Answers Connect...'s questions once it has asked for the DB user (from an instance's menu or
 * Open Query Console's pick): `user`, `password`, not production, `schema` from the default-schema
 * question (the exact row: a schema's `_archive` namesake contains its name), then waits for the
 * status bar's "Connected to ... as ...".
 * @param {import('./browser.mjs').Helpers} t
 * @param {{ instance: string, user: string, password: string, schema: string }} answers
 */
export async function answerConnect(t, { instance, user, password, schema }) {
  await t.quick.pick(user, 'DB user');
  await t.quick.answer(
    password,
    t.lpart('Password of {0} on {1} (kept in the OS keychain through VS Code SecretStorage)'),
  );
  await t.quick.pick('Not production', t.l('Is {0} a production database? (asked once per instance)', instance));
  await t.quick.waitFor(
    t.lpart('Default schema of {0} on {1} (asked once; the status bar of a query console changes it)'),
  );
  await t.page.locator('.quick-input-widget').getByRole('option', { name: schema, exact: true }).click();
  await t.page
    .locator('.statusbar-item')
    .filter({ hasText: t.l('Connected to {0} as {1}.', instance, user) })
    .first()
    .waitFor({ timeout: 60_000 });
}

/**
 * Puts the keyboard focus in the active query console by clicking its text area near the bottom,
 * below the last line. Not at the top: the first line's CodeLens sits there, and a click on
 * "Connection ended: Connect..." (drawn as soon as a session ends) starts a Connect the scenario
 * did not ask for (fresh-clone CI run on 6681f03, sqlConsole[en]). Not at the very bottom either:
 * after a long statement a horizontal scrollbar takes the last pixels.
 * @param {import('./browser.mjs').Helpers} t
 */
export async function focusConsole(t) {
  const editor = t.page.locator('.part.editor .monaco-editor .editor-scrollable').filter({ visible: true }).first();
  // A console that is opening hides the one shown before between the wait and the measure (a
  // fresh-clone CI run measured the hidden one): measure the visible one again. Only the
  // measuring is repeated; the click happens once.
  for (let measured = 1; ; measured++) {
    await editor.waitFor({ timeout: 30_000 });
    const box = await editor.boundingBox();
    if (box) {
      await editor.click({ position: { x: Math.min(120, box.width / 2), y: box.height - 40 } });
      return;
    }
    if (measured === 10) throw new Error('no visible editor kept its place long enough to click into');
  }
}

/**
 * Replaces the text of the console (or bound file) in view with `sql`, without running it
 * (insertText: typed keys would get brackets and quotes closed by the editor).
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} sql
 */
export async function typeInConsole(t, sql) {
  await focusConsole(t);
  await t.page.keyboard.press('Control+A');
  await t.page.keyboard.insertText(sql);
}

/**
 * Clicks the first CodeLens of the editors in view whose text is `message` (a message of the
 * extension's bundle, e.g. '$(type-hierarchy) Explain').
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} message
 */
export async function clickLens(t, message) {
  await t.page
    .locator('.part.editor .codelens-decoration a')
    .filter({ hasText: t.lpart(message) })
    .first()
    .click({ timeout: 15_000 });
}

/** The file names of the query console tabs open now (a console's tab is "<instance> <n>.sql"). */
async function consoleTabNames(t) {
  const labels = await t.page
    .locator('.part.editor .tabs-container .tab')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label') ?? ''));
  return labels.map((label) => /^.+? \d+\.sql/.exec(label)?.[0]).filter(Boolean);
}

/**
 * Runs `open` (a menu click, a command, a Connect... that ends in a console) and returns once a
 * console that was not open before is the active editor. A menu click returns before the console
 * opens: typing at once went into the console shown before, and the run then found the new one
 * empty (fresh-clone CI run 19, sqlConsole[en]: "the results grid shows a new run" timed out with
 * "staging-api 2.sql" empty on screen).
 * @param {import('./browser.mjs').Helpers} t
 * @param {() => Promise<unknown>} open
 */
export async function openNewConsole(t, open) {
  const before = new Set(await consoleTabNames(t));
  await open();
  const active = t.page.locator('.part.editor .editor-group-container.active .tabs-container .tab.active');
  let shown = '';
  await until(
    'a new query console is the active editor',
    async () => {
      shown = (await active.getAttribute('aria-label', { timeout: 1_000 }).catch(() => null)) ?? '';
      const name = /^.+? \d+\.sql/.exec(shown)?.[0];
      return !!name && !before.has(name);
    },
    30_000,
  ).catch((e) => {
    throw new Error(
      `${e.message} (the active tab is "${shown}"; consoles before: ${[...before].join(', ') || 'none'})`,
    );
  });
}

/** The CodeLens texts the editors show now (for an error that says what was there instead). */
export async function lensesShown(t) {
  const texts = await t.page.locator('.part.editor .codelens-decoration').allInnerTexts();
  return texts.length ? texts.map((x) => `"${x.trim()}"`).join(', ') : 'none';
}

/**
 * Replaces the active query console's text with `sql`, runs the whole document (Ctrl+Shift+Enter)
 * and returns once the results grid shows the new run. `instance`, `user` and `schema` name the
 * console's connection as its status item does (no schema: "(no schema)").
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} sql
 * @param {{ instance: string, user: string, schema?: string }} connection
 */
export async function runInConsole(t, sql, { instance, user, schema }) {
  await focusConsole(t);
  // The status item names the console's connection and schema (it shows them while the console's
  // results panel has the focus too, so it proves nothing about the focus).
  await t.page
    .locator('.statusbar-item')
    .filter({
      hasText:
        schema === undefined
          ? t.lre('$(database) {0} · {1} · (no schema)', instance, user)
          : t.lre('$(database) {0} · {1} · {2}', instance, user, schema),
    })
    .first()
    .waitFor({ timeout: 15_000 });
  await t.page.keyboard.press('Control+A');
  // insertText: typed keys would get brackets and quotes closed by the editor.
  await t.page.keyboard.insertText(sql);
  // The text is in the active editor before it runs (its last line, as the editor draws it), so
  // that a run of the wrong editor fails here, naming it, and not as a grid that never changes.
  const lastLine = sql.split('\n').at(-1).slice(0, 30);
  const lines = t.page.locator('.part.editor .editor-group-container.active .monaco-editor .view-lines');
  await until(`the console shows the typed "${lastLine}"`, async () =>
    (
      (await lines
        .first()
        .innerText({ timeout: 1_000 })
        .catch(() => '')) ?? ''
    )
      .replace(/\u00a0/g, ' ')
      .includes(lastLine),
  );
  // Until this run begins, the grid still shows the last run's outcome (a fresh-clone CI run read
  // the previous "Syntax error in statement 2." as this run's failure): note the run shown now,
  // and return once the grid shows another.
  const runShown = () =>
    t
      .webview()
      .locator('.qr-status')
      .getAttribute('data-run', { timeout: 1_000 })
      .catch(() => null);
  const before = await runShown();
  // Ctrl+Shift+Enter runs the console only while its keybinding holds: in a console editor with
  // the focus, or a workspace file the extension has said is bound (its context key, set from the
  // extension host after the focus moved). Else VS Code's own binding inserts a line above (run
  // 89). The same key shows the editor's Run All button in its title: wait for it.
  await t.page
    .locator(`.editor-group-container.active .editor-actions [aria-label^="${t.nls('Run All Statements')}"]`)
    .first()
    .waitFor({ timeout: 15_000 });
  await t.page.keyboard.press('Control+Shift+Enter');
  await until(
    `the results grid shows a new run (it showed run ${before ?? 'none'})`,
    async () => {
      const now = await runShown();
      return now !== null && now !== before;
    },
    30_000,
  );
  await closeSuggestions(t);
}

/**
 * User settings for a file that types SQL into consoles: no completion list opens by itself as
 * text is typed (VS Code's quick suggestions); Ctrl+Space and the trigger characters (the dot
 * after a table or alias) still open it. The list answers when the extension's completion has
 * read the schema, which can be after the statement has run: a fresh-clone run (sqlConsole[en],
 * Edit Rows) found it opened over the results' toolbar after `closeSuggestions` had seen it
 * closed, and the click on Edit Rows hit the list for 30 s.
 */
export const NO_QUICK_SUGGESTIONS = { 'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' } };

/**
 * Closes the completion list the typed text opened (it floats over the results beside the
 * console and takes the clicks meant for their toolbar's second and third lines).
 * @param {import('./browser.mjs').Helpers} t
 */
export async function closeSuggestions(t) {
  // Hidden, the widget stays in the page (display: none): its visibility is what counts.
  const suggest = t.page.locator('.part.editor .suggest-widget').first();
  await until('the completion list is closed', async () => {
    if (!(await suggest.isVisible().catch(() => false))) return true;
    await t.page.keyboard.press('Escape');
    return false;
  });
}

/** The status line of the results grid once it matches `re` (the text it shows). */
export async function gridStatus(t, re, timeout = 30_000) {
  const status = t.webview().locator('.qr-status');
  const deadline = Date.now() + timeout;
  let shown = '';
  for (;;) {
    shown = (await status.innerText({ timeout: 5_000 }).catch(() => '')).trim();
    if (re.test(shown)) return shown;
    // A failed statement: say why at once (the grid shows the server's error).
    if (
      ['Statement {0} failed after {1} rows.', 'Syntax error in statement {0}.', 'Statement {0} failed.'].some((m) =>
        t.lre(m).test(shown),
      )
    )
      throw new Error(
        `the statement failed (the status said "${shown}" while ${re} was awaited): ` +
          (await t.webview().locator('body').innerText()).slice(0, 500),
      );
    if (Date.now() > deadline)
      throw new Error(`the results grid does not show ${re} (${t.locale}); it shows: "${shown}"`);
    await t.page.waitForTimeout(100);
  }
}

/** A row count as the grid writes it (grouped digits in the display language) as a number. */
export const countOf = (text) => Number(String(text).replace(/[^\d]/g, ''));

/**
 * The frame of the webview that holds `selector` (the Open Table and Import CSV views): the query
 * results beside them are a webview too, so the one holding it is looked for.
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} selector
 */
export async function webviewWith(t, selector) {
  const frames = t.page.locator('iframe.webview.ready');
  /** @type {import('playwright-core').FrameLocator | undefined} */
  let found;
  await until(`a webview with ${selector} is shown`, async () => {
    for (let i = 0; i < (await frames.count()); i++) {
      const frame = frames.nth(i).contentFrame().frameLocator('iframe#active-frame');
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      ) {
        found = frame;
        return true;
      }
    }
    return false;
  });
  if (!found) throw new Error(`no webview with ${selector}`);
  return found;
}

/**
 * In the table editor `view` with nothing staged: double-clicks cell (`row`, `col`), types
 * `value`, sees one staged change, checks the Preview shows exactly `statement` (a screenshot
 * of it when named), applies it, and waits for the value read back.
 * @param {import('./browser.mjs').Helpers} t
 * @param {import('playwright-core').FrameLocator} view
 * @param {{ row: number, col: number, value: string, statement: string, screenshot?: string }} edit
 */
export async function editCellAndApply(t, view, { row, col, value, statement, screenshot }) {
  const cell = view.locator(`#td-grid [data-row="${row}"] [data-col="${col}"]`);
  await cell.dblclick();
  const input = view.locator('input.td-editor');
  await input.waitFor({ timeout: 10_000 });
  await input.fill('');
  await t.page.keyboard.type(value);
  await t.page.keyboard.press('Enter');
  await view.locator(`#td-grid [data-row="${row}"] [data-col="${col}"].td-changed`).waitFor({ timeout: 10_000 });
  await view
    .locator('#td-staged')
    .filter({ hasText: t.l('{0} staged change', 1) })
    .waitFor({ timeout: 10_000 });
  await view.locator('#td-preview-button').click();
  const statements = view.locator('#td-statements');
  await statements.waitFor({ timeout: 15_000 });
  if ((await statements.innerText()).trim() !== statement)
    throw new Error(`the Preview shows: ${await statements.innerText()}`);
  if (screenshot) await t.screenshot(screenshot);
  await view.locator('#td-apply').click();
  await view
    .locator('#td-messages')
    .filter({ hasText: t.lre('{0} statement applied in {1} s.', 1) })
    .waitFor({ timeout: 30_000 });
  await until(`the applied ${value} is read back`, async () => (await cell.innerText()) === value);
}

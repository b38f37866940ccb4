// A long form's unsent changes (issue 25, rough edge 15): Cancel asks before it discards them,
// closing the tab with changes offers Reopen (which gets the draft back), and a form without
// changes, or one whose request was sent, closes silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();
const vscode = require('vscode');
// The prompts module keeps the function it finds at load: it gets one that asks `warn`.
let warn: (text: string, o: unknown, ...items: Array<{ title: string }>) => Promise<unknown> = async () => undefined;
vscode.window.showWarningMessage = (text: string, o: unknown, ...items: Array<{ title: string }>) =>
  warn(text, o, ...items);
const { FormDraft } = require('../../../src/panels/formDraft') as typeof import('../../../src/panels/formDraft');
const { parseInbound } = require('../../../src/panels/protocol') as typeof import('../../../src/panels/protocol');

/** A stand-in form panel: its title, its dispose event, and how often it was disposed. */
function form() {
  // As BasePanel does: dispose() ends in the draft's closed(), whoever closed the panel.
  let draft: { closed(): Promise<void> } | undefined;
  let gone = false;
  const f = {
    // As a real WebviewPanel: once disposed, reading a property throws (the e2e run saw the
    // "closed with changes" warning never come because the title was read then).
    panel: {
      get title() {
        if (gone) throw new Error('Webview is disposed');
        return 'Create DB Instance';
      },
    },
    disposals: 0,
    attach: <D extends { closed(): Promise<void> }>(d: D): D => (draft = d),
    /** The user closed the tab. */
    closeTab: () => {
      gone = true;
      void draft?.closed();
    },
    dispose: () => {
      f.disposals++;
      gone = true;
      void draft?.closed();
    },
  };
  return f;
}

/** Answers every warning with `answer` and records its text. */
function answering(answer: string | undefined) {
  const asked: string[] = [];
  warn = async (text: string, _o: unknown, ...items: Array<{ title: string }>) => {
    asked.push(text);
    return items.find((i) => i.title === answer);
  };
  return asked;
}

test('Cancel: closes at once without changes; with changes it asks, and keeping the form keeps it', async () => {
  const f = form();
  const draft = f.attach(new FormDraft(f as never, () => assert.fail('reopened')));
  let asked = answering(undefined);
  assert.equal(await draft.cancel(), true);
  assert.deepEqual(asked, [], 'nothing to lose: not asked');
  assert.equal(f.disposals, 1);

  const g = form();
  const changed = g.attach(new FormDraft(g as never, () => assert.fail('reopened')));
  changed.report({ values: { dbInstanceName: 'half' } });
  asked = answering(undefined);
  assert.equal(await changed.cancel(), false, 'the question dismissed: the form stays');
  assert.equal(g.disposals, 0);
  assert.match(asked[0], /Discard the changes made in "Create DB Instance"\?/);
  asked = answering('Discard Changes');
  assert.equal(await changed.cancel(), true);
  assert.equal(g.disposals, 1);
  assert.equal(asked.length, 1, 'discarded on purpose: no "closed with changes" after');
});

test('closing the tab with changes offers Reopen with the draft; without changes, or once sent, nothing is said', async () => {
  const f = form();
  const reopened: unknown[] = [];
  const draft = f.attach(new FormDraft(f as never, (s) => reopened.push(s)));
  draft.report({ values: { dbInstanceName: 'half' } });
  const asked = answering('Reopen');
  f.closeTab();
  await new Promise((r) => setImmediate(r));
  assert.match(asked[0], /"Create DB Instance" was closed with changes that were not sent\./);
  assert.deepEqual(reopened, [{ values: { dbInstanceName: 'half' } }]);

  for (const last of [undefined, null]) {
    const g = form();
    const quiet = g.attach(new FormDraft(g as never, () => assert.fail('reopened')));
    if (last === null) {
      quiet.report({ values: { dbInstanceName: 'sent' } });
      quiet.report(null); // the request was sent: a job runs on
    }
    const none = answering('Reopen');
    g.closeTab();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(none, []);
  }
});

test('the forms accept draft and cancel messages, strictly', () => {
  for (const kind of ['createInstance', 'restore', 'replicate'] as const) {
    assert.equal(parseInbound(kind, { type: 'request', id: 1, method: 'cancel', params: {} }).ok, true);
    assert.equal(parseInbound(kind, { type: 'request', id: 2, method: 'draft', params: { state: null } }).ok, true);
    assert.equal(parseInbound(kind, { type: 'request', id: 3, method: 'draft', params: { state: { a: 1 } } }).ok, true);
    assert.equal(parseInbound(kind, { type: 'request', id: 4, method: 'draft', params: {} }).ok, false);
  }
  assert.equal(parseInbound('metrics', { type: 'request', id: 1, method: 'cancel', params: {} }).ok, false);
});

// Ctrl+Enter and Ctrl+Shift+Enter run statements in a query console as soon as its editor has
// the focus. They held only once the extension's context key `nhncloud.rds.query.consoleActive`
// said so, and that key is set from the extension host after the focus moved (a round trip):
// pressed before it arrived, VS Code's own binding ran instead (Ctrl+Shift+Enter: Insert Line
// Above) and the statement was not run (fresh-clone run 89, sqlConsole[ko], right after the
// results panel had the focus). A console's own scheme is known to the workbench at once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { holds } from '../../support/whenClause';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const runKeys: Array<{ command: string; key: string; when: string }> = manifest.contributes.keybindings.filter(
  (k: { command: string }) => k.command === 'nhncloud.rds.query.run' || k.command === 'nhncloud.rds.query.runAll',
);

test('the run keys hold in a focused query console before the extension says it is one', () => {
  assert.deepEqual(runKeys.map((k) => k.key).sort(), ['ctrl+enter', 'ctrl+shift+enter']);
  for (const k of runKeys) {
    const console = { editorTextFocus: true, resourceScheme: 'nhncloud-console' };
    assert.equal(holds(k.when, console), true, `${k.key}: "${k.when}" waits for the context key in a console`);
    // A workspace file bound to a connection (issue 29) is known by the context key alone.
    const file = { editorTextFocus: true, resourceScheme: 'file' };
    assert.equal(holds(k.when, { ...file, 'nhncloud.rds.query.consoleActive': true }), true, `${k.key}: bound file`);
    // Elsewhere VS Code's own binding stays (Ctrl+Shift+Enter inserts a line above).
    assert.equal(holds(k.when, file), false, `${k.key}: a file that is not bound`);
    assert.equal(holds(k.when, { resourceScheme: 'nhncloud-console' }), false, `${k.key}: the console without focus`);
  }
});

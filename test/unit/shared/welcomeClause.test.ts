// The first-use welcome of the NHN Cloud view must not hold before the extension activates.
// VS Code draws a view's welcome whenever its `when` clause holds and the tree is empty, and in a
// fresh window the tree is empty and every context key undefined until the extension activates:
// the old clause `!nhncloud.hasProfiles` held there, so a user with profiles saw "Add Profile /
// Explore the Sandbox" drawn and taken away at each cold open (the bench's cold open caught it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { installVscodeStub, stubVscode } from '../../support/vscodeStub';
import { holds } from '../../support/whenClause';

installVscodeStub();
const { setProfileCountContext } =
  require('../../../src/profiles/contextKeys') as typeof import('../../../src/profiles/contextKeys');

/** The context keys as the extension sets them for `count` stored profiles. */
async function keysFor(count: number): Promise<Record<string, unknown>> {
  const keys: Record<string, unknown> = {};
  const original = stubVscode.commands.executeCommand;
  stubVscode.commands.executeCommand = async (...args: unknown[]) => {
    if (args[0] === 'setContext') keys[args[1] as string] = args[2];
    return undefined;
  };
  try {
    await setProfileCountContext(count);
  } finally {
    stubVscode.commands.executeCommand = original;
  }
  return keys;
}

const welcomes: Array<{ view: string; when: string }> = JSON.parse(readFileSync('package.json', 'utf8')).contributes
  .viewsWelcome;

test('the first-use welcome holds with no profile, and neither before activation nor with a profile', async () => {
  assert.ok(welcomes.length > 0, 'the manifest declares a welcome');
  const none = await keysFor(0);
  const one = await keysFor(1);
  for (const w of welcomes) {
    assert.equal(holds(w.when, {}), false, `${w.view}: "${w.when}" holds before the extension activates`);
    assert.equal(holds(w.when, none), true, `${w.view}: "${w.when}" does not hold with no profile`);
    assert.equal(holds(w.when, one), false, `${w.view}: "${w.when}" holds with a profile`);
  }
});

test('the clause reader reads what it is given (so the test above can fail)', () => {
  assert.equal(holds('!nhncloud.hasProfiles', {}), true);
  assert.equal(holds('nhncloud.noProfiles', { 'nhncloud.noProfiles': true }), true);
  assert.equal(holds("a == 'v4.0' && b", { a: 'v4.0', b: true }), true);
  assert.equal(holds("a != 'v4.0' || b", { a: 'v4.0' }), false);
  assert.equal(holds('a =~ /^x\\./ && view == nhncloud.explorer', { a: 'x.y', view: 'nhncloud.explorer' }), true);
  assert.equal(holds('a =~ /^x\\./', { a: 'xy' }), false);
  // `in` a row set (the tree menus, issue 65): the key's value is a key of the set's object.
  assert.equal(holds('a in b', { a: 'x', b: { x: true } }), true);
  assert.equal(holds('a in b', { a: 'y', b: { x: true } }), false);
  assert.equal(holds('a in b', { a: 'x' }), false);
  assert.throws(() => holds('a not in b', {}), /teach holds/);
});

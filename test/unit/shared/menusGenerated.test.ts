// package.json's tree menus are generated from the node-kind table (src/shared/menus/nodeKinds.ts,
// `npm run gen:menus`): this fails when the manifest differs from what the table generates, so a
// menu is changed in the table, never by hand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generateMenus, ITEM_MENU } from '../../../scripts/menus';
import { KINDS, SUBMENUS } from '../../../src/shared/menus/nodeKinds';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const nls = JSON.parse(readFileSync('package.nls.json', 'utf8'));

test('package.json menus are what the node-kind table generates (run npm run gen:menus)', () => {
  const { menus, submenus, rowSets } = generateMenus();
  for (const [id, entries] of Object.entries(menus))
    assert.deepEqual(pkg.contributes.menus[id], entries, `${id} differs from the table: npm run gen:menus`);
  assert.deepEqual(pkg.contributes.submenus, submenus, 'contributes.submenus: npm run gen:menus');
  assert.deepEqual(pkg.nhncloudMenuRowSets, rowSets, 'nhncloudMenuRowSets: npm run gen:menus');
});

test('well below the 174 view/item/context entries of before the table, each an exact match', () => {
  const entries: Array<{ when: string }> = pkg.contributes.menus[ITEM_MENU];
  assert.ok(entries.length <= 150, `${entries.length} view/item/context entries`);
  for (const e of entries) assert.doesNotMatch(e.when, /=~/);
});

test('every command of the table is declared, every submenu has a label in each language', () => {
  const declared = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  for (const [name, kind] of Object.entries(KINDS))
    for (const a of kind.actions) assert.ok(declared.has(a.command), `${name}: ${a.command} is not a declared command`);
  for (const lang of ['', '.ko', '.ja']) {
    const bundle = lang ? JSON.parse(readFileSync(`package.nls${lang}.json`, 'utf8')) : nls;
    for (const s of Object.values(SUBMENUS))
      assert.ok(bundle[s.label.slice(1, -1)], `package.nls${lang}.json lacks ${s.label}`);
  }
});

test('no two kinds claim the same contextValue', () => {
  const seen = new Map<string, string>();
  for (const [name, kind] of Object.entries(KINDS))
    for (const v of kind.values) {
      assert.equal(seen.get(v), undefined, `${v} in ${name} and ${seen.get(v)}`);
      seen.set(v, name);
    }
});

// `npm run gen:menus`: writes package.json's `view/item/context` menu, the instance's submenus,
// `contributes.submenus` and the row sets (`nhncloudMenuRowSets`) from the node-kind table (src/shared/menus/nodeKinds.ts).
// test/unit/shared/menusGenerated.test.ts fails until it is run after a change of the table.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { generateMenus } from './menus';

async function main(): Promise<void> {
  const file = join(__dirname, '..', 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const { menus, submenus, rowSets } = generateMenus();
  pkg.contributes.menus = { ...pkg.contributes.menus, ...menus };
  pkg.contributes.submenus = submenus;
  // Read by the activation shim (src/extension.ts), which sets each as a context key.
  pkg.nhncloudMenuRowSets = rowSets;
  const text = await prettier.format(JSON.stringify(pkg, null, 2), { filepath: file });
  writeFileSync(file, text);
  const n = menus['view/item/context'].length;
  console.log(
    `package.json: ${n} view/item/context entries, ${submenus.length} submenus, ${Object.keys(rowSets).length} row sets`,
  );
}
void main();

// `npm run package`: a production build, then a .vsix made offline by @vscode/vsce.
// esbuild bundles every dependency, so vsce runs with --no-dependencies. The .vsix is checked:
// it may hold only dist/ (no source maps), media/, package.json, package.nls*.json, l10n/, README, CHANGELOG and LICENSE.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const out = join(ROOT, `${pkg.name}-${pkg.version}.vsix`);
// The budget for the whole extension with every feature: 600 KB until round three, which allows
// 2 MB for parsers and drivers that load on first use (activation loads dist/extension.js alone,
// and its time is a figure of its own in `npm run bench`).
const LIMIT_KB = 2048;

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Entry names of a zip file, from its central directory. */
function zipEntries(file) {
  const buf = readFileSync(file);
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names = [];
  for (let i = 0; i < count; i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    names.push({ name: buf.toString('utf8', p + 46, p + 46 + nameLen), size: buf.readUInt32LE(p + 24) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

// A clean dist/: source maps of an earlier development build must not ship.
rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
run(process.execPath, ['esbuild.mjs', '--production']);
run(process.execPath, [
  join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'),
  'package',
  '--no-dependencies',
  '--allow-missing-repository',
  '--no-rewrite-relative-links',
  '--skip-license',
  '--out',
  out,
]);

const entries = zipEntries(out).filter((e) => e.name.startsWith('extension/'));
const allowed =
  /^extension\/(dist\/.*(?<!\.map)|media\/.*|package\.json|package\.nls(\.[a-z-]+)?\.json|l10n\/bundle\.l10n\.[a-z-]+\.json|readme\.md|changelog\.md|LICENSE(\.txt)?)$/i;
const extra = entries.filter((e) => !allowed.test(e.name));
const kb = statSync(out).size / 1024;
console.log(`\n${out.slice(ROOT.length + 1)}: ${kb.toFixed(1)} KB, ${entries.length} files`);
for (const e of entries)
  console.log(`  ${e.name.slice('extension/'.length).padEnd(40)} ${(e.size / 1024).toFixed(1).padStart(8)} KB`);
if (extra.length) {
  console.error(`\nThe .vsix holds files that do not run: ${extra.map((e) => e.name).join(', ')} (fix .vscodeignore)`);
  process.exit(1);
}
if (kb > LIMIT_KB) {
  console.error(`\nThe .vsix is ${kb.toFixed(1)} KB, over the ${LIMIT_KB} KB budget.`);
  process.exit(1);
}

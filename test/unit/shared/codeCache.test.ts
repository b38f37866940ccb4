// The main bundle's loader with V8's code cache (src/shared/codeCache.ts): the module runs as
// `require` would run it, the cache is used by the next load of the same file, refused and
// rewritten when it is not V8's for that file, and a new file gets its own.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { requireWithCodeCache } from '../../../src/shared/codeCache';

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-codecache-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const file = join(dir, 'bundle.js');
const cacheDir = join(dir, 'cache');
writeFileSync(join(dir, 'dep.js'), 'module.exports = { value: 41 };');
const bundle = (extra = '') =>
  `'use strict';\nconst dep = require('./dep.js');\nexports.answer = () => dep.value + 1;\nexports.here = __dirname;\nexports.self = this === module.exports;\nexports.name = __filename;${extra}\n` +
  // Enough code for V8 to cache something worth checking.
  Array.from({ length: 200 }, (_, i) => `exports.f${i} = (x) => x * ${i} + ${i};`).join('\n');
const caches = () => readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));

test('the module runs as require runs it, and is in require.cache', () => {
  writeFileSync(file, bundle());
  const m = requireWithCodeCache<Record<string, unknown>>(file, cacheDir);
  assert.equal(m.cache, 'none');
  const e = m.exports as { answer(): number; here: string; self: boolean; name: string };
  assert.equal(e.answer(), 42, 'its require resolves next to it');
  assert.equal(e.here, dir);
  assert.equal(e.name, file);
  assert.equal(e.self, true, 'this is module.exports');
  assert.equal(createRequire(file).cache[file]?.exports, m.exports);
  m.save();
  assert.equal(caches().length, 1);
});

/**
 * Loads the file in a new Node process and saves its cache: V8 also keeps compiled scripts in
 * memory, so within one process a second load would find them there whatever the file held.
 */
function loadElsewhere(): { cache: string; answer: number } {
  const code = `const { requireWithCodeCache } = require(${JSON.stringify(join(__dirname, '../../../src/shared/codeCache.ts'))});
const m = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheDir)});
m.save();
console.log(JSON.stringify({ cache: m.cache, answer: m.exports.answer() }));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

test('only the first save writes (the timer and deactivate may both call it)', () => {
  const m = requireWithCodeCache<Record<string, unknown>>(file, join(dir, 'once'));
  m.save();
  const [name] = readdirSync(join(dir, 'once'));
  writeFileSync(join(dir, 'once', name!), 'the first save');
  m.save();
  assert.equal(readFileSync(join(dir, 'once', name!), 'utf8'), 'the first save');
  rmSync(join(dir, 'once'), { recursive: true });
});

test('the next window (another process) uses the cache, and writes nothing', () => {
  const before = caches();
  const written = readFileSync(join(cacheDir, before[0]!));
  assert.deepEqual(loadElsewhere(), { cache: 'used', answer: 42 });
  assert.deepEqual(caches(), before);
  assert.deepEqual(readFileSync(join(cacheDir, before[0]!)), written);
});

test('a cache that is not V8s for the file is refused, the module still runs, and it is rewritten', () => {
  const [name] = caches();
  writeFileSync(join(cacheDir, name!), Buffer.from('not a code cache'));
  assert.deepEqual(loadElsewhere(), { cache: 'rejected', answer: 42 });
  assert.notEqual(readFileSync(join(cacheDir, name!)).toString(), 'not a code cache');
  assert.deepEqual(loadElsewhere(), { cache: 'used', answer: 42 });
});

test('a changed file gets a cache of its own, and the old one is removed', () => {
  const old = caches();
  writeFileSync(file, bundle('\nexports.extra = true;'));
  assert.deepEqual(loadElsewhere(), { cache: 'none', answer: 42 });
  const now = caches();
  assert.equal(now.length, 1);
  assert.notDeepEqual(now, old);
  assert.deepEqual(loadElsewhere(), { cache: 'used', answer: 42 });
});

test('a cache that cannot be written costs nothing but the cache', () => {
  const blocked = join(dir, 'blocked');
  writeFileSync(blocked, 'a file where the folder would be');
  const m = requireWithCodeCache<{ answer(): number }>(file, blocked);
  assert.doesNotThrow(() => m.save());
  assert.equal(m.exports.answer(), 42);
});

// Issue 63, defect 6: Sync's preview said "4 Selected" over "5 to copy (43 B)": its totals were
// counted once, before the user unchecked anything, and drawn in the placeholder of a
// multi-select pick, where they stayed. A count or size in a multi-select pick's placeholder is
// therefore a tally of what is checked (pickManyTallied, redrawn at every check); pickMany's
// placeholder is a fixed text and names no number. Read from the source, so a new call is held to it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* sources(path);
    else if (e.name.endsWith('.ts')) yield path;
  }
}

/** The text of each `pickMany(...)` call: from its name to its closing parenthesis. */
function pickManyCalls(text: string): string[] {
  const calls: string[] = [];
  for (const m of text.matchAll(/\bpickMany\s*\(/g)) {
    let depth = 0;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        calls.push(text.slice(m.index, i + 1));
        break;
      }
    }
  }
  return calls;
}

test("no multi-select pick's placeholder holds a number counted before the user checks anything", () => {
  const offending: string[] = [];
  let calls = 0;
  for (const file of sources('src')) {
    const text = readFileSync(file, 'utf8');
    if (/export async function pickMany\b/.test(text)) continue; // its definition
    for (const call of pickManyCalls(text)) {
      calls++;
      const placeholder = /placeHolder:\s*([\s\S]*?)(?:,\s*\n\s*\w+:|\s*}\s*,?\s*\)$)/.exec(call)?.[1] ?? '';
      // A message with arguments ({0}...) or a value computed in place: neither follows the checks.
      if (/\{\d+\}|plural\(|formatSize\(/.test(placeholder))
        offending.push(`${file}: ${placeholder.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  }
  assert.ok(calls > 10, `only ${calls} pickMany calls were read: the reader is broken`);
  assert.deepEqual(offending, [], 'use pickManyTallied (src/shared/prompts.ts) for a placeholder that counts');
});

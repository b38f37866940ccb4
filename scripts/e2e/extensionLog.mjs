// The extension's own log in a test window ("NHN Cloud.log", one per extension host under VS Code's
// logs folder of the window's user data): found, read from an offset, and cut to one scenario.
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every "NHN Cloud.log" under `dir` (VS Code's logs of a run: one per extension host). */
export function findLogFiles(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const found = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...findLogFiles(p));
    else if (name === 'NHN Cloud.log') found.push(p);
  }
  return found;
}

/** What `file` gained after its first `offset` bytes (only that part is read). */
export function readFrom(file, offset) {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(Math.max(0, fstatSync(fd).size - offset));
    const read = readSync(fd, bytes, 0, bytes.length, offset);
    return bytes.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * What `file` gained after its first `offset` bytes, up to its last whole line: a line the extension
 * host is still writing is left for the next read. A reader that matches a command id must not
 * see half a line: palette[ja] once read "▶ nhncloud.rd" while the host was writing
 * "▶ nhncloud.rds.connection.allowMyAddress", and took it for another command.
 */
export function readLinesFrom(file, offset) {
  const text = readFrom(file, offset);
  return text.slice(0, text.lastIndexOf('\n') + 1);
}

/**
 * Where each "NHN Cloud.log" under `dir` ends now: taken before a scenario runs, so that its
 * failure's artifacts hold the extension's log of that scenario only (`logsSince`).
 * @returns {Map<string, number>}
 */
export function logMark(dir) {
  return new Map(findLogFiles(dir).map((f) => [f, statSync(f).size]));
}

/**
 * What the NHN Cloud logs under `dir` gained since `mark`: a log that grew from where it stood, a
 * log begun since (a reloaded window's new extension host) whole, oldest extension host first
 * (VS Code names its log folders by their start time).
 */
export function logsSince(dir, mark) {
  return findLogFiles(dir)
    .sort()
    .map((f) => readFrom(f, mark.get(f) ?? 0))
    .filter((text) => text.length > 0)
    .join('');
}

/** The newest "NHN Cloud.log" under `dir`: the current extension host's (the wrapper logs ▶/✓/✗ per command). */
export function findLogFile(dir) {
  let newest;
  for (const f of findLogFiles(dir)) if (!newest || statSync(f).mtimeMs > statSync(newest).mtimeMs) newest = f;
  return newest;
}

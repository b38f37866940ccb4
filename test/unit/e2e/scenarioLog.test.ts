// The extension's log as the end-to-end harness reads it (scripts/e2e/extensionLog.mjs).
// A failed end-to-end scenario's artifacts hold the extension's log of that scenario only
// (scripts/e2e/run.mjs takes `logMark` as each scenario begins and writes `logsSince` to
// extension.log). Checked on a logs folder laid out as VS Code lays out a window's: what earlier
// scenarios logged stays out, what the scenario logged is in, and a log begun during the
// scenario (a reloaded window's new extension host) is in whole, after the older one.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';

interface ScenarioLogs {
  logMark(dir: string): Map<string, number>;
  logsSince(dir: string, mark: Map<string, number>): string;
  readLinesFrom(file: string, offset: number): string;
}
const LOG_MODULE = pathToFileURL(join(__dirname, '..', '..', '..', 'scripts', 'e2e', 'extensionLog.mjs')).href;

const root = mkdtempSync(join(tmpdir(), 'scenario-log-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A window's log folder of one extension host: logs/<start time>/window1/exthost/output_logging_…/N-NHN Cloud.log */
function hostLog(logs: string, started: string): string {
  const dir = join(logs, started, 'window1', 'exthost', 'output_logging_1');
  mkdirSync(dir, { recursive: true });
  return join(dir, 'NHN Cloud.log');
}

test("a scenario's extension.log has what it logged, nothing logged before it, and a new host's log whole", async () => {
  const { logMark, logsSince } = (await import(LOG_MODULE)) as ScenarioLogs;
  const logs = join(root, 'logs');
  const first = hostLog(logs, '20261206T010000');
  writeFileSync(first, '[info] ▶ nhncloud.earlier (an earlier scenario, 한국어)\n');
  // Another output channel's log beside it is not the extension's.
  writeFileSync(join(first, '..', 'Git.log'), 'not ours\n');

  const mark = logMark(logs);
  appendFileSync(first, '[info] ▶ nhncloud.rds.refresh\n[error] ✗ nhncloud.rds.refresh failed\n');
  const second = hostLog(logs, '20261206T010500');
  writeFileSync(second, '[info] NHN Cloud Explorer ready (after the reload)\n');

  assert.equal(
    logsSince(logs, mark),
    '[info] ▶ nhncloud.rds.refresh\n[error] ✗ nhncloud.rds.refresh failed\n' +
      '[info] NHN Cloud Explorer ready (after the reload)\n',
  );
  // Without a mark (a failed setup) the whole of every log is the scenario's.
  assert.match(
    logsSince(logs, new Map()),
    /^\[info\] ▶ nhncloud\.earlier .*한국어\)\n\[info\] ▶ nhncloud\.rds\.refresh/,
  );
  // A logs folder that does not exist yet (a window that never started) gives an empty log.
  assert.equal(logsSince(join(root, 'none'), logMark(join(root, 'none'))), '');
});

test('a reader of command ids sees whole lines only: a line still being written waits for its end', async () => {
  const { readLinesFrom } = (await import(LOG_MODULE)) as ScenarioLogs;
  const file = hostLog(join(root, 'partial'), '20261206T020000');
  writeFileSync(file, '[info] ▶ nhncloud.earlier\n');
  const offset = Buffer.byteLength('[info] ▶ nhncloud.earlier\n');
  // What palette[ja] once read: the host had written this much of its line.
  appendFileSync(file, '[info] ▶ nhncloud.rd');
  assert.equal(readLinesFrom(file, offset), '');
  appendFileSync(file, 's.connection.allowMyAddress\n[info] ✓ nhncl');
  assert.equal(readLinesFrom(file, offset), '[info] ▶ nhncloud.rds.connection.allowMyAddress\n');
  assert.equal(readLinesFrom(file, 0), '[info] ▶ nhncloud.earlier\n[info] ▶ nhncloud.rds.connection.allowMyAddress\n');
});

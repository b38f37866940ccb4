// Copied next to dist/extension.js in the benchmark's own installed copy of the .vsix (never
// in the shipped one), and made that copy's "main". It times what VS Code's extension host
// does with our entry: Node's load of dist/extension.js, then activate() up to its return (or
// the end of its promise), and appends one JSON line per activation to the file named in
// activationProbe.json beside it. The probe itself costs one small module load before the clock.
'use strict';
const { appendFileSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

const { log } = JSON.parse(readFileSync(join(__dirname, 'activationProbe.json'), 'utf8'));
const t0 = performance.now();
const ext = require('./extension.js');
const loadMs = performance.now() - t0;

function write(callStart, extra) {
  const now = performance.now();
  appendFileSync(
    log,
    JSON.stringify({
      pid: process.pid,
      loadMs,
      gapMs: callStart - t0 - loadMs,
      activateMs: now - callStart,
      totalMs: now - t0,
      ...extra,
    }) + '\n',
  );
}

exports.activate = function activate(...args) {
  const callStart = performance.now();
  let r;
  try {
    r = ext.activate.apply(this, args);
  } catch (err) {
    write(callStart, { error: String(err) });
    throw err;
  }
  if (r && typeof r.then === 'function')
    r.then(
      () => write(callStart, { async: true }),
      (err) => write(callStart, { error: String(err) }),
    );
  else write(callStart, {});
  return r;
};
exports.deactivate = (...args) => ext.deactivate?.(...args);

// undici loads with the first Transport, not with the modules that import the transport
// (src/client/http/undici.ts): a window that sends no request (a cold open draws the profile
// and its regions) never pays for undici's modules, Node's http2 among them (issue 31).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

test("undici's modules load with the first Transport, not with the module", () => {
  // A process of its own: this one may have loaded undici already.
  const transport = JSON.stringify(join(__dirname, '../../../src/client/http/transport.ts'));
  const code = `const loaded = () => Object.keys(require.cache).filter((p) => /undici[\\\\/]lib[\\\\/]dispatcher[\\\\/]agent/.test(p)).length;
const { Transport } = require(${transport});
const before = loaded();
const t = new Transport({ userAgent: 'test' });
console.log(JSON.stringify({ before, after: loaded(), request: typeof t.dispatcherFor('http://127.0.0.1/').request }));
void t.close();`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out.trim().split('\n').at(-1)!), { before: 0, after: 1, request: 'function' });
});

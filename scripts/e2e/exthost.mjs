// The mocha suite of test/e2e/exthost, run inside code-server's (Node) extension host through
// the smoke-test driver: the workbench opens with `extensionDevelopmentPath` pointing at this
// repository and `extensionTestsPath` at the built suite, streams the output back and reports
// the exit code. The same built suite runs under @vscode/test-electron (scripts/test-electron.mjs).
import { format } from 'node:util';
import { mkdirSync, readdirSync, writeFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { launchBrowser } from './browser.mjs';
import { ROOT, startCodeServer, stopCodeServer } from './codeServer.mjs';

export const EXTHOST_OUT = join(ROOT, 'out', 'test', 'exthost');

export async function buildExthostSuite() {
  const dir = join(ROOT, 'test', 'e2e', 'exthost');
  const entries = readdirSync(dir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => join(dir, f));
  await esbuild.build({
    entryPoints: entries,
    outdir: EXTHOST_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(EXTHOST_OUT, 'index.js');
}

export async function runExthostSuite({ live, artifacts, timeoutMs = 180_000 }) {
  const t0 = Date.now();
  const name = 'exthost › mocha suite in the extension host';
  let server;
  let browser;
  try {
    const entry = await buildExthostSuite();
    server = await startCodeServer({
      installExtension: false,
      forTests: true,
      extraArgs: ['--vscode-option', 'enable-smoke-test-driver'],
    });
    live?.servers.add(server);
    browser = await launchBrowser(join(server.runDir, 'chromium'), { forTests: true });
    live?.browsers.add(browser);
    const page = browser.pages()[0] ?? (await browser.newPage());
    let done;
    const finished = new Promise((r) => (done = r));
    const lines = [];
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const line = format(...(args ?? [])).replace(/\s+$/, '');
      lines.push(line);
      console.log(`    ${line}`);
    });
    await page.exposeFunction('codeAutomationExit', (code) => done(code));
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', `vscode-remote://remote${ROOT}`],
      ['extensionTestsPath', `vscode-remote://remote${entry}`],
    ]);
    await page.goto(`${server.url}/?folder=${encodeURIComponent(server.ws)}&payload=${encodeURIComponent(payload)}`);
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    const code = await finished;
    clearTimeout(timer);
    const ok = code === 0;
    console.log(`${ok ? '✓' : '✗'} ${name} (${Date.now() - t0} ms${ok ? '' : `, exit ${code}`})`);
    if (!ok) {
      mkdirSync(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, 'screenshot.png'), scale: 'css' }).catch(() => {});
      writeFileSync(join(artifacts, 'output.txt'), lines.join('\n'));
      if (existsSync(server.logFile)) cpSync(server.logFile, join(artifacts, 'server.log'));
    }
    return { name, ok, why: ok ? undefined : `mocha exit ${code}` };
  } catch (err) {
    console.log(`✗ ${name}: ${err?.message ?? err}`);
    return { name, ok: false, why: String(err?.message ?? err).split('\n')[0] };
  } finally {
    if (browser) {
      live?.browsers.delete(browser);
      await browser.close().catch(() => {});
    }
    if (server) {
      live?.servers.delete(server);
      await stopCodeServer(server);
      rmSync(server.runDir, { recursive: true, force: true });
    }
  }
}

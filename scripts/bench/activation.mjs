// Activation in the extension host of code-server, measured from inside that host: the
// packaged .vsix is installed into a fresh code-server's extensions folder, and in that copy
// activationProbe.cjs becomes "main": it times Node's load of dist/extension.js and the call to
// activate() (to its return, or the end of its promise) and writes one line per activation.
// (A preload through NODE_OPTIONS does not work: VS Code strips NODE_OPTIONS from the extension
// host's environment.) Each run opens a new browser session, so a new extension host starts
// and activates the extension on opening the NHN Cloud view (its activation event).
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, sleep, stats } from './lib.mjs';

export async function benchActivation({ vsix, runs = 5, log = console.error }) {
  const { installVsix, startCodeServer, stopCodeServer } = await import('../e2e/codeServer.mjs');
  const { launchBrowser, helpers } = await import('../e2e/browser.mjs');
  const runDir = mkdtempSync(join(tmpdir(), 'nhncloud-bench-cs-'));
  const logFile = join(runDir, 'activation.jsonl');
  let server;
  const records = [];
  try {
    await installVsix(runDir, vsix);
    const exts = join(runDir, 'extensions');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const installed = join(exts, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    copyFileSync(join(ROOT, 'scripts/bench/activationProbe.cjs'), join(installed, 'dist', 'activationProbe.js'));
    writeFileSync(join(installed, 'dist', 'activationProbe.json'), JSON.stringify({ log: logFile }));
    writeFileSync(
      join(installed, 'package.json'),
      JSON.stringify({ ...manifest, main: './dist/activationProbe.js' }, null, 2),
    );
    server = await startCodeServer({ runDir, installExtension: false });
    for (let i = 0; i < runs; i++) {
      const profile = mkdtempSync(join(tmpdir(), 'nhncloud-bench-chromium-'));
      const browser = await launchBrowser(profile);
      try {
        const page = browser.pages()[0] ?? (await browser.newPage());
        const t = helpers(page, server);
        await t.openWorkbench();
        await t.openView('NHN Cloud');
        const deadline = Date.now() + 60_000;
        for (;;) {
          const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean) : [];
          if (lines.length > records.length) {
            const r = JSON.parse(lines[lines.length - 1]);
            if (r.error) throw new Error(`activate() failed: ${r.error}`);
            records.push(r);
            log(
              `  activation run ${i + 1}: ${r.totalMs.toFixed(1)} ms (load ${r.loadMs.toFixed(1)}, activate ${r.activateMs.toFixed(1)})`,
            );
            break;
          }
          if (Date.now() > deadline) throw new Error('the extension did not activate within 60 s of opening its view');
          await sleep(100);
        }
      } finally {
        await browser.close().catch(() => {});
        rmSync(profile, { recursive: true, force: true });
      }
      // The old extension host lingers for the reconnection grace time (5 s): let it go.
      await sleep(1000);
    }
  } finally {
    await stopCodeServer(server);
    rmSync(runDir, { recursive: true, force: true });
  }
  return {
    ourMs: stats(records.map((r) => r.loadMs + r.activateMs)),
    totalMs: stats(records.map((r) => r.totalMs)),
    loadMs: stats(records.map((r) => r.loadMs)),
    activateMs: stats(records.map((r) => r.activateMs)),
  };
}

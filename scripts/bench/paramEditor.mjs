// Parameter editor with 600 parameters, measured in the page with performance.now(): the
// production webview bundle (webviews/parameterGroup) under the panel's own HTML and CSP
// (src/panels/html.ts) in the system Chromium, fed through the typed protocol by a scripted
// extension side (as VS Code would relay it). Not inside code-server's webview iframe: the
// figure is the webview's own work (script, layout, paint), which the iframe does not change.
//   first render: from the `load` answer dispatched to the rows in the DOM with style and
//   layout done (forced), i.e. all the work before the paint;
//   keystroke: typing "param_05" one key at a time, each from its input event to the filtered
//   rows laid out (forced), one frame apart. Waiting for the next frame itself is not counted:
//   it adds up to 16.7 ms of vsync alignment that no code can shorten.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, stats } from './lib.mjs';

const PARAMS = Array.from({ length: 600 }, (_, i) => ({
  parameterId: `p${i}`,
  parameterName: `param_${String(i).padStart(3, '0')}`,
  fileParameterName: `param-${i}`,
  parameterFileGroup: 'MYSQLD',
  value: String(i % 7),
  defaultValue: String(i % 7),
  allowedValue: i % 3 === 0 ? '0-100' : i % 3 === 1 ? 'ON|OFF' : '',
  updateType: i % 50 === 0 ? 'CONSTANT' : 'VARIABLE',
  applyType: i % 2 ? 'SESSION' : 'FILE',
}));

export async function benchParamEditor({ runs = 5, log = console.error }) {
  if (!existsSync(join(ROOT, 'webviews/parameterGroup/main.ts')))
    throw new Error('no parameter editor webview in this tree (webviews branch not merged)');
  const esbuild = await import('esbuild');
  const { findChromium } = await import('../e2e/chromium.mjs');
  const { chromium } = await import('playwright-core');
  const out = mkdtempSync(join(tmpdir(), 'nhncloud-bench-webview-'));
  // Exactly the shipped production build of the panels (ES modules + shared chunks).
  const { webviewBuildOptions } = await import('../webviewBuild.mjs');
  await esbuild.build({ ...webviewBuildOptions({ outdir: out, production: true, root: ROOT }), logLevel: 'error' });
  await esbuild.build({
    entryPoints: [join(ROOT, 'src/panels/html.ts')],
    outfile: join(out, 'html.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'error',
  });
  const { panelHtml, nonce } = createRequire(import.meta.url)(join(out, 'html.cjs'));
  let origin;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (/^\/dist\/(chunks\/)?[\w-]+\.js$/.test(path))
      return (
        res.setHeader('content-type', 'text/javascript'),
        res.end(readFileSync(join(out, path.slice('/dist/'.length))))
      );
    if (path === '/media/webview.css')
      return (
        res.setHeader('content-type', 'text/css'),
        res.end(existsSync(join(ROOT, 'media/webview.css')) ? readFileSync(join(ROOT, 'media/webview.css')) : '')
      );
    res.setHeader('content-type', 'text/html');
    res.end(
      panelHtml({
        cspSource: origin,
        nonce: nonce(),
        scriptUri: `${origin}/dist/parameterGroup.js`,
        chunkRootUri: `${origin}/dist/chunks`,
        styleUri: `${origin}/media/webview.css`,
        title: 'parameterGroup',
        kind: 'parameterGroup',
      }),
    );
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const first = [];
  const keys = [];
  try {
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
      await page.exposeFunction('__toHost', async (msg) => {
        if (msg.type === 'ready')
          return reply({ type: 'init', panel: 'parameterGroup', data: { target: { region: 'KR1', id: 'pg-1' } } });
        if (msg.method === 'load') {
          const result = {
            group: {
              parameterGroupId: 'pg-1',
              parameterGroupName: 'orders-params',
              dbVersion: 'MYSQL_V8045',
              parameters: PARAMS,
            },
            instances: [],
            others: [],
          };
          // Stamp the delivery in the page, then watch for the first frame with rows.
          return page.evaluate(
            (m) => {
              const w = window;
              w.__t0 = performance.now();
              const obs = new MutationObserver(() => {
                if (w.__t1 || !document.querySelector('.pg-body .pg-row')) return;
                obs.disconnect();
                // Style and layout forced now, so the figure holds all the work before the paint.
                document.body.getBoundingClientRect();
                w.__t1 = performance.now();
              });
              obs.observe(document.body, { childList: true, subtree: true });
              w.dispatchEvent(new MessageEvent('message', { data: m }));
            },
            { type: 'response', id: msg.id, ok: true, result },
          );
        }
        reply({ type: 'response', id: msg.id, ok: true, result: null });
      });
      const reply = (m) =>
        void page.evaluate((d) => window.dispatchEvent(new MessageEvent('message', { data: d })), m).catch(() => {});
      await page.addInitScript({
        content: `window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__toHost(m), getState: () => undefined, setState: () => {} });`,
      });
      await page.goto(`${origin}/parameterGroup`);
      await page.waitForFunction(() => window.__t1 !== undefined, null, { timeout: 60_000 });
      first.push(await page.evaluate(() => window.__t1 - window.__t0));
      await page.locator('.pg-count', { hasText: '600 of 600' }).waitFor({ timeout: 30_000 });
      const typed = await page.evaluate(async () => {
        const f = document.querySelector('#filter');
        const times = [];
        const text = 'param_05';
        for (let i = 1; i <= text.length; i++) {
          const t0 = performance.now();
          f.value = text.slice(0, i);
          f.dispatchEvent(new Event('input', { bubbles: true }));
          document.body.getBoundingClientRect();
          times.push(performance.now() - t0);
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        }
        return times;
      });
      await page.locator('.pg-count', { hasText: '10 of 600' }).waitFor({ timeout: 10_000 });
      keys.push(...typed);
      log(
        `  parameter editor run ${run + 1}: first render ${first.at(-1).toFixed(1)} ms, keystrokes ${typed.map((x) => x.toFixed(1)).join(' ')} ms`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
  return {
    parameters: PARAMS.length,
    firstRenderMs: stats(first),
    keystrokeMs: stats(keys),
    where: 'Chromium, panel HTML + CSP, production bundle (not inside code-server)',
  };
}

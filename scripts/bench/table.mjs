// The one table of `npm run bench`, from results.json: each row a figure (median, min, max),
// its target and whether the median meets it. Also used for the README's Performance section.
import { fmt } from './lib.mjs';

const cell = (s, d = 1) => (s && s.median !== null && s.median !== undefined ? [fmt(s.median, d), fmt(s.min, d), fmt(s.max, d)] : ['n/a', '', '']);
const one = (v, d = 1) => [fmt(v, d), '', ''];

export function rows(results) {
  const f = results.figures;
  const na = results.notAvailable;
  const out = [];
  const add = (figure, values, target = '', ok) => out.push({ figure, values, target, met: ok === undefined ? '' : ok ? 'yes' : 'NO' });
  const missing = (name, label) => na[name] && add(label, ['n/a', '', ''], `(${na[name].slice(0, 90)})`);

  if (f.sizes) {
    add('.vsix size (KB)', one(f.sizes.vsixKB), '<= 600', f.sizes.vsixKB <= 600);
    add('dist/extension.js (KB)', one(f.sizes.extensionJsKB, 2));
    add('dist/main.js, lazy (KB)', one(f.sizes.mainJsKB));
    add('dist/sandbox.js, lazy (KB)', one(f.sizes.sandboxJsKB));
    for (const [k, v] of Object.entries(f.sizes.webviewsKB)) add(`webview ${k} (KB)`, one(v));
  } else missing('sizes', 'sizes');

  if (f.activation) {
    const a = f.activation;
    add('activation: load + activate() (ms)', cell(a.ourMs), '<= 30', a.ourMs.median <= 30);
    add('  of which load of dist/extension.js (ms)', cell(a.loadMs, 2));
    add('  of which activate() (ms)', cell(a.activateMs, 2));
    add('  load start to activate() end, wall (ms)', cell(a.totalMs), 'incl. VS Code context set-up');
  } else missing('activation', 'activation');

  if (f.region) {
    add('big region: 1,000 DB instances drawn (ms)', cell(f.region.drawnMs, 0), '<= 300', f.region.drawnMs.median <= 300);
  } else missing('region', 'big region (1,000 DB instances)');

  if (f.bucket) {
    add('big bucket: first page drawn (ms)', cell(f.bucket.firstPageMs, 0), '<= 200', f.bucket.firstPageMs.median <= 200);
    add('big bucket: ten Load more (ms each)', cell(f.bucket.loadMoreMs, 0));
    add('big bucket: ext. host heap growth (MB)', cell(f.bucket.heapGrowthMB), '<= 30', f.bucket.heapGrowthMB.median <= 30);
  } else missing('bucket', 'big bucket (100,000 objects)');

  if (f.params) {
    add('parameter editor 600: first render (ms)', cell(f.params.firstRenderMs), '<= 100', f.params.firstRenderMs.median <= 100);
    add('parameter editor 600: filter keystroke (ms)', cell(f.params.keystrokeMs), '<= 16', f.params.keystrokeMs.median <= 16);
  } else missing('params', 'parameter editor (600 parameters)');

  if (f.polling) {
    const p = f.polling;
    add('polling: requests over a 10-minute job', cell(p.requests, 0), '<= 60', p.mostWithJitter <= 60);
  } else missing('polling', 'polling cost');

  if (f.sql) {
    const q = f.sql;
    add('sql 100k x 6: mariadb --batch to /dev/null (ms)', cell(q.mariadbBatchMs, 0));
    add('sql 100k x 6: console runner, whole result (ms)', cell(q.runnerWholeResultMs, 0));
    add('sql 100k x 6: runner / mariadb --batch', cell(q.runnerVsMariadb, 2), '<= 1.5', q.runnerVsMariadb.median <= 1.5);
    add('sql 100k x 6: first batch out of the runner (ms)', cell(q.runnerFirstBatchMs), '<= 300', q.runnerFirstBatchMs.median <= 300);
    add('sql 100k x 6: runner process RSS growth (MB)', cell(q.runnerRssGrowthMB), '<= 100', q.runnerRssGrowthMB.median <= 100);
    add('sql: connect to first result of SELECT 1 (ms)', cell(q.connectToSelect1Ms), '<= 500', q.connectToSelect1Ms.median <= 500);
  } else missing('sql', 'sql (query console)');
  if (f.transfer) {
    const t = f.transfer;
    for (const server of ['sandbox', 's3rver']) {
      const s = t[server];
      if (!s) continue;
      const tag = `${t.sizeMiB} MiB ${server}`;
      add(`upload ${tag}: ours (MB/s)`, cell(s.upload.ours.mbps));
      add(`upload ${tag}: AWS SDK (MB/s)`, cell(s.upload.sdk.mbps));
      add(`upload ${tag}: lean multipart (MB/s)`, cell(s.upload.lean.mbps));
      add(`upload ${tag}: ours / AWS SDK`, cell(s.ratios.uploadVsSdk, 2), '>= 1.15', s.ratios.uploadVsSdk.median >= 1.15);
      add(`upload ${tag}: ours / lean`, cell(s.ratios.uploadVsLean, 2), '>= 0.95', s.ratios.uploadVsLean.median >= 0.95);
      add(`upload ${tag}: CPU s ours / SDK / lean`, [`${fmt(s.upload.ours.cpuS.median, 2)} / ${fmt(s.upload.sdk.cpuS.median, 2)} / ${fmt(s.upload.lean.cpuS.median, 2)}`, '', '']);
      add(`upload ${tag}: ours RSS growth (MB)`, cell(s.upload.ours.rssGrowthMB), '<= 64', s.upload.ours.rssGrowthMB.median <= 64);
      add(`upload ${tag}: AWS SDK RSS growth (MB)`, cell(s.upload.sdk.rssGrowthMB));
      add(`download ${tag}: ours (MB/s)`, cell(s.download.ours.mbps));
      add(`download ${tag}: AWS SDK (MB/s)`, cell(s.download.sdk.mbps));
      add(`download ${tag}: raw GET (MB/s)`, cell(s.download.raw.mbps));
      add(`download ${tag}: ours / AWS SDK`, cell(s.ratios.downloadVsSdk, 2), '>= 1.0', s.ratios.downloadVsSdk.median >= 1.0);
      add(`download ${tag}: ours / raw GET`, cell(s.ratios.downloadVsRaw, 2), '>= 0.9', s.ratios.downloadVsRaw.median >= 0.9);
      add(`download ${tag}: CPU s ours / SDK / raw`, [`${fmt(s.download.ours.cpuS.median, 2)} / ${fmt(s.download.sdk.cpuS.median, 2)} / ${fmt(s.download.raw.cpuS.median, 2)}`, '', '']);
      add(`download ${tag}: ours RSS growth (MB)`, cell(s.download.ours.rssGrowthMB), '<= 64', s.download.ours.rssGrowthMB.median <= 64);
    }
  } else missing('transfer', 'transfer (1 GiB)');
  return out;
}

export function table(results, { markdown = false } = {}) {
  const list = rows(results);
  const head = ['figure', 'median', 'min', 'max', 'target', 'met'];
  const body = list.map((r) => [r.figure, ...r.values, r.target, r.met]);
  if (markdown) return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  const w = head.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 || i === 4 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...body.map(line)].join('\n');
}

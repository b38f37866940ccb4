// `npm start`: builds the extension, installs code-server on first use, serves VS Code on
// 127.0.0.1 with this extension and the quiet offline settings, with
// `nhncloud.sandbox.autoStart` on: the extension starts its sandbox inside the extension host
// and opens on a ready Sandbox profile (`npm run sandbox` runs one standalone, for other tools).
// Ctrl-C stops everything it started, by process group.
// usage: npm start [-- --port N] [-- --locale ko|ja]  (--locale: the display language, with the
// language pack code-server needs for it; setting `locale` alone leaves English)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ROOT, freePort, startCodeServer, stopCodeServer } from './e2e/codeServer.mjs';

const argv = process.argv.slice(2);
const localeArg = argv.includes('--locale') ? argv[argv.indexOf('--locale') + 1] : undefined;
if (localeArg !== undefined && !['en', 'ko', 'ja'].includes(localeArg)) {
  console.error(`[start] --locale must be en, ko or ja, not "${localeArg}"`);
  process.exit(2);
}
const portArg = argv.includes('--port') ? Number(argv[argv.indexOf('--port') + 1]) : Number(process.env.PORT || 8123);

async function portFree(port) {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

let server;
let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\n[start] stopping…');
  await stopCodeServer(server);
  if (server?.runDir) rmSync(server.runDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  console.log('[start] building…');
  const b = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) throw new Error('build failed');

  const port = (await portFree(portArg)) ? portArg : await freePort();
  server = await startCodeServer({
    port,
    userSettings: { 'nhncloud.sandbox.autoStart': true },
    ...(localeArg && localeArg !== 'en' ? { locale: localeArg } : {}),
  });
  server.child.on('exit', () => !stopping && void stopAll(1));
  const url = `${server.url}/?folder=${encodeURIComponent(server.ws)}`;
  console.log(`\n[start] VS Code with NHN Cloud Explorer: ${url}`);
  console.log(`[start] user data (fresh, deleted on exit): ${server.userData}`);
  console.log(`[start] server log: ${server.logFile}`);
  console.log('[start] Ctrl-C stops everything.\n');
} catch (err) {
  console.error(`[start] ${err?.message ?? err}`);
  await stopAll(1);
}

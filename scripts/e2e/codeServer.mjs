// Starts and stops one code-server: a fresh user-data folder, the quiet offline settings, loopback
// only, in its own process group so that stopping it stops its children; and makes a running one
// fit for the next end-to-end file (prepareForFile), as if it had just started.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled, node24Env } from './install.mjs';
import { alive, commandLine, processTree } from './processes.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/**
 * Display language for code-server 4.139.1 without downloading a language pack. `--locale ko`
 * alone is not enough: VS Code resolves the display language through the language packs listed
 * in <user-data>/languagepacks.json and falls back to English when none is installed, and then
 * vscode.env.language is `en` and the extension's package.nls.ko.json is not read. So a stub
 * language pack (no translations of VS Code's own texts: its menus stay English) is put into
 * the extensions folder and listed in languagepacks.json; VS Code then resolves `ko`, the
 * extension host reports vscode.env.language = 'ko' and loads package.nls.ko.json and
 * l10n/bundle.l10n.ko.json. With a real language pack installed, VS Code's menus follow too.
 */
function installLocale(locale, userData, exts) {
  const id = `nhncloud-e2e.language-pack-${locale}`;
  const dir = join(exts, `${id}-0.0.1`);
  mkdirSync(join(dir, 'translations'), { recursive: true });
  const translations = join(dir, 'translations', 'main.i18n.json');
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `language-pack-${locale}`,
      publisher: 'nhncloud-e2e',
      version: '0.0.1',
      engines: { vscode: '*' },
      contributes: {
        localizations: [
          {
            languageId: locale,
            languageName: locale,
            localizedLanguageName: locale,
            translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
          },
        ],
      },
    }),
  );
  writeFileSync(
    join(userData, 'languagepacks.json'),
    JSON.stringify({
      [locale]: {
        hash: `e2e-${locale}`,
        extensions: [{ extensionIdentifier: { id }, version: '0.0.1' }],
        translations: { vscode: translations },
        label: locale,
      },
    }),
  );
  writeFileSync(join(userData, 'User', 'argv.json'), JSON.stringify({ locale }));
}

/**
 * Starts code-server. Options:
 *   installExtension: symlink this repository into the extensions folder (default true)
 *   extraArgs: more code-server arguments
 *   userSettings: merged over scripts/e2e/settings.json
 *   machineSettings: the server machine's settings (user-data/Machine/settings.json). A remote
 *     window, which every code-server window is, ignores settings of machine scope
 *     (`machine`, `machine-overridable`) in the user settings: they go here or in a workspace.
 *   port: fixed port (default: a free one)
 *   runDir: where to put user data (default: a new temp folder)
 *   locale: display language, e.g. 'ko' (see installLocale)
 *   workspaceFile: open the workspace folder through a saved multi-root workspace file
 *     (<folder>.code-workspace beside it) instead of as a single folder
 */
/**
 * Installs a .vsix into the code-server of `runDir` (its `user-data` and `extensions` folders),
 * as `code-server --install-extension` does; throws with its output when it fails.
 */
export async function installVsix(runDir, vsix) {
  const { nodeBin, codeServerEntry } = await ensureInstalled();
  const exts = join(runDir, 'extensions');
  mkdirSync(exts, { recursive: true });
  const r = spawnSync(
    nodeBin,
    [
      codeServerEntry,
      '--user-data-dir',
      join(runDir, 'user-data'),
      '--extensions-dir',
      exts,
      '--install-extension',
      vsix,
    ],
    { env: node24Env(nodeBin), encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`installing ${vsix} failed:\n${r.stdout}${r.stderr}`);
}

/**
 * Built-in extensions that run code of their own and that nothing the end-to-end scenarios check
 * depends on: source control, debuggers, sign-in providers, language servers (JSON, Markdown,
 * TypeScript, CSS, HTML, PHP), Emmet, task runners, notebooks, Copilot. A test window leaves them
 * out through VS Code's own `VSCODE_SKIP_BUILTIN_EXTENSIONS` (read when the server scans its
 * built-ins): git, git-base and github activate at every start, json-language-features and its
 * companions at the first JSON text, each a process or a few hundred milliseconds of CPU.
 * Grammars, themes, language basics, the image preview, references and the simple browser stay.
 * A trivial window's start costs 8.8 instead of 10.0 core-seconds without them (docs/testing.md).
 */
const BUILTINS_LEFT_OUT_OF_TESTS = [
  'vscode.git',
  'vscode.git-base',
  'vscode.github',
  'vscode.github-authentication',
  'vscode.microsoft-authentication',
  'vscode.debug-auto-launch',
  'vscode.debug-server-ready',
  'ms-vscode.js-debug',
  'ms-vscode.js-debug-companion',
  'ms-vscode.vscode-js-profile-table',
  'vscode.merge-conflict',
  'vscode.emmet',
  'vscode.npm',
  'vscode.grunt',
  'vscode.gulp',
  'vscode.jake',
  'vscode.typescript-language-features',
  'vscode.json-language-features',
  'vscode.css-language-features',
  'vscode.html-language-features',
  'vscode.php-language-features',
  'vscode.markdown-language-features',
  'vscode.markdown-math',
  'vscode.mermaid-markdown-features',
  'vscode.configuration-editing',
  'vscode.extension-editing',
  'vscode.ipynb',
  'vscode.terminal-suggest',
  'vscode.tunnel-forwarding',
  'GitHub.copilot-chat',
];

/**
 * What one scenario file sets in its code-server (its `options` other than the server's own): the
 * user and machine settings, and a workspace folder of its own (`folder` under runDir), through a
 * saved workspace file when asked, with `workspaceFiles` copied in. Written at the server's start,
 * and again for every later file on a reused server (`prepareForFile`), which is why it is one
 * function.
 */
function writeFileOptions(runDir, opts, folder) {
  const userData = join(runDir, 'user-data');
  const ws = join(runDir, folder);
  mkdirSync(ws, { recursive: true });
  const workspaceFile = opts.workspaceFile ? join(runDir, `${folder}.code-workspace`) : undefined;
  if (workspaceFile) writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: ws }], settings: {} }, null, 2));
  // settings.json turns off what would make runs differ from desktop VS Code or from each other;
  // among them auto save, which VS Code for the web turns on (1 s after a change): a scenario that
  // types, then changes the object behind the extension's back, would race that save.
  const settings = {
    ...JSON.parse(readFileSync(join(ROOT, 'scripts', 'e2e', 'settings.json'), 'utf8')),
    ...opts.userSettings,
  };
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  rmSync(join(userData, 'Machine'), { recursive: true, force: true });
  if (opts.machineSettings) {
    mkdirSync(join(userData, 'Machine'), { recursive: true });
    writeFileSync(join(userData, 'Machine', 'settings.json'), JSON.stringify(opts.machineSettings, null, 2));
  }
  if (opts.workspaceFiles) cpSync(opts.workspaceFiles, ws, { recursive: true });
  return { ws, workspaceFile };
}

/**
 * Starts code-server. `forTests` (the end-to-end runs; not the bench, whose figures were measured
 * with every built-in, nor `npm start`) leaves out BUILTINS_LEFT_OUT_OF_TESTS.
 */
export async function startCodeServer(opts = {}) {
  const { nodeBin, codeServerEntry, cache } = await ensureInstalled();
  const runDir = opts.runDir ?? mkdtempSync(join(tmpdir(), 'nhncloud-e2e-'));
  const userData = join(runDir, 'user-data');
  const exts = join(runDir, 'extensions');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(exts, { recursive: true });
  const { ws, workspaceFile } = writeFileOptions(runDir, opts, 'workspace');
  const vsix = opts.installExtension !== false && process.env.NHNCLOUD_E2E_VSIX;
  if (vsix) {
    // Test the packaged .vsix (npm run package) instead of the working tree.
    await installVsix(runDir, vsix);
  } else if (opts.installExtension !== false) {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    symlinkSync(ROOT, join(exts, `${pkg.publisher}.${pkg.name}-${pkg.version}`), 'dir');
  }
  if (opts.locale) installLocale(opts.locale, userData, exts);
  const port = opts.port ?? (await freePort());
  const config = join(runDir, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const xdg = join(cache, 'xdg');
  const env = {
    ...node24Env(nodeBin),
    EXTENSIONS_GALLERY: '{}',
    // Nothing of code-server's own state goes to the home folder.
    XDG_CONFIG_HOME: join(runDir, 'xdg-config'),
    XDG_DATA_HOME: join(runDir, 'xdg-data'),
    XDG_CACHE_HOME: join(xdg, 'cache'),
    ...(opts.forTests
      ? {
          VSCODE_SKIP_BUILTIN_EXTENSIONS: BUILTINS_LEFT_OUT_OF_TESTS.join(','),
          // VS Code reads a login shell's environment (`bash -i -l -c '<node>' -p ...`) on its own
          // schedule: the server, and each extension host on its first proxied request. It runs the
          // user's profile (pyenv's init took seconds on the CI machine), costs CPU the scenarios
          // wait for, and lived on into the next file's setup, which then found the last file's
          // processes (dialogs[ko] in a fresh-clone CI run). VS Code skips it when it was started
          // from its CLI (`VSCODE_CLI=1`), as the tests' server is: its environment is the one the
          // harness gives it.
          VSCODE_CLI: '1',
        }
      : {}),
    ...opts.env,
  };
  const args = [
    codeServerEntry,
    '--config',
    config,
    '--user-data-dir',
    userData,
    '--extensions-dir',
    exts,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--reconnection-grace-time',
    '5',
    ...(opts.locale ? ['--locale', opts.locale] : []),
    ...(opts.extraArgs ?? []),
    ws,
  ];
  const { openSync } = await import('node:fs');
  const logFile = join(runDir, 'server.log');
  const out = openSync(logFile, 'a');
  const child = spawn(nodeBin, args, { env, detached: true, stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${port}`;
  const server = { child, pid: child.pid, port, url, runDir, userData, ws, workspaceFile, logFile, exited: false };
  child.once('exit', () => (server.exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exited)
      throw new Error(`code-server exited at start; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stopCodeServer(server);
      throw new Error(`code-server did not answer on ${url} within 60 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return server;
}

/** Stops the server's whole process group (its extension hosts and watchers too) by its own id. */
export async function stopCodeServer(server) {
  if (!server?.pid || server.exited) return;
  const group = -server.pid;
  const kill = (sig) => {
    try {
      process.kill(group, sig);
    } catch {}
  };
  kill('SIGTERM');
  const deadline = Date.now() + 5000;
  while (!server.exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  kill('SIGKILL');
}

/**
 * What a code-server keeps of its own between the scenario files it serves (everything else of
 * its user data belongs to one file and goes): its IPC socket, the language pack and its cache,
 * the cached scan of its extensions, the session's log folder (less the extension hosts' logs),
 * and in User/ the settings (written again for each file), argv.json and the machine id.
 */
const SERVER_OWN = new Set([
  'code-server-ipc.sock',
  'coder.json',
  'languagepacks.json',
  'clp',
  'CachedProfilesData',
  'logs',
  'User',
  'Machine',
]);
const SERVER_OWN_IN_USER = new Set(['settings.json', 'argv.json', 'machineid']);

/** The names in `dir`, none when it is not there (yet: a server writes its logs once a window connects). */
const entries = (dir) => (existsSync(dir) ? readdirSync(dir) : []);

/**
 * The processes a window left in `server`: its extension hosts with all they started, and what
 * runs under the server's own helpers (a terminal's shell under the pty host). code-server's
 * process starts VS Code's server as its child, whose children are the extension hosts and those
 * helpers (the pty host, the file watcher), which stay: VS Code starts a helper again when it
 * dies, as a new process a file would then share.
 */
function windowProcesses(server) {
  const own = [];
  const tree = processTree();
  for (const vscodeServer of tree.childrenOf(server.pid))
    for (const pid of tree.childrenOf(vscodeServer)) {
      if (commandLine(pid).includes('--type=extensionHost')) own.push(pid);
      own.push(...tree.descendants(pid));
    }
  return [...new Set(own)];
}

/**
 * The paths of `server`'s user data that belong to the file it served last, not to the server:
 * every entry outside SERVER_OWN (and SERVER_OWN_IN_USER in User/), and the extension hosts' log
 * folders of the session's log folder.
 */
function fileState(server) {
  const userData = server.userData;
  const logs = join(userData, 'logs');
  return [
    ...entries(userData).filter((n) => !SERVER_OWN.has(n)),
    ...entries(join(userData, 'User'))
      .filter((n) => !SERVER_OWN_IN_USER.has(n))
      .map((n) => join('User', n)),
    ...entries(logs).flatMap((session) =>
      entries(join(logs, session))
        .filter((n) => n.startsWith('exthost'))
        .map((n) => join('logs', session, n)),
    ),
  ].map((p) => join(userData, p));
}

/**
 * Makes a running code-server fit for the next scenario file, as if it had just started (also
 * for its first file, where it finds nothing to remove): the last window's page must be closed
 * first (the caller's). Its extension hosts (and all they started) and any terminal's processes
 * are killed and awaited, every file of its user data that is not the server's own is removed
 * (`fileState`: extension global storage, workspace storage, local history, configuration caches,
 * the extension hosts' logs), and `opts` (the file's settings and workspace) are written as at a
 * start, into a workspace folder no earlier file had (`n`: how many files the server had
 * before). Returns the server as the file sees it (`reused` when n > 0, its own `ws` and
 * `workspaceFile`). Throws when something of the last file is still there afterwards
 * (`leftovers`): a file never starts on another's state.
 */
export async function prepareForFile(server, opts, n) {
  // Killed until none is left, not once: a process the last window's teardown starts while the
  // first ones die is the last file's too (no shell-environment probe runs: VSCODE_CLI in
  // startCodeServer).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pids = windowProcesses(server).filter(alive);
    if (!pids.length || Date.now() >= deadline) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const path of fileState(server)) rmSync(path, { recursive: true, force: true });
  const left = leftovers(server);
  if (left.length) throw new Error(`the code-server kept the last file's state: ${left.join(', ')}`);
  const { ws, workspaceFile } = writeFileOptions(server.runDir, opts, `workspace-${n}`);
  return { ...server, ws, workspaceFile, reused: n > 0 };
}

/**
 * What of an earlier file a server still holds: live processes of its windows, and its user data
 * (`fileState`). Empty when a file can start on it.
 */
export function leftovers(server) {
  return [
    ...windowProcesses(server)
      .filter(alive)
      .map((p) => `process ${p} (${commandLine(p).slice(0, 120)})`),
    ...fileState(server).map((p) => relative(server.userData, p)),
  ];
}

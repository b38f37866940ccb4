// "Open in Terminal": runs the `mariadb` or `mysql` client in a VS Code terminal. The password
// goes through a temporary option file (mode 0600 in a 0700 directory) named by
// --defaults-extra-file, never on the command line or in the environment; the file is removed as
// soon as the client has read it (it reads options at start), and at the latest when the terminal
// closes or VS Code does.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Log } from '../../shared/services';
import type { DbSession } from './session';
import type { DbTlsSettings } from './tls';

/** How long the client has to read its option file after its process started. */
const READ_GRACE_MS = 5000;

/** The first of `mariadb`, `mysql` on PATH, or undefined. */
export function findClient(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const name of ['mariadb', 'mysql']) {
    for (const d of dirs) for (const e of exts) if (existsSync(path.join(d, name + e))) return path.join(d, name + e);
  }
  return undefined;
}

/** A value for a MySQL option file: double-quoted, with backslash and quote escaped. */
function optionValue(v: string): string {
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** The [client] option file of a session; `loose-` options are ignored by a client that lacks them. */
export function optionFile(
  s: Pick<DbSession, 'user' | 'via' | 'schema'>,
  password: string,
  tls: { use: boolean; settings: DbTlsSettings },
): string {
  const lines = [
    '[client]',
    `user=${optionValue(s.user)}`,
    `password=${optionValue(password)}`,
    // The tunnel's loopback port when the session goes through an SSH bastion.
    `host=${optionValue(s.via.host)}`,
    `port=${s.via.port}`,
  ];
  if (s.schema) lines.push(`database=${optionValue(s.schema)}`);
  if (tls.use) {
    // MariaDB's client and MySQL's spell "verify the server" differently; directly, both check
    // the chain and the endpoint's name, as the extension's own connections do (./tls.ts).
    // Through a tunnel the client reaches 127.0.0.1, and neither client can be told another name
    // to check: the chain is verified, not the name. (The extension's connections check the
    // endpoint's name there too; the session was opened, through the same tunnel, only after
    // one of them had.)
    if (s.via.bastion) lines.push('loose-ssl', 'loose-ssl-mode=VERIFY_CA');
    else lines.push('loose-ssl', 'loose-ssl-verify-server-cert', 'loose-ssl-mode=VERIFY_IDENTITY');
    if (tls.settings.caFile) lines.push(`ssl-ca=${optionValue(tls.settings.caFile)}`);
    if (tls.settings.clientCertFile) lines.push(`ssl-cert=${optionValue(tls.settings.clientCertFile)}`);
    if (tls.settings.clientKeyFile) lines.push(`ssl-key=${optionValue(tls.settings.clientKeyFile)}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function openTerminal(
  s: DbSession & { usesTls?: boolean },
  password: string,
  settings: DbTlsSettings,
  log: Log,
): Promise<vscode.Terminal> {
  const client = findClient();
  if (!client) {
    throw new Error(
      vscode.l10n.t(
        'Neither the mariadb nor the mysql command-line client is installed. Install it (Debian and Ubuntu: sudo apt-get install mariadb-client) and try again.',
      ),
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nhncloud-db-'));
  const file = path.join(dir, 'client.cnf');
  const remove = () => rm(dir, { recursive: true, force: true }).catch(() => undefined);
  try {
    await writeFile(file, optionFile(s, password, { use: !!s.usesTls, settings }), { mode: 0o600 });
  } catch (e) {
    await remove();
    throw e;
  }
  let terminal: vscode.Terminal;
  try {
    terminal = vscode.window.createTerminal({
      name: vscode.l10n.t('{0} as {1}', s.target.instanceName, s.user),
      shellPath: client,
      // --defaults-extra-file must come first; nothing secret is on this line.
      shellArgs: [`--defaults-extra-file=${file}`],
      iconPath: new vscode.ThemeIcon('database'),
    });
  } catch (e) {
    await remove();
    throw e;
  }
  log.info(`Opened ${path.basename(client)} for ${s.user}@${s.target.instanceName} (option file removed once read)`);
  const closed = vscode.window.onDidCloseTerminal((t) => {
    if (t === terminal) {
      closed.dispose();
      void remove();
    }
  });
  void Promise.resolve(terminal.processId).then(() => setTimeout(() => void remove(), READ_GRACE_MS));
  s.onDidEnd(() => void remove());
  terminal.show();
  return terminal;
}

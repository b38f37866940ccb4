// TLS for database connections, per the DB user's tlsOption (NONE, SSL, X509): verification is
// always on, of the chain and of the name (the certificate must name the endpoint's host: through
// an SSH tunnel too, where the socket is 127.0.0.1; ./sessions.ts hands mysql2 that name), as
// the mysql client of Open in Terminal is told (VERIFY_IDENTITY, ./terminal.ts). The CA to trust
// (a private or self-signed one) is named in nhncloud.database.caFile, an X509 user's client
// certificate and key in nhncloud.database.clientCertFile / clientKeyFile.
import { readFile } from 'node:fs/promises';
import type { SslOptions } from 'mysql2';
import * as vscode from 'vscode';
import { SECTION, userSetting } from '../../shared/settings';

export type TlsOption = 'NONE' | 'SSL' | 'X509';

export interface DbTlsSettings {
  caFile?: string;
  clientCertFile?: string;
  clientKeyFile?: string;
}

export function dbTlsSettings(): DbTlsSettings {
  const c = vscode.workspace.getConfiguration(`${SECTION}.database`);
  const path = (key: string) => c.get<string>(key)?.trim() || undefined;
  return {
    // The CA decides which servers are trusted: the user's choice, never a workspace's.
    caFile: userSetting<string>(`${SECTION}.database`, 'caFile')?.trim() || undefined,
    clientCertFile: path('clientCertFile'),
    clientKeyFile: path('clientKeyFile'),
  };
}

/** The `ssl` option of mysql2, or undefined when the user connects without TLS. */
export async function tlsOptions(
  tlsOption: string | undefined,
  settings: DbTlsSettings,
): Promise<SslOptions | undefined> {
  if (!tlsOption || tlsOption === 'NONE') return undefined;
  const read = async (file: string, setting: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch (e) {
      throw new Error(
        vscode.l10n.t(
          'Cannot read {0} named in the setting {1}: {2}',
          file,
          setting,
          (e as NodeJS.ErrnoException).code ?? String(e),
        ),
      );
    }
  };
  // verifyIdentity: mysql2 checks the name only when told (rejectUnauthorized alone accepts a
  // certificate of a trusted CA made for any host).
  const ssl: SslOptions = { rejectUnauthorized: true, verifyIdentity: true, minVersion: 'TLSv1.2' };
  if (settings.caFile) ssl.ca = await read(settings.caFile, 'nhncloud.database.caFile');
  if (tlsOption === 'X509') {
    if (!settings.clientCertFile || !settings.clientKeyFile) {
      throw new Error(
        vscode.l10n.t(
          'This DB user (TLS option X509) logs in with a client certificate: name its certificate and key files in the settings nhncloud.database.clientCertFile and nhncloud.database.clientKeyFile.',
        ),
      );
    }
    ssl.cert = await read(settings.clientCertFile, 'nhncloud.database.clientCertFile');
    ssl.key = await read(settings.clientKeyFile, 'nhncloud.database.clientKeyFile');
  }
  return ssl;
}

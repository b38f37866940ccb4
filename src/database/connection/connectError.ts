// What went wrong when a database connection failed, as a kind the commands decide on (offer
// "Allow my address" on a timeout, ask the password again on 'auth') and a message a person
// reads. mysql2's own messages never carry the password; the server's text is quoted as is.
import * as vscode from 'vscode';

/** `tunnel`: the SSH bastion could not be reached, refused the sign-in or its host key was refused. */
export type DbFailureKind = 'auth' | 'unknownSchema' | 'timeout' | 'unreachable' | 'tls' | 'gone' | 'server' | 'tunnel';

export class DbConnectError extends Error {
  override readonly name = 'DbConnectError';
  constructor(
    readonly kind: DbFailureKind,
    message: string,
    /** The server's error number (1045...) or the socket's code (ECONNREFUSED...). */
    readonly code?: string | number,
  ) {
    super(message);
  }
}

export function isDbConnectError(e: unknown): e is DbConnectError {
  return e instanceof Error && e.name === 'DbConnectError' && typeof (e as DbConnectError).kind === 'string';
}

/** The TLS failures of Node's tls module, by code: all mean "the server's certificate is not trusted". */
const CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export interface FailureContext {
  user: string;
  host: string;
  port: number;
  schema?: string;
  tls: boolean;
}

/** Turns whatever mysql2 or the socket threw into a DbConnectError with a clear message. */
export function describeConnectFailure(err: unknown, c: FailureContext): DbConnectError {
  if (isDbConnectError(err)) return err;
  const e = (err ?? {}) as { code?: string; errno?: number; sqlMessage?: string; message?: string };
  const code = e.code ?? '';
  const where = `${c.host}:${c.port}`;
  const serverText = e.sqlMessage ?? e.message ?? String(err);
  switch (e.errno) {
    case 1045:
      return new DbConnectError(
        'auth',
        vscode.l10n.t(
          'The server refused user {0} (error {1}: {2}). The password is wrong, or the user may not log in from this address: connect again to type the password.',
          c.user,
          1045,
          serverText,
        ),
        1045,
      );
    case 1044:
    case 1049:
      return new DbConnectError(
        'unknownSchema',
        vscode.l10n.t('Schema {0} cannot be used by user {1}: {2}', c.schema ?? '', c.user, serverText),
        e.errno,
      );
    case 1129:
    case 1130:
      return new DbConnectError(
        'auth',
        vscode.l10n.t('The server at {0} does not accept user {1} from this address ({2}).', where, c.user, serverText),
        e.errno,
      );
    case 1040:
    case 1203:
      return new DbConnectError(
        'server',
        vscode.l10n.t('The server at {0} has too many connections ({1}). Try again later.', where, serverText),
        e.errno,
      );
    case 3159:
      return new DbConnectError(
        'tls',
        vscode.l10n.t(
          "The server requires TLS for user {0}, but the DB user is not marked for TLS in NHN Cloud. Set the user's TLS option to SSL.",
          c.user,
        ),
        e.errno,
      );
  }
  // A certificate of a trusted CA made for another name (Node's ERR_TLS_CERT_ALTNAME_INVALID,
  // whose code mysql2 replaces with HANDSHAKE_SSL_ERROR; its `cert` stays): refused before the
  // password is sent. Said apart from "not trusted": naming another CA would not help.
  const wrongName = e as { reason?: string; cert?: { subjectaltname?: string; subject?: { CN?: string } } };
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || /does not match certificate's altnames/i.test(e.message ?? '')) {
    return new DbConnectError(
      'tls',
      vscode.l10n.t(
        'The TLS certificate of {0} names another host ({1}): not connected, and the password was not sent. Someone on the way may be posing as the server; if the certificate is right, connect through the name it was made for.',
        where,
        certificateNames(wrongName.cert) ?? wrongName.reason ?? e.message ?? code,
      ),
      'ERR_TLS_CERT_ALTNAME_INVALID',
    );
  }
  // mysql2 reports a failed TLS handshake as HANDSHAKE_SSL_ERROR with Node's message, without its code.
  const untrusted =
    CERT_CODES.has(code) ||
    (code === 'HANDSHAKE_SSL_ERROR' && /certificate|self[- ]signed|verify|altnames/i.test(e.message ?? ''));
  if (untrusted) {
    return new DbConnectError(
      'tls',
      vscode.l10n.t(
        'The TLS certificate of {0} is not trusted ({1}). Name the CA certificate that signed it in the setting nhncloud.database.caFile.',
        where,
        CERT_CODES.has(code) ? code : (e.message ?? code),
      ),
      code,
    );
  }
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    return new DbConnectError(
      'tls',
      vscode.l10n.t('User {0} must connect with TLS, but the server at {1} does not offer it.', c.user, where),
      code,
    );
  }
  if (
    code === 'HANDSHAKE_SSL_ERROR' ||
    /^ERR_SSL|^EPROTO$/.test(code) ||
    /SSL routines|wrong version number|handshake failure/i.test(e.message ?? '')
  ) {
    return new DbConnectError(
      'tls',
      vscode.l10n.t('The TLS handshake with {0} failed: {1}', where, e.message ?? code),
      code,
    );
  }
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') {
    return new DbConnectError(
      'timeout',
      vscode.l10n.t(
        'No answer from {0} in time. A DB security group of the instance may not allow your address, or the endpoint is not reachable from this computer.',
        where,
      ),
      code,
    );
  }
  if (
    code === 'ECONNREFUSED' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN'
  ) {
    return new DbConnectError(
      'unreachable',
      vscode.l10n.t(
        'Cannot reach {0} ({1}). Check that the instance is running and that this endpoint can be reached from this computer.',
        where,
        code,
      ),
      code,
    );
  }
  if (code === 'PROTOCOL_CONNECTION_LOST' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new DbConnectError(
      'gone',
      vscode.l10n.t('The server at {0} closed the connection ({1}).', where, code),
      code,
    );
  }
  return new DbConnectError(
    'server',
    vscode.l10n.t('Connecting to {0} as {1} failed: {2}', where, c.user, serverText),
    e.errno ?? (code || undefined),
  );
}

/** The names a certificate is for: its subject alternative names (`DNS:a, IP Address:b` → `a, b`), else its CN. */
function certificateNames(
  cert: { subjectaltname?: string; subject?: { CN?: string } } | undefined,
): string | undefined {
  const alt = cert?.subjectaltname
    ?.split(/,\s*/)
    .map((n) => n.replace(/^[^:]*:/, ''))
    .filter(Boolean)
    .join(', ');
  return alt || cert?.subject?.CN || undefined;
}

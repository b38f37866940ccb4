// The SSH bastion's host key against OpenSSH's known_hosts file (issue 29): what `ssh` itself
// would decide, so that a key the user accepted in a terminal is accepted here and the other way
// round. Pure functions over the file's text; reading and appending are the caller's.
//
// The format (sshd(8), "SSH_KNOWN_HOSTS FILE FORMAT"): `[marker] patterns keytype base64key
// [comment]`. Patterns are comma-separated host names with `*` and `?` wildcards and `!`
// negation; a host on a port other than 22 is written `[host]:port`; a hashed entry
// (HashKnownHosts yes, Debian's default) is `|1|base64(salt)|base64(HMAC-SHA1(salt, name))`.
// `@cert-authority` lines name a CA, not a host key (left out: certificates are not offered
// here); `@revoked` lines refuse a key whatever else the file says.
import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A host key as the server presented it: its type and its SSH wire-format blob. */
export interface HostKey {
  type: string;
  blob: Buffer;
}

export type HostKeyVerdict =
  | { kind: 'known' }
  /** No line names this host with a key of this type. */
  | { kind: 'unknown' }
  /** Lines name this host with another key of the same type: the key changed (or an attack). */
  | { kind: 'changed'; lines: number[] }
  | { kind: 'revoked'; line: number };

/** The key type inside an SSH public key blob (its first length-prefixed string). */
export function keyTypeOf(blob: Buffer): string {
  if (blob.length < 4) return '';
  const len = blob.readUInt32BE(0);
  return blob.subarray(4, 4 + len).toString('latin1');
}

/** `SHA256:<base64 without padding>`, as `ssh` and `ssh-keygen -lf` show a key. */
export function fingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** The name a host goes by in known_hosts: `host` on port 22, `[host]:port` elsewhere. */
export function knownHostsName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

/** OpenSSH's wildcard match: `*` any run, `?` one character, case-insensitive. */
function wildcardMatch(pattern: string, name: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'i',
  );
  return re.test(name);
}

function hashedMatch(entry: string, name: string): boolean {
  const parts = entry.split('|');
  // '', '1', salt, hash
  if (parts.length !== 4 || parts[1] !== '1') return false;
  const salt = Buffer.from(parts[2], 'base64');
  const want = Buffer.from(parts[3], 'base64');
  const got = createHmac('sha1', salt).update(name).digest();
  return got.length === want.length && got.equals(want);
}

/** Whether a line's host field names `name`: a negated pattern that matches wins over any other. */
function patternsMatch(field: string, name: string): boolean {
  if (field.startsWith('|')) return hashedMatch(field, name);
  let matched = false;
  for (const p of field.split(',')) {
    if (!p) continue;
    if (p.startsWith('!')) {
      if (wildcardMatch(p.slice(1), name)) return false;
    } else if (wildcardMatch(p, name)) matched = true;
  }
  return matched;
}

/** The verdict for `key` of `host`:`port` given the text of a known_hosts file. */
export function checkHostKey(text: string, host: string, port: number, key: HostKey): HostKeyVerdict {
  const name = knownHostsName(host, port);
  const keyBase64 = key.blob.toString('base64');
  let known = false;
  const changed: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    let marker: string | undefined;
    if (fields[0].startsWith('@')) marker = fields.shift();
    if (marker === '@cert-authority' || fields.length < 3) continue;
    const [hosts, type, base64] = fields;
    if (marker === '@revoked') {
      // A revoked key is refused for every host, whatever its patterns say.
      if (base64 === keyBase64) return { kind: 'revoked', line: i + 1 };
      continue;
    }
    if (!patternsMatch(hosts, name)) continue;
    if (type !== key.type) continue;
    if (base64 === keyBase64) known = true;
    else changed.push(i + 1);
  }
  if (known) return { kind: 'known' };
  if (changed.length) return { kind: 'changed', lines: changed };
  return { kind: 'unknown' };
}

/**
 * The key types known_hosts records for `host`:`port` (plain lines only: a revoked key or a CA
 * is no key of the host), in the file's order, each once.
 */
export function knownKeyTypes(text: string, host: string, port: number): string[] {
  const name = knownHostsName(host, port);
  const types: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const fields = raw.trim().split(/\s+/);
    if (fields.length < 3 || fields[0].startsWith('#') || fields[0].startsWith('@')) continue;
    if (patternsMatch(fields[0], name) && !types.includes(fields[1])) types.push(fields[1]);
  }
  return types;
}

/**
 * The host key algorithms of OpenSSH's default order (`HostKeyAlgorithms`, ssh_config(5); the
 * certificate and security-key ones left out: ssh2 offers neither) with the key type each
 * signs for. `ssh-rsa` (SHA-1), which OpenSSH no longer offers, closes the list for an RSA key,
 * as ssh2 offers it to a server that knows no other.
 */
const HOST_KEY_ALGORITHMS: ReadonlyArray<readonly [algorithm: string, keyType: string]> = [
  ['ssh-ed25519', 'ssh-ed25519'],
  ['ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp256'],
  ['ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp384'],
  ['ecdsa-sha2-nistp521', 'ecdsa-sha2-nistp521'],
  ['rsa-sha2-512', 'ssh-rsa'],
  ['rsa-sha2-256', 'ssh-rsa'],
  ['ssh-rsa', 'ssh-rsa'],
];

/**
 * The host key algorithms to offer a server whose known key types are `types`: only theirs, in
 * OpenSSH's order (ssh orders the known ones first, sshconnect2.c order_hostkeyalgs; offering
 * only those makes a server without them fail as a changed key instead of asking about a new
 * one). Empty when none of the types is one ssh2 can check.
 */
export function hostKeyAlgorithms(types: readonly string[]): string[] {
  return HOST_KEY_ALGORITHMS.filter(([, keyType]) => types.includes(keyType)).map(([algorithm]) => algorithm);
}

/**
 * The line that records an accepted key, hashed when the file already hashes its names (a user
 * with HashKnownHosts yes does not want a plain host name written beside the hashed ones).
 */
export function knownHostsLine(host: string, port: number, key: HostKey, hashed: boolean): string {
  const name = knownHostsName(host, port);
  let field = name;
  if (hashed) {
    const salt = randomBytes(20);
    field = `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update(name).digest('base64')}`;
  }
  return `${field} ${key.type} ${key.blob.toString('base64')}`;
}

/** Whether the file's host entries are hashed (any one is). */
export function usesHashedNames(text: string): boolean {
  return /^(?:@\S+\s+)?\|1\|/m.test(text);
}

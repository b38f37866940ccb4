// S3 key pairs a person already has on this machine, for Add / Edit Profile to import: the
// profiles of the AWS shared credentials file (`~/.aws/credentials`, or AWS_SHARED_CREDENTIALS_FILE)
// and the S3 remotes of rclone's configuration (`~/.config/rclone/rclone.conf`, or RCLONE_CONFIG;
// `%APPDATA%\rclone\rclone.conf` on Windows). Both are INI files; the parsers take what a person
// writes there (comments with `#` or `;`, CRLF, a BOM, spaces around `=`, upper-case keys, a
// section given twice) and leave out what cannot be a pair (a section missing a key, lines
// before any section, a remote of another type). Free of `vscode`: unit-tested in plain Node.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface S3KeyPair {
  source: 'aws' | 'rclone';
  /** The AWS profile or rclone remote name. */
  name: string;
  accessKey: string;
  secretKey: string;
  /** rclone: the remote's endpoint and provider, to tell remotes apart. */
  endpoint?: string;
  provider?: string;
}

/** Sections of an INI text: name -> keys (lower case) -> value; keys before any section are dropped. */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[\s*([^\]]*?)\s*\]$/.exec(line);
    if (section) {
      const name = section[1];
      // A section given twice adds to the first (later keys win), as configparser and rclone read it.
      current = sections.get(name) ?? new Map();
      sections.set(name, current);
      continue;
    }
    const eq = line.indexOf('=');
    if (!current || eq <= 0) continue;
    current.set(line.slice(0, eq).trim().toLowerCase(), line.slice(eq + 1).trim());
  }
  return sections;
}

/** A key's value when it is one token (no spaces: no key or secret has them). */
const token = (v: string | undefined): string | undefined => (v && /^\S+$/.test(v) ? v : undefined);

/** The profiles of an AWS shared credentials file that hold both keys. */
export function parseAwsCredentials(text: string): S3KeyPair[] {
  const out: S3KeyPair[] = [];
  for (const [name, keys] of parseIni(text)) {
    const accessKey = token(keys.get('aws_access_key_id'));
    const secretKey = token(keys.get('aws_secret_access_key'));
    if (name && accessKey && secretKey) out.push({ source: 'aws', name, accessKey, secretKey });
  }
  return out;
}

/** The S3 remotes of an rclone configuration that hold both keys (an encrypted file yields none). */
export function parseRcloneConfig(text: string): S3KeyPair[] {
  const out: S3KeyPair[] = [];
  for (const [name, keys] of parseIni(text)) {
    if (keys.get('type') !== 's3') continue;
    const accessKey = token(keys.get('access_key_id'));
    const secretKey = token(keys.get('secret_access_key'));
    if (!name || !accessKey || !secretKey) continue;
    out.push({
      source: 'rclone',
      name,
      accessKey,
      secretKey,
      endpoint: keys.get('endpoint') || undefined,
      provider: keys.get('provider') || undefined,
    });
  }
  return out;
}

/** Where the two files are, as the AWS CLI and rclone look for them. */
export function keyFilePaths(
  env: NodeJS.ProcessEnv = process.env,
  home = homedir(),
  platform = process.platform,
): { aws: string; rclone: string } {
  const aws = env.AWS_SHARED_CREDENTIALS_FILE || join(home, '.aws', 'credentials');
  const configHome = platform === 'win32' && env.APPDATA ? env.APPDATA : env.XDG_CONFIG_HOME || join(home, '.config');
  const rclone = env.RCLONE_CONFIG || join(configHome, 'rclone', 'rclone.conf');
  return { aws, rclone };
}

/** Every pair of both files; a file that is missing or unreadable gives none. */
export async function findS3KeyPairs(paths = keyFilePaths()): Promise<S3KeyPair[]> {
  const read = (p: string) => readFile(p, 'utf8').catch(() => '');
  const [aws, rclone] = await Promise.all([read(paths.aws), read(paths.rclone)]);
  return [...parseAwsCredentials(aws), ...parseRcloneConfig(rclone)];
}

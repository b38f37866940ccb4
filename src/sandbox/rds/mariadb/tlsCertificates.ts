// A certificate authority and a server certificate it signed, made by the openssl CLI, for
// MariaDB servers run with TLS (one CA can be shared by several servers). The server certificate
// is for 127.0.0.1 and localhost unless other names are asked for; with `keepCaKey`, more server
// certificates can be signed by the same CA later (serverCertificate), such as one for another
// name, which a client that checks names must refuse although it trusts the CA.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProgram, run } from './programs';

export interface TlsCertificates {
  ca: string;
  cert: string;
  key: string;
}

/** The names of the default server certificate, as subjectAltName entries. */
export const LOOPBACK_NAMES = ['IP:127.0.0.1', 'DNS:localhost'] as const;

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(): string {
  const found = findProgram(['openssl']);
  if (!found) throw new Error(`openssl not found: install the Debian package openssl (sudo apt-get install openssl).`);
  return found;
}

/**
 * A CA and a server certificate signed by it, in `dir` (EC P-256: quick to make). `names`: the
 * server certificate's subjectAltName entries (`DNS:db.example`, `IP:10.0.0.5`), 127.0.0.1 and
 * localhost by default. The CA's key is deleted unless `keepCaKey` (then `dir/ca-key.pem`).
 */
export async function makeTlsCertificates(
  dir: string,
  opts: { names?: readonly string[]; keepCaKey?: boolean } = {},
): Promise<TlsCertificates> {
  const f = (n: string) => join(dir, n);
  await run(openssl(), [
    'req',
    '-x509',
    ...EC,
    '-keyout',
    f('ca-key.pem'),
    '-out',
    f('ca.pem'),
    '-days',
    '30',
    '-subj',
    '/CN=NHN Cloud Explorer sandbox CA',
  ]);
  const server = await serverCertificate(dir, 'server', opts.names ?? LOOPBACK_NAMES);
  if (!opts.keepCaKey) rmSync(f('ca-key.pem'));
  return server;
}

/**
 * Another server certificate signed by the CA in `dir` (made with `keepCaKey`): `dir/<base>-cert.pem`
 * and `<base>-key.pem`, for the subjectAltName entries `names` (the first one is also its CN).
 */
export async function serverCertificate(dir: string, base: string, names: readonly string[]): Promise<TlsCertificates> {
  const f = (n: string) => join(dir, n);
  const bin = openssl();
  const cn = (names[0] ?? 'server').replace(/^[A-Za-z]+:/, '');
  await run(bin, ['req', ...EC, '-keyout', f(`${base}-key.pem`), '-out', f(`${base}.csr`), '-subj', `/CN=${cn}`]);
  writeFileSync(
    f(`${base}-ext.cnf`),
    `subjectAltName=${names.join(',')}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`,
  );
  await run(bin, [
    'x509',
    '-req',
    '-in',
    f(`${base}.csr`),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca-key.pem'),
    '-CAcreateserial',
    '-days',
    '30',
    '-out',
    f(`${base}-cert.pem`),
    '-extfile',
    f(`${base}-ext.cnf`),
  ]);
  return { ca: f('ca.pem'), cert: f(`${base}-cert.pem`), key: f(`${base}-key.pem`) };
}

// A certificate authority and a server certificate for 127.0.0.1 it signed, made by the openssl
// CLI, for MariaDB servers run with TLS (one CA can be shared by several servers).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProgram, run } from './programs';

export interface TlsCertificates {
  ca: string;
  cert: string;
  key: string;
}

/** A CA and a server certificate for 127.0.0.1/localhost signed by it, in `dir` (EC P-256: quick to make). */
export async function makeTlsCertificates(dir: string): Promise<TlsCertificates> {
  const openssl = findProgram(['openssl']);
  if (!openssl)
    throw new Error(`openssl not found: install the Debian package openssl (sudo apt-get install openssl).`);
  const f = (n: string) => join(dir, n);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run(openssl, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    f('ca-key.pem'),
    '-out',
    f('ca.pem'),
    '-days',
    '30',
    '-subj',
    '/CN=NHN Cloud Explorer sandbox CA',
  ]);
  await run(openssl, ['req', ...ec, '-keyout', f('server-key.pem'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1']);
  writeFileSync(
    f('server-ext.cnf'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
  );
  await run(openssl, [
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca-key.pem'),
    '-CAcreateserial',
    '-days',
    '30',
    '-out',
    f('server-cert.pem'),
    '-extfile',
    f('server-ext.cnf'),
  ]);
  rmSync(f('ca-key.pem'));
  return { ca: f('ca.pem'), cert: f('server-cert.pem'), key: f('server-key.pem') };
}

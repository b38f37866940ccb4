// `npm run sandbox [-- --port 8484 --time-scale 1500 --scale 0 --seed 1 --data DIR]`: starts the
// sandbox on 127.0.0.1 with its SSH bastion, prints its address, the endpoint overrides, the
// credentials of the ADMIN and VIEWER profiles and the bastion's host key, and runs until Ctrl-C /
// SIGTERM. SANDBOX_PORT also sets the port; `--data` (or SANDBOX_DATA) keeps the sandbox's state
// (RDS, network, EC2 credentials, object storage, the bastion's host key) in DIR across restarts.
import { resolve } from 'node:path';
import { startSandbox } from './index';
import { SANDBOX_DB_PASSWORD } from './rds/mariadb/databases';

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].split('=').slice(1).join('=') : argv[i + 1];
}

function num(name: string, env: string | undefined, fallback: number): number {
  const raw = arg(name) ?? env;
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, not "${raw}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const data = arg('data') ?? process.env.SANDBOX_DATA;
  const sb = await startSandbox({
    port: num('port', process.env.SANDBOX_PORT, 0),
    timeScale: num('time-scale', process.env.SANDBOX_TIME_SCALE, 1500),
    scale: num('scale', process.env.SANDBOX_SCALE, 0),
    seed: num('seed', process.env.SANDBOX_SEED, 1),
    dataDir: data ? resolve(data) : undefined,
    bastion: true,
    log: (message) => console.error(message),
  });
  const b = sb.bastion!.info;
  const admin = sb.sandboxProfile();
  const viewer = sb.sandboxProfile({ role: 'VIEWER' });
  const out = [
    `NHN Cloud sandbox listening on ${sb.url}`,
    '',
    'Endpoint overrides (settings of a profile):',
    ...Object.entries(admin.endpoints).map(([k, v]) => `  ${k.padEnd(9)} ${v}`),
    '',
    'ADMIN profile secrets:',
    ...Object.entries(admin.secrets).map(([k, v]) => `  ${k.padEnd(20)} ${v}`),
    '',
    'VIEWER profile secrets:',
    ...Object.entries(viewer.secrets).map(([k, v]) => `  ${k.padEnd(20)} ${v}`),
    '',
    sb.rds.databases.missing
      ? `Databases: none (${sb.rds.databases.missing})`
      : `Databases: a real MariaDB per DB instance on 127.0.0.1 (its dbPort), started on first connection; seeded users admin/app/readonly, password ${SANDBOX_DB_PASSWORD}`,
    '',
    `SSH bastion: ${b.user}@${b.host}, port ${b.port}, password ${b.password} (forwards to the databases only)`,
    `  host key ${b.hostKeyType} ${b.hostKeyFingerprint}`,
    '',
    data
      ? `Data folder: ${resolve(data)} (RDS, network, EC2 credentials, object storage and the bastion's host key are kept there; delete it to start afresh)`
      : 'Data folder: none, nothing is kept after Ctrl-C (--data DIR keeps RDS, network, EC2 credentials, object storage and the bastion host key)',
    '',
    `Control API: ${sb.url}/_sandbox/profile, /_sandbox/faults, /_sandbox/stats, /_sandbox/rds/{fail-next-job,scale,region,name-instance,private,time-scale,exports,mariadb,mariadb-certificate}, /_sandbox/oauth/{token-lifetime,expire-tokens}`,
    'In VS Code: "NHN Cloud: Connect to a Running Sandbox" with the address above adds a profile for it.',
    'Ctrl-C stops it.',
  ];
  console.log(out.join('\n'));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await sb.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(`The sandbox did not start: ${(err as Error).message}`);
  process.exit(1);
});

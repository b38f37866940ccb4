// A sandbox in its own process, for scenarios that need it to outlive a window reload or to sit
// behind a proxy (a sandbox started inside the extension host dies with the reload). Stopped by
// its process group when the scenario file ends, also on failure.
import { spawn } from 'node:child_process';
import { ROOT } from './codeServer.mjs';

/** Starts `src/sandbox/main.ts` on a free loopback port; `timeScaleMs` is the duration of a job step. */
export function startSandboxProcess({ timeScaleMs }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts', '--port', '0', '--time-scale', String(timeScaleMs)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
  };
  process.on('exit', stop);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${out}`)), 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop });
      }
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${out}`)));
  });
}

// The sandbox's own keys (src/sandbox: RDS ADMIN pair, identity user, seeded EC2 credential).
export const IDENTITY = { tenantId: '3e1f0c2d4b5a69788796a5b4c3d2e1f0', username: 'sandbox@example.com', password: 'sandbox-api-password', storageTenantId: 'a9b8c7d6e5f40312233445566778899a' };
export const EC2 = { access: 'd4e2c9a1b7f34c55a0e6b8f21c3d9e47', secret: '6b1f8e2a9c4d47e0b35a2f9c8d71e604' };
export const RDS = { appKey: 'sandbox-rds-appkey', id: 'sandbox-admin-access-key', secret: 'sandbox-admin-secret-access-key' };

/** Picks a QuickPick item by typing its label (the list may be long or still filtering). */
async function pickTyped(t, label, expect) {
  await t.quick.waitFor(expect);
  await t.page.mouse.move(1, 1);
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  await input.fill(label);
  await t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: label }).first().waitFor({ timeout: 15_000 });
  await t.page.keyboard.press('Enter');
}

/** The Add Profile wizard with every key of the sandbox and each endpoint pointing at `baseUrl`. */
export async function addSandboxProfile(t, name, baseUrl) {
  await t.runCommand('NHN Cloud: Add Profile');
  await t.quick.answer(name, 'Profile name');
  await t.quick.pick('Public cloud', 'Which cloud');
  await t.quick.waitFor('Regions to show');
  await t.quick.enter();
  await t.quick.answer(RDS.appKey, 'app key');
  await t.quick.answer(RDS.id, 'user access key ID');
  await t.quick.answer(RDS.secret, 'secret access key');
  await t.quick.answer(IDENTITY.tenantId, 'tenant ID of the project');
  await t.quick.answer(IDENTITY.username, 'e-mail or IAM ID');
  await t.quick.answer(IDENTITY.password, 'API password');
  await t.quick.answer(IDENTITY.storageTenantId, 'Object storage: its tenant ID');
  await t.quick.answer(EC2.access, 'S3 API credential access key');
  await t.quick.answer(EC2.secret, 'secret key of that S3 credential');
  for (const [label, service, address] of [
    ['Endpoint: RDS for MySQL', 'rds', `${baseUrl}/rds/{region}`],
    ['Endpoint: Identity (tokens)', 'identity', `${baseUrl}/identity`],
    ['Endpoint: Network', 'network', `${baseUrl}/network/{region}`],
    ['Endpoint: Object storage (S3)', 'storage', `${baseUrl}/storage/{region}`],
  ]) {
    await pickTyped(t, label, 'Advanced');
    await t.quick.answer(address, `Address of ${service}`);
  }
  await pickTyped(t, 'Save profile', 'Advanced');
  await t.quick.waitClosed();
  await t.notification(`Profile "${name}" added and active.`);
}

// A sandbox in its own process, for scenarios that need it to outlive a window reload or to sit
// behind a proxy (a sandbox started inside the extension host dies with the reload). Stopped by
// its process group when the scenario file ends, also on failure.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './codeServer.mjs';

/**
 * `src/sandbox/main.ts` bundled once per process that starts sandboxes (the e2e runner, a
 * bench), its packages left to node_modules: a sandbox then starts in 0.24 core-seconds against
 * 0.55 to 0.69 through tsx, which compiles the sandbox's TypeScript again in every process.
 */
let bundled;
function sandboxBundle() {
  bundled ??= import('esbuild').then(async (esbuild) => {
    const outfile = join(ROOT, 'out', 'e2e', `sandbox-${process.pid}.cjs`);
    await esbuild.build({
      entryPoints: [join(ROOT, 'src', 'sandbox', 'main.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'warning',
    });
    // A started sandbox has read it already; the next run of this process bundles its own.
    process.on('exit', () => rmSync(outfile, { force: true }));
    return outfile;
  });
  return bundled;
}

/** Starts the sandbox (`src/sandbox/main.ts`) on a free loopback port; `timeScaleMs` is the duration of a job step. */
export async function startSandboxProcess({ timeScaleMs }) {
  const child = spawn(process.execPath, [await sandboxBundle(), '--port', '0', '--time-scale', String(timeScaleMs)], {
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
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${out}${err}`)), 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop });
      }
    });
    // Its stderr says why (a stack, a port taken): read to the end, so the message holds it.
    child.on('close', (code) => reject(new Error(`the sandbox exited (${code}): ${out}${err}`)));
  });
}

/**
 * A call of the control API of the sandbox at `baseUrl` (`/_sandbox/<route>`: faults, stats,
 * storage/object-digest, …), answered as JSON; any status but 2xx fails the scenario.
 */
export async function sandboxControl(baseUrl, route, method = 'POST', body) {
  const res = await fetch(`${baseUrl}/_sandbox/${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`/_sandbox/${route} answered ${res.status}`);
  return res.json();
}

// The sandbox's own keys (src/sandbox: RDS ADMIN pair, identity user, seeded EC2 credential).
export const IDENTITY = {
  tenantId: '3e1f0c2d4b5a69788796a5b4c3d2e1f0',
  username: 'sandbox@example.com',
  password: 'sandbox-api-password',
  storageTenantId: 'a9b8c7d6e5f40312233445566778899a',
};
export const EC2 = { access: 'd4e2c9a1b7f34c55a0e6b8f21c3d9e47', secret: '6b1f8e2a9c4d47e0b35a2f9c8d71e604' };
export const RDS = {
  appKey: 'sandbox-rds-appkey',
  id: 'sandbox-admin-access-key',
  secret: 'sandbox-admin-secret-access-key',
};
/** RDS for MariaDB's app key in the sandbox (src/sandbox/rds RDS_MARIADB_APP_KEY): the same access key pair serves it. */
export const RDS_MARIADB = { appKey: 'sandbox-rds-mariadb-appkey' };

/**
 * Waits for the notification Explore the Sandbox shows and returns the address it names (the
 * sandbox inside the extension host, whose port only that message tells).
 * @param {import('./browser.mjs').Helpers} t
 */
export async function exploredSandboxUrl(t) {
  const toast = await t.notification(
    t.lre(
      'The sandbox runs on {0} and the "Sandbox" profile is active: every action works against local fake data. Stop it with "NHN Cloud: Stop the Sandbox".',
    ),
    60_000,
  );
  const url = /http:\/\/127\.0\.0\.1:\d+/.exec(await toast.innerText())?.[0];
  if (!url) throw new Error('the notification does not name the sandbox address');
  return url;
}

/** Picks a QuickPick item by typing its label (the list may be long or still filtering). */
export async function pickTyped(t, label, expect) {
  await t.quick.waitFor(expect);
  await t.page.mouse.move(1, 1);
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  await input.fill(label);
  await t.page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row')
    .filter({ hasText: label })
    .first()
    .waitFor({ timeout: 15_000 });
  await t.page.keyboard.press('Enter');
}

/**
 * "Connect to a Running Sandbox" at `baseUrl`: the profile named `name` gets the sandbox's own
 * site, regions, endpoints and the keys of `role`, read from the sandbox. Three answers against
 * the Add Profile wizard's twenty-odd: the files whose subject is not the wizard (profiles.mjs
 * tests that) get their profile this way. `role`: 'Administrator' (default) or 'Viewer'.
 * `unreachable`: an address with no sandbox, answered first: the box must come back with it
 * kept and say why (its error code) and what to do, before `baseUrl` is given.
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} name
 * @param {string} baseUrl
 * @param {{ role?: 'Administrator' | 'Viewer', unreachable?: string }} [options]
 */
export async function connectSandboxProfile(t, name, baseUrl, { role = 'Administrator', unreachable } = {}) {
  const address = t.l('Address of the sandbox, as "npm run sandbox" prints it (NHN Cloud sandbox listening on ...)');
  await t.runCommand('NHN Cloud: Connect to a Running Sandbox...');
  if (unreachable) {
    await t.quick.answer(unreachable, address);
    const why = t.lre(
      'No sandbox answers at {0} ({1}). Start one with "npm run sandbox", then give the address it prints.',
      unreachable,
      'ECONNREFUSED',
    );
    await t.page.locator('.quick-input-widget').filter({ hasText: why }).waitFor({ timeout: 30_000 });
    const kept = await t.page.locator('.quick-input-widget input[type="text"]').first().inputValue();
    if (kept !== unreachable) throw new Error(`the address box came back with "${kept}", not what was typed`);
  }
  // After a failure the prompt is the reason (checked above), not the question.
  await t.quick.answer(baseUrl, unreachable ? undefined : address);
  await t.quick.pick(role, 'Sign in to the sandbox as');
  await t.quick.answer(name, 'Profile name');
  await t.quick.waitClosed();
  await t.notification(t.l('Profile "{0}" added and active: it works against the sandbox at {1}.', name, baseUrl));
}

/**
 * The Add Profile wizard with the sandbox's keys and each endpoint pointing at `baseUrl`.
 * `rdsOnly` leaves every other key empty and points only RDS at the sandbox (the bench's SQL
 * grid); `regions` keeps only those regions checked (all by default); `site` is the site's name
 * as the wizard lists it (default the public cloud);
 * `rdsApiVersion` is chosen in the Advanced step (default v3.0, what these files were written
 * for; a new profile on the public cloud would start on v4.0, whose tokens come from the
 * sandbox's token host, set here too when v4.0 is asked). `mariadb` answers RDS for MariaDB's app
 * key and points its endpoint at the sandbox; without it the key is left empty, as a user of RDS
 * for MySQL alone leaves it (the wizard asks it on the sites that run MariaDB: the public and
 * government clouds).
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} name
 * @param {string} baseUrl
 * @param {{ rdsOnly?: boolean, regions?: string[], site?: string, rdsApiVersion?: 'v3.0' | 'v4.0', mariadb?: boolean }} [options]
 */
export async function addSandboxProfile(
  t,
  name,
  baseUrl,
  { rdsOnly = false, regions, site = 'Public cloud', rdsApiVersion = 'v3.0', mariadb = false } = {},
) {
  const advanced = 'Advanced (optional): endpoint overrides and S3 signing regions. Enter on "Save profile" to finish.';
  await t.runCommand('NHN Cloud: Add Profile');
  await t.quick.answer(name, 'Profile name');
  await t.quick.pick(site, 'Which cloud is the project in?');
  await t.quick.waitFor('Regions to show in the explorer (Space toggles, Enter confirms)');
  if (regions) {
    // Every region of the site comes checked: a click on a row of a many-item pick toggles its
    // check, so click every region not asked for.
    const rows = t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows.first().waitFor({ timeout: 15_000 });
    const shown = (await rows.locator('.label-name').allInnerTexts()).map((l) => l.trim());
    for (const region of shown.filter((l) => /^[A-Z]{2}\d$/.test(l) && !regions.includes(l)))
      await rows.filter({ hasText: region }).first().click();
  }
  await t.quick.enter();
  const other = (value) => (rdsOnly ? '' : value);
  await t.quick.answer(RDS.appKey, t.lpart('RDS for MySQL: the app key (console: URL & Appkey).'));
  // RDS for MariaDB runs on the public and government clouds (src/client/products.ts): asked there only.
  if ([t.l('Public cloud'), t.l('Government cloud'), 'Public cloud', 'Government cloud'].includes(site))
    await t.quick.answer(
      mariadb ? RDS_MARIADB.appKey : '',
      t.lpart(
        'RDS for MariaDB: its app key (console: URL & Appkey), if you use it; the user access key below serves both.',
      ),
    );
  await t.quick.answer(RDS.id, t.lpart('RDS for MySQL: the user access key ID (console: API Security Settings).'));
  await t.quick.answer(RDS.secret, t.lpart('RDS for MySQL: the secret access key of that user access key.'));
  await t.quick.answer(
    other(IDENTITY.tenantId),
    t.lpart('Network (floating IPs, transit hub): the tenant ID of the project.'),
  );
  await t.quick.answer(other(IDENTITY.username), t.lpart('Network: the account e-mail or IAM ID used for API tokens.'));
  await t.quick.answer(
    other(IDENTITY.password),
    t.lpart('Network: the API password set in the console (not the login password).'),
  );
  await t.quick.answer(
    other(IDENTITY.storageTenantId),
    t.lpart('Object storage: its tenant ID (it can differ from the network one).'),
  );
  await t.quick.answer(
    other(EC2.access),
    t.lpart('Object storage, optional: an S3 API credential access key (one can also be made later).'),
  );
  await t.quick.answer(other(EC2.secret), t.lpart('Object storage, optional: the secret key of that S3 credential.'));
  const endpoints = [
    ['RDS for MySQL', 'rds', `${baseUrl}/rds/{region}`],
    [t.l('Identity (tokens)'), 'identity', `${baseUrl}/identity`],
    [t.l('Network'), 'network', `${baseUrl}/network/{region}`],
    [t.l('Object storage (S3)'), 'storage', `${baseUrl}/storage/{region}`],
  ];
  if (rdsApiVersion === 'v4.0') endpoints.splice(1, 0, [t.l('RDS API v4.0 tokens'), 'oauth', `${baseUrl}/oauth`]);
  if (mariadb) endpoints.push(['RDS for MariaDB', 'rdsMariadb', `${baseUrl}/rdsMariadb/{region}`]);
  for (const [label, service, address] of rdsOnly ? endpoints.slice(0, rdsApiVersion === 'v4.0' ? 2 : 1) : endpoints) {
    await pickTyped(t, t.l('Endpoint: {0}', label), advanced);
    await t.quick.answer(
      address,
      t.l(
        'Address of {0} for this profile; {region} is replaced by the region (e.g. kr1). Empty restores the default.',
        service,
      ),
    );
  }
  // The version is asked where the site has two (every site with RDS): once the list is drawn
  // (its first row, Save profile, is there), the version row is there too or not at all.
  await t.quick.waitFor(advanced);
  const rows = t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  await rows
    .filter({ hasText: t.l('$(check) Save profile').replace('$(check) ', '') })
    .first()
    .waitFor();
  if (await rows.filter({ hasText: t.l('RDS API version') }).count()) {
    await pickTyped(t, t.l('RDS API version'), advanced);
    await t.quick.pick(rdsApiVersion, t.l('RDS API version of this profile'));
  }
  await pickTyped(t, t.l('$(check) Save profile'), advanced);
  await t.quick.waitClosed();
  await t.notification(t.l('Profile "{0}" added and active.', name));
}

// Connect to the database (issue 17) where it goes wrong, and the temporary access rule, end to end
// against a sandbox in its own process (it must outlive a killed extension host) whose DB
// instances answer with a real MariaDB:
// - a wrong password: the server's refusal with its error code and what to do; the refused
//   password is not kept (the next Connect... asks again) and the right one then connects;
// - TLS with the sandbox's self-signed certificate: refused as untrusted, naming the setting
//   nhncloud.database.caFile (it names another CA); with the sandbox's CA in that file, it
//   connects and a SELECT runs over TLS;
// - a certificate of that CA for another name (issue 62): the sandbox's database presents one for
//   db.other.example while its endpoint is 127.0.0.1, and Connect... shows the refusal naming it;
// - Allow My Address for This Session: the rule is in the chosen DB security group (the sandbox's
//   state and the tree under the group), shown with the jobs, and gone after Disconnect; after an
//   extension host killed without disconnecting, the next window removes the pending rule.
// - through an SSH bastion (issue 29): staging-api made private (its database then answers only
//   connections an sshd opened), a direct Connect... refused, "Use an SSH Bastion..." picks a host
//   of the SSH config file by name and its key, the unknown host key is trusted (written to the
//   known hosts file), and a query runs over the tunnel of a real sshd started for the test.
// Needs Debian's mariadb-server, mariadb-client, openssl and openssh-server: without them the file
// fails saying so.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { require as tsxRequire } from 'tsx/cjs/api';
import {
  createDbUser,
  editCellAndApply,
  gridStatus,
  NO_QUICK_SUGGESTIONS,
  openNewConsole,
  rdsApi,
  runInConsole,
  until,
  webviewWith,
} from '../../../scripts/e2e/dbConsole.mjs';
import { chooseInDialog } from '../../../scripts/e2e/fileDialog.mjs';
import { extensionHosts } from '../../../scripts/e2e/processes.mjs';
import { connectSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';
import { mariaDbMissing } from '../../support/mariadb.mjs';

const INSTANCE = 'staging-api';
/** A DB user without TLS, for the wrong password and the access rule. */
const PW_USER = 'e2e_access';
const PW_PASSWORD = 'Right-Pw-4e2e';
/** A DB user the server holds to TLS (tlsOption SSL: REQUIRE SSL). */
const TLS_USER = 'e2e_tls';
const TLS_PASSWORD = 'Tls-Pw-8e2e';
/** The group the rule goes to (staging-api has default-db-access and office-vpn) and the address (TEST-NET-3). */
const GROUP = 'office-vpn';
const ADDRESS = '203.0.113.7';
const CIDR = `${ADDRESS}/32`;

/** What Connect... says when the server's certificate is not trusted. */
const UNTRUSTED =
  'The TLS certificate of {0} is not trusted ({1}). Name the CA certificate that signed it in the setting nhncloud.database.caFile.';

/** What Connect... says when the certificate is for another name (issue 62). */
const OTHER_NAME =
  'The TLS certificate of {0} names another host ({1}): not connected, and the password was not sent. Someone on the way may be posing as the server; if the certificate is right, connect through the name it was made for.';
/** The name the sandbox's certificate is made for in that scenario (the endpoint stays 127.0.0.1). */
const OTHER_HOST = 'db.other.example';

/** @type {typeof import('../../support/sshd.js')} */
const { startSshd } = tsxRequire('../../support/sshd.ts', import.meta.url);
/** @type {typeof import('../../../src/sandbox/rds/mariadb/tlsCertificates.js')} */
const { makeTlsCertificates } = tsxRequire('../../../src/sandbox/rds/mariadb/tlsCertificates.ts', import.meta.url);

/**
 * The files the extension reads, in a folder of this run (its settings name them at the start
 * of code-server): the SSH config with the bastion's Host entry, known_hosts, and the CA file of
 * database TLS. They are settings of scope `machine` (a path means something on one machine
 * only, and a workspace may not choose whom the extension trusts: issue 62), so they are the
 * server machine's settings, as a code-server user sets them (the Remote tab of the Settings
 * editor): a remote window ignores such settings in the user settings, and every window ignores
 * them in a workspace's. Given in the user settings, they were seen or not depending on whether
 * the extension host read them before VS Code had registered the extension's settings (the
 * bastion scenario then read ~/.ssh/config: CI runs 62 to 64 and 66). The CA file's content
 * changes during the run (the extension reads it at each Connect...): another CA first, the
 * sandbox's once its servers have one.
 */
const SSH_DIR = mkdtempSync(join(tmpdir(), 'nhncloud-e2e-ssh-'));
const CA_FILE = join(SSH_DIR, 'ca.pem');
export const options = {
  userSettings: NO_QUICK_SUGGESTIONS,
  machineSettings: {
    'nhncloud.database.sshConfigFile': join(SSH_DIR, 'config'),
    'nhncloud.database.knownHostsFile': join(SSH_DIR, 'known_hosts'),
    'nhncloud.database.caFile': CA_FILE,
  },
};
/** The bastion's name in that config file. */
const BASTION = 'e2e-bastion';

let sandbox;
/** @type {import('../../support/sshd.js').TestSshd | undefined} */
let sshd;
let url;
let instanceId;
let groupId;

/** The rules of GROUP in the sandbox's state that allow ADDRESS. */
async function rulesForAddress() {
  const r = await rdsApi(url, 'GET', `/v3.0/db-security-groups/${groupId}`);
  return (r.dbSecurityGroup ?? r).rules.filter((x) => x.cidr === CIDR);
}

/** The sidebar's row of a status bar text that says "Connected to … as …". */
const connected = (t, user) =>
  t.page
    .locator('.statusbar-item')
    .filter({ hasText: t.l('Connected to {0} as {1}.', INSTANCE, user) })
    .first()
    .waitFor({ timeout: 60_000 });

/** The status bar item that counts this window's temporary access rules (shown with the jobs). */
const standingRules = (t) =>
  t.page.locator('.statusbar-item').filter({ hasText: t.lre('$(shield) {0} temporary access rule', 1) });

/** Connect... from the instance's context menu as `user`; answers the password prompt with `password`. */
async function connectAs(t, user, password) {
  await t.menu(INSTANCE, 'Connect...');
  await t.quick.pick(user, 'DB user');
  await t.quick.answer(
    password,
    t.lpart('Password of {0} on {1} (kept in the OS keychain through VS Code SecretStorage)'),
  );
}

/** The question the first successful Connect... of a user asks: the user sees several schemas. */
const SCHEMA_QUESTION = 'Default schema of {0} on {1} (asked once; the status bar of a query console changes it)';

/** Answers that question with "No default schema" (remembered: the next Connect... of `user` does not ask). */
async function noDefaultSchema(t, user) {
  await t.quick.pick('No default schema', t.l(SCHEMA_QUESTION, user, INSTANCE));
}

/** Disconnect from the palette (one session: no pick), then waits for its status bar message. */
async function disconnect(t) {
  await t.command('NHN Cloud: Disconnect');
  await t.page
    .locator('.statusbar-item')
    .filter({ hasText: t.l('Disconnected from {0}.', INSTANCE) })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Allow My Address for This Session... on the instance, as PW_USER (its password is kept by then), in GROUP. */
async function allowMyAddress(t) {
  await t.menu(INSTANCE, 'Connection and Access > Allow My Address for This Session...');
  await t.quick.pick(PW_USER, 'DB user');
  await t.quick.pick(GROUP, 'DB security group for the rule');
  await t.quick.answer(
    ADDRESS,
    t.lpart(
      'Your public IP address as the instance sees it (one address; the rule allows it on port {0} until the session ends)',
    ),
  );
  await connected(t, PW_USER);
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'setup: a sandbox process with MariaDB, a profile on it, two DB users on staging-api (one held to TLS)',
    async run(t) {
      const missing = mariaDbMissing({ tls: true });
      if (missing) throw new Error(missing);
      // A CA that signed nothing the sandbox presents: TLS is refused as untrusted until the file
      // holds the sandbox's CA.
      mkdirSync(join(SSH_DIR, 'other-ca'));
      const other = await makeTlsCertificates(join(SSH_DIR, 'other-ca'), { names: ['DNS:nobody.example'] });
      copyFileSync(other.ca, CA_FILE);
      sandbox = await startSandboxProcess({ timeScaleMs: 50 });
      url = sandbox.url;
      instanceId = await createDbUser(url, INSTANCE, { dbUserName: PW_USER, dbPassword: PW_PASSWORD });
      await createDbUser(url, INSTANCE, { dbUserName: TLS_USER, dbPassword: TLS_PASSWORD, tlsOption: 'SSL' });
      const { dbSecurityGroups } = await rdsApi(url, 'GET', '/v3.0/db-security-groups');
      groupId = dbSecurityGroups.find((g) => g.dbSecurityGroupName === GROUP)?.dbSecurityGroupId;
      if (!groupId) throw new Error(`the sandbox has no DB security group ${GROUP}`);
      await t.openView('NHN Cloud');
      await connectSandboxProfile(t, 'e2e-db', url);
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
    },
  },
  {
    name: "a wrong password: the server's refusal with its code; the password is not kept, the next Connect... asks again",
    async run(t) {
      await connectAs(t, PW_USER, 'Wrong-Pw-0000');
      await t.quick.pick('Not production', t.l('Is {0} a production database? (asked once per instance)', INSTANCE));
      const toast = await t.notification(
        t.lre(
          'The server refused user {0} (error {1}: {2}). The password is wrong, or the user may not log in from this address: connect again to type the password.',
          PW_USER,
          1045,
        ),
        60_000,
      );
      // The server's own text is quoted, and the typed password is nowhere in the message.
      const text = await toast.innerText();
      if (!text.includes('Access denied')) throw new Error(`the message does not quote the server: ${text}`);
      if (text.includes('Wrong-Pw-0000')) throw new Error(`the message shows the password: ${text}`);
      await t.page.keyboard.press('Escape');
      // The refused password was not kept: Connect... asks for it again (connectAs waits for the prompt).
      await connectAs(t, PW_USER, PW_PASSWORD);
      await noDefaultSchema(t, PW_USER);
      await connected(t, PW_USER);
      await disconnect(t);
    },
  },
  {
    name: 'TLS with a self-signed certificate: refused naming nhncloud.database.caFile; with its CA in that file, it connects and a SELECT runs',
    async run(t) {
      await connectAs(t, TLS_USER, TLS_PASSWORD);
      const toast = await t.notification(t.lre(UNTRUSTED), 60_000);
      if (!(await toast.innerText()).includes('nhncloud.database.caFile'))
        throw new Error('the message does not name the setting');
      await t.page.keyboard.press('Escape');
      // The sandbox's CA (its servers share one) into the file the setting names (a person would
      // name its file in the settings; code-server does not watch its settings files for changes
      // made outside it, and the extension reads the CA file at each Connect...).
      const res = await fetch(`${url}/_sandbox/rds/mariadb`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ start: instanceId }),
      });
      const { caFile } = await res.json();
      if (!caFile) throw new Error('the sandbox reports no CA file');
      copyFileSync(caFile, CA_FILE);
      // The refused attempt kept no password either: Connect... asks again, and now connects.
      await until(
        'Connect... succeeds with the CA in the file',
        async () => {
          await t.runCommand('Notifications: Clear All Notifications');
          await connectAs(t, TLS_USER, TLS_PASSWORD);
          const ok = t.page
            .locator('.statusbar-item')
            .filter({ hasText: t.l('Connected to {0} as {1}.', INSTANCE, TLS_USER) });
          const refused = t.page
            .locator('.notifications-toasts .notification-list-item')
            .filter({ hasText: t.lre(UNTRUSTED) });
          // Connected: the first Connect... of this user asks for the default schema first.
          const asked = t.page
            .locator('.quick-input-widget')
            .filter({ hasText: t.l('No default schema') })
            .filter({ visible: true });
          await ok.or(refused).or(asked).first().waitFor({ timeout: 60_000 });
          if (await asked.isVisible()) {
            await noDefaultSchema(t, TLS_USER);
            await ok.first().waitFor({ timeout: 60_000 });
          }
          return ok.first().isVisible();
        },
        30_000,
      );
      await openNewConsole(t, () => t.runCommand('NHN Cloud: Open Query Console'));
      await runInConsole(t, "SHOW SESSION STATUS LIKE 'Ssl_version'", { instance: INSTANCE, user: TLS_USER });
      await gridStatus(t, t.lre('{0} row in {1} s.', 1));
      const grid = await t.webview().locator('#qr-grid').innerText();
      if (!/TLSv1\.[23]/.test(grid)) throw new Error(`the session does not run over TLS: ${grid}`);
      await t.screenshot('db-tls-select');
      await disconnect(t);
    },
  },
  {
    name: 'a certificate of the trusted CA for another name: Connect... refuses it, naming the host it is for',
    async run(t) {
      const certificateFor = async (host) => {
        const r = await fetch(`${url}/_sandbox/rds/mariadb-certificate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: INSTANCE, host }),
        });
        if (!r.ok) throw new Error(`rds/mariadb-certificate: ${r.status} ${await r.text()}`);
      };
      // The endpoint stays 127.0.0.1; the certificate (signed by the CA the setting names) is not for it.
      await certificateFor(OTHER_HOST);
      try {
        await t.runCommand('Notifications: Clear All Notifications');
        // The password is kept since the scenario before: Connect... asks nothing more.
        await t.menu(INSTANCE, 'Connect...');
        await t.quick.pick(TLS_USER, 'DB user');
        const toast = await t.notification(t.lre(OTHER_NAME), 60_000);
        const text = await toast.innerText();
        if (!text.includes(OTHER_HOST)) throw new Error(`the refusal does not name ${OTHER_HOST}: ${text}`);
        if (text.includes(TLS_PASSWORD)) throw new Error(`the refusal shows the password: ${text}`);
        await t.screenshot('db-tls-other-name');
        await t.page.keyboard.press('Escape');
      } finally {
        await certificateFor(null);
      }
    },
  },
  {
    name: 'Allow My Address: the rule is in the chosen group (state and tree), shown with the jobs, and gone after Disconnect',
    async run(t) {
      await t.openView('NHN Cloud');
      await allowMyAddress(t);
      const rules = await rulesForAddress();
      if (rules.length !== 1) throw new Error(`${GROUP} holds ${rules.length} rules for ${CIDR}`);
      await standingRules(t).first().waitFor({ timeout: 30_000 });
      await t.expandRow('DB Security Groups');
      await t.expandRow(GROUP);
      const port = rules[0].port.minPort;
      const row = t.treeRow(t.l('in {0} : port {1}', CIDR, String(port)));
      await row.waitFor({ timeout: 30_000 });
      await t.screenshot('db-temporary-rule');
      await disconnect(t);
      await until('the rule is removed from the sandbox', async () => (await rulesForAddress()).length === 0);
      await standingRules(t).first().waitFor({ state: 'hidden', timeout: 30_000 });
      await row.waitFor({ state: 'detached', timeout: 30_000 });
    },
  },
  {
    name: 'a killed extension host leaves the rule; the next window removes it',
    async run(t) {
      await allowMyAddress(t);
      if ((await rulesForAddress()).length !== 1) throw new Error(`the rule for ${CIDR} is not in ${GROUP}`);
      const hosts = extensionHosts(t.server.pid);
      if (hosts.length !== 1) throw new Error(`expected one extension host, found ${hosts.length}`);
      // Killed: no deactivate, nothing removed; the pending removal stays in globalState.
      process.kill(hosts[0], 'SIGKILL');
      await until('the extension host is gone', () => !extensionHosts(t.server.pid).includes(hosts[0]));
      if ((await rulesForAddress()).length !== 1) throw new Error('the killed window removed its rule after all');
      await t.reload();
      await until('the next window removes the rule', async () => (await rulesForAddress()).length === 0, 90_000);
      // An information toast hides itself: looked for in the notification center too.
      await t.notified(
        t.lre('Removed the temporary rule for {0} on {1} left by a window that closed unexpectedly.', CIDR, INSTANCE),
        30_000,
      );
    },
  },
  {
    name: 'a private instance through an SSH bastion: refused directly; the bastion of the SSH config, its host key trusted; a query, Open Table with a cell edited and applied, and Import CSV, all over the tunnel',
    async run(t) {
      sshd = await startSshd();
      writeFileSync(
        join(SSH_DIR, 'config'),
        [
          `Host ${BASTION}`,
          `  HostName ${sshd.host}`,
          `  Port ${sshd.port}`,
          `  User ${sshd.user}`,
          `  IdentityFile ${sshd.keys.plain.file}`,
          '',
        ].join('\n'),
      );
      const res = await fetch(`${url}/_sandbox/rds/private`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: INSTANCE }),
      });
      if (!res.ok) throw new Error(`marking ${INSTANCE} private: ${res.status} ${await res.text()}`);
      await t.runCommand('Notifications: Clear All Notifications');
      // The window was reloaded by the scenario before: its tree is folded again.
      await t.openView('NHN Cloud');
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      // Directly (its endpoint is a loopback address, so no question first): the sandbox refuses.
      await t.menu(INSTANCE, 'Connect...');
      await t.quick.pick(PW_USER, 'DB user');
      const refused = await t.notification(/is private: its database is reachable only through an SSH bastion/, 60_000);
      await refused.getByRole('button', { name: t.l('Use an SSH Bastion...') }).click();
      await t.quick.pick(
        BASTION,
        t.l('SSH bastion to reach {0} through (a host with a floating IP in its VPC)', INSTANCE),
      );
      await t.quick.pick(t.l('Private key {0}', sshd.keys.plain.file), t.lpart('How to sign in to {0}'));
      await t.quick.pick(t.l('Only {0}', INSTANCE), t.lpart('Which DB instances go through {0}?'));
      // Connect... again, through the bastion: its host key is new here.
      const signInsBefore = (sshd.log().match(/Accepted publickey for /g) ?? []).length;
      await t.dialogButton(
        t.lpart('The authenticity of {0} cannot be established. Trust its host key?'),
        'Trust and Connect',
      );
      await connected(t, PW_USER);
      const known = readFileSync(join(SSH_DIR, 'known_hosts'), 'utf8');
      if (!known.includes(`[${sshd.host}]:${sshd.port} ${sshd.hostKey}`))
        throw new Error(`the trusted key is not in known_hosts: ${known}`);
      await openNewConsole(t, () => t.runCommand('NHN Cloud: Open Query Console'));
      await runInConsole(t, 'SELECT CURRENT_USER() AS who', { instance: INSTANCE, user: PW_USER });
      await gridStatus(t, t.lre('{0} row in {1} s.', 1));
      const grid = await t.webview().locator('#qr-grid').innerText();
      if (!grid.includes(PW_USER)) throw new Error(`the query did not run as ${PW_USER}: ${grid}`);
      // The sandbox served it, so an sshd opened the connection: the tunnel signed in exactly once.
      const signIns = (sshd.log().match(/Accepted publickey for /g) ?? []).length - signInsBefore;
      if (signIns !== 1) throw new Error(`${signIns} SSH sign-ins for one Connect...`);
      await t.screenshot('db-bastion-query');
      // Through the same tunnel: a table made, opened from the tree, a cell edited and applied,
      // then a CSV imported into it and its rows counted.
      const connection = { instance: INSTANCE, user: PW_USER };
      await runInConsole(
        t,
        "CREATE TABLE staging_api.e2e_tunnel (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL);\nINSERT INTO staging_api.e2e_tunnel VALUES (1, 'one'), (2, 'two');",
        connection,
      );
      await gridStatus(t, t.lre('{0} rows affected in {1} s.', 2));
      await t.expandRow(INSTANCE);
      await t.expandRow('DB Schemas');
      await t.expandRow('staging_api');
      await t.menu('e2e_tunnel', 'Open Table');
      const view = await webviewWith(t, '#td-grid [data-row="1"]');
      await editCellAndApply(t, view, {
        row: 0,
        col: 1,
        value: 'uno',
        statement: "UPDATE `staging_api`.`e2e_tunnel` SET `name` = 'uno' WHERE `id` = 1 AND `name` <=> 'one';",
      });
      await t.runCommand('View: Close Editor');
      const csv = join(SSH_DIR, 'tunnel.csv');
      writeFileSync(csv, 'id,name\n3,three\n4,"four, quoted"\n');
      await t.menu('e2e_tunnel', 'Import CSV...');
      await chooseInDialog(t, csv, t.lre('Import CSV into {0}', 'staging_api.e2e_tunnel'));
      const importView = await webviewWith(t, '#ci-grid [data-row="1"]');
      await importView.locator('#ci-import').click();
      await importView
        .locator('#ci-status')
        .filter({ hasText: t.lre('{0} rows imported in {1} s.', 2) })
        .waitFor({ timeout: 60_000 });
      await t.runCommand('View: Close Editor');
      await runInConsole(t, 'SELECT GROUP_CONCAT(name ORDER BY id) AS names FROM staging_api.e2e_tunnel', connection);
      await gridStatus(t, t.lre('{0} row in {1} s.', 1));
      const names = await t.webview().locator('#qr-grid').innerText();
      if (!names.includes('uno,two,three,four, quoted')) throw new Error(`the table holds: ${names}`);
      // Still one SSH sign-in: the table view and the import went through the open tunnel.
      const allSignIns = (sshd.log().match(/Accepted publickey for /g) ?? []).length - signInsBefore;
      if (allSignIns !== 1) throw new Error(`${allSignIns} SSH sign-ins for one connection's work`);
      await disconnect(t);
    },
  },
  {
    name: 'the sandbox process is stopped',
    independent: true,
    async run() {
      sandbox?.stop();
      sandbox = undefined;
      await sshd?.stop();
      sshd = undefined;
      rmSync(SSH_DIR, { recursive: true, force: true });
    },
  },
];

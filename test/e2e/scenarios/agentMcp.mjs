// The agent tools over MCP end to end (issue 64): Explore the Sandbox, Connect... to staging-api,
// then NHN Cloud: Copy MCP Server Configuration, and an MCP client of the SDK (the Client of
// @modelcontextprotocol/sdk, here in the test's process, as Claude Code or Cursor would be) uses
// what was copied: it lists the tools with their annotations, lists DB instances, runs a read-only
// query on the connected instance, and is refused without the token. With changes allowed, a
// restart it asks for opens the confirmation in VS Code, naming profile, region, instance and
// action; Cancel leaves the instance running.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exploredSandboxUrl } from '../../../scripts/e2e/sandboxProcess.mjs';
import { answerConnect } from '../../../scripts/e2e/dbConsole.mjs';
import { mariaDbMissing } from '../../support/mariadb.mjs';

const INSTANCE = 'staging-api';
const SCHEMA = 'staging_api';
// The seeded users' password (src/sandbox/rds/mariadb/databases.ts SANDBOX_DB_PASSWORD, shown in the README).
const SEEDED_PASSWORD = 'sandbox-db-password';

export const options = { userSettings: { 'nhncloud.agent.allowChanges': true, 'nhncloud.sandbox.jobStepMs': 50 } };

/** @type {{ type: string, url: string, headers: Record<string, string> }} */
let entry;
const clients = [];

async function mcpClient(headers) {
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const textOf = (result) => result.content[0].text;

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'setup: Explore the Sandbox, Connect... to staging-api as admin',
    async run(t) {
      const missing = mariaDbMissing({ tls: true });
      if (missing) throw new Error(missing);
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .click();
      await exploredSandboxUrl(t);
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.runCommand('NHN Cloud: Open Query Console');
      await t.quick.pick(INSTANCE, 'DB instance');
      await answerConnect(t, { instance: INSTANCE, user: 'admin', password: SEEDED_PASSWORD, schema: SCHEMA });
    },
  },
  {
    name: 'Copy MCP Server Configuration: a loopback address and a bearer token on the clipboard',
    async run(t) {
      await t.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(t.page.url()).origin,
      });
      await t.runCommand('NHN Cloud: Copy MCP Server Configuration');
      await t.notified(
        t.l(
          "The MCP server configuration of this window is on the clipboard (its address and token change with each window). Paste it into your agent's MCP settings.",
        ),
      );
      const copied = JSON.parse(await t.page.evaluate(() => navigator.clipboard.readText()));
      entry = copied.mcpServers.nhncloud;
      if (entry.type !== 'http' || !/^http:\/\/127\.0\.0\.1:\d+\/mcp$/.test(entry.url))
        throw new Error(`unexpected configuration: ${JSON.stringify(copied)}`);
      if (!/^Bearer \S{40,}$/.test(entry.headers.Authorization))
        throw new Error('no bearer token in the configuration');
    },
  },
  {
    name: 'an MCP client lists the tools with their annotations, lists DB instances and runs a read-only query',
    async run() {
      const client = await mcpClient(entry.headers);
      const { tools } = await client.listTools();
      const action = tools.find((x) => x.name === 'nhncloud_instance_action');
      const query = tools.find((x) => x.name === 'nhncloud_db_query');
      if (tools.length !== 9 || !action || !query) throw new Error(`tools: ${tools.map((x) => x.name).join(', ')}`);
      if (action.annotations?.readOnlyHint !== false || action.annotations?.destructiveHint !== true)
        throw new Error(`instance_action annotations: ${JSON.stringify(action.annotations)}`);
      if (query.annotations?.readOnlyHint !== true)
        throw new Error(`db_query annotations: ${JSON.stringify(query.annotations)}`);
      const listed = JSON.parse(
        textOf(
          await client.callTool({ name: 'nhncloud_list_resources', arguments: { kind: 'dbInstances', region: 'KR1' } }),
        ),
      );
      const row = listed.data.find((r) => r.dbInstanceName === INSTANCE);
      if (!row || listed.profile !== 'Sandbox') throw new Error(`listing: ${JSON.stringify(listed).slice(0, 400)}`);
      const answered = await client.callTool({
        name: 'nhncloud_db_query',
        arguments: { connection: INSTANCE, sql: 'SELECT DATABASE() AS db, CURRENT_USER() AS who' },
      });
      const q = JSON.parse(textOf(answered));
      if (answered.isError || q.data.rows[0][0] !== SCHEMA || !String(q.data.rows[0][1]).startsWith('admin@'))
        throw new Error(`query: ${textOf(answered)}`);
      const refused = await client.callTool({
        name: 'nhncloud_db_query',
        arguments: { connection: INSTANCE, sql: 'DROP TABLE anything' },
      });
      if (!refused.isError) throw new Error(`a DROP was not refused: ${textOf(refused)}`);
    },
  },
  {
    name: 'without the token the server refuses the client',
    async run() {
      let refused = false;
      try {
        await mcpClient({});
      } catch (err) {
        refused = /401|token/i.test(String(err?.message ?? err));
      }
      if (!refused) throw new Error('a client without the token was served');
    },
  },
  {
    name: 'a restart asked over MCP is confirmed in VS Code with profile, region, instance and action; Cancel leaves it running',
    async run(t) {
      const client = clients[0];
      const pending = client.callTool({
        name: 'nhncloud_instance_action',
        arguments: { instance: INSTANCE, action: 'restart' },
      });
      const words = t.l(
        'An agent asks to restart the DB instance "{0}" in {1} of the profile "{2}". Its clients lose their connections while it restarts.',
        INSTANCE,
        'KR1',
        'Sandbox',
      );
      // The dialog with those very words (title and detail), closed as Cancel does (Escape: VS Code's
      // own Cancel button is named in the display language).
      const modal = t.page
        .locator('.monaco-dialog-box')
        .filter({ hasText: t.l('Restart a DB instance?') })
        .filter({ hasText: words });
      await modal.waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden', timeout: 10_000 });
      const result = await pending;
      if (!result.isError) throw new Error(`the restart was not declined: ${textOf(result)}`);
      const listed = JSON.parse(
        textOf(
          await client.callTool({
            name: 'nhncloud_list_resources',
            arguments: { kind: 'dbInstances', region: 'KR1', filter: INSTANCE },
          }),
        ),
      );
      if (listed.data[0]?.status !== 'AVAILABLE') throw new Error(`${INSTANCE} is ${listed.data[0]?.status}`);
      for (const c of clients) await c.close().catch(() => undefined);
    },
  },
];

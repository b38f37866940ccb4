// The extension inside a real extension host: lazy activation, every declared command
// registered with a real handler, and the profile store + redacted log against VS Code's real
// globalState and SecretStorage (the extension hands them over in test mode only).
import * as assert from 'node:assert/strict';
import { after } from 'mocha';
import * as vscode from 'vscode';
import { Redactor } from '../../../src/client/http/redact';
import { AuthError, CancelledError } from '../../../src/client/errors';
import { wrapCommand } from '../../../src/shared/commands';
import { RedactedLog } from '../../../src/shared/log';
import { Profiles } from '../../../src/profiles/store';
import { SECRET_FIELDS, legacyKey, secretsKey } from '../../../src/profiles/secrets';
import type { Profile } from '../../../src/shared/services';

const EXT_ID = 'nhncloud-explorer.nhncloud-explorer';

/** A LogOutputChannel that keeps its lines, to check what would have been written. */
function memoryChannel(): vscode.LogOutputChannel & { lines: string[] } {
  const lines: string[] = [];
  const put = (level: string) => (m: string) => void lines.push(`${level} ${m}`);
  return {
    lines,
    name: 'test',
    logLevel: vscode.LogLevel.Trace,
    onDidChangeLogLevel: new vscode.EventEmitter<vscode.LogLevel>().event,
    trace: put('trace'),
    debug: put('debug'),
    info: put('info'),
    warn: put('warn'),
    error: (m: string | Error) => void lines.push(`error ${String(m)}`),
    append: (m: string) => void lines.push(m),
    appendLine: (m: string) => void lines.push(m),
    replace: () => {},
    clear: () => {},
    show: () => {},
    hide: () => {},
    dispose: () => {},
  } as unknown as vscode.LogOutputChannel & { lines: string[] };
}

/** VS Code's own globalState and SecretStorage of the extension (handed over in test mode only). */
async function realStores(): Promise<{ state: vscode.Memento; secrets: vscode.SecretStorage }> {
  const ext = vscode.extensions.getExtension(EXT_ID)!;
  const api = (await ext.activate()) as { testing?: { globalState: vscode.Memento; secrets: vscode.SecretStorage } };
  assert.ok(api.testing, 'the extension hands its real stores to a test run');
  return { state: api.testing.globalState, secrets: api.testing.secrets };
}

/** Leaves no profile of these tests behind in the real stores. */
async function clearStores(state: vscode.Memento, secrets: vscode.SecretStorage): Promise<void> {
  await state.update('nhncloud.profiles', undefined);
  await state.update('nhncloud.activeProfile', undefined);
  for (const id of TEST_IDS) for (const key of ourKeys(id)) await secrets.delete(key);
}

/** Every key a test profile's secrets may be under: its record, and the per-field keys before it. */
const ourKeys = (id: string): string[] => [secretsKey(id), ...SECRET_FIELDS.map((f) => legacyKey(id, f))];

const TEST_IDS = ['ptest1', 'ptest2'];
/** The SecretStorage keys of the test profiles that hold a value (the API cannot list keys in VS Code 1.96). */
async function testKeys(secrets: vscode.SecretStorage): Promise<string[]> {
  const found: string[] = [];
  for (const id of TEST_IDS) for (const key of ourKeys(id)) if ((await secrets.get(key)) !== undefined) found.push(key);
  return found.sort();
}

describe('extension in the extension host', () => {
  it('activates lazily without loading the main bundle', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID);
    assert.ok(ext, `${EXT_ID} is installed`);
    const events: string[] = ext.packageJSON.activationEvents ?? [];
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), 'no eager activation event');
    await ext.activate();
    const loaded = Object.keys(require.cache).filter((p) => p === `${ext.extensionPath}/dist/main.js`);
    assert.deepEqual(loaded, [], 'dist/main.js is loaded on first use only');
  });

  it('registers every command the manifest declares', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    const declared: string[] = ext.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      declared.filter((c) => !registered.has(c)),
      [],
    );
    for (const c of ext.packageJSON.contributes.commands)
      assert.equal(c.category, 'NHN Cloud', `${c.command} category`);
  });

  it('has a real handler for every command the manifest declares (not the shim\'s "not available")', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    const declared: string[] = ext.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    const api = (await ext.activate()) as { main(): Promise<{ handledCommands(): string[] }> };
    const handled = new Set((await api.main()).handledCommands());
    assert.ok(handled.size > 0, 'the main bundle reports its handlers');
    assert.deepEqual(
      declared.filter((c) => !handled.has(c)),
      [],
      'declared commands without a handler',
    );
    // A handler no manifest entry declares can never run: a renamed id in one of the two places.
    assert.deepEqual(
      [...handled].filter((c) => !declared.includes(c)),
      [],
      'handlers of commands the manifest does not declare',
    );
  });

  it('runs a command through the main bundle (Show Log)', async () => {
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    await vscode.commands.executeCommand('nhncloud.showLog');
    const loaded = Object.keys(require.cache).filter((p) => p === `${ext.extensionPath}/dist/main.js`);
    assert.equal(loaded.length, 1, 'dist/main.js loaded by the first command');
  });
});

describe('profiles and the redacted log', () => {
  const profile: Profile = { id: 'ptest1', name: 'unit', cloud: 'public', regions: ['KR1', 'JP1'] };

  async function setup() {
    const { state, secrets } = await realStores();
    await clearStores(state, secrets);
    const redactor = new Redactor();
    const channel = memoryChannel();
    const log = new RedactedLog(redactor, channel);
    const profiles = new Profiles(state, secrets, redactor, log);
    await profiles.ready;
    return { redactor, channel, log, state, secrets, profiles };
  }

  after(async () => {
    const { state, secrets } = await realStores();
    await clearStores(state, secrets);
  });

  it('keeps non-secret fields in globalState and the secrets in one namespaced SecretStorage value', async () => {
    const { state, secrets, profiles } = await setup();
    await profiles.save(profile, { rdsAppKey: 'AppKeyValue123', identityApiPassword: 'ApiPw-secret-9' });
    // With the RDS products whose app key the profile holds: the tree's roots read them without
    // opening SecretStorage (RDS for MariaDB shows only with its key).
    assert.deepEqual(state.get('nhncloud.profiles'), [{ ...profile, rdsProducts: ['mysql'] }]);
    assert.equal(state.get('nhncloud.activeProfile'), 'ptest1');
    assert.deepEqual(JSON.parse((await secrets.get('nhncloud/ptest1/secrets')) ?? '{}'), {
      rdsAppKey: 'AppKeyValue123',
      identityApiPassword: 'ApiPw-secret-9',
    });
    assert.deepEqual(await testKeys(secrets), ['nhncloud/ptest1/secrets']);
    assert.ok(!JSON.stringify(state.get('nhncloud.profiles')).includes('AppKeyValue123'));
  });

  it('an edit keeps a secret left empty and replaces a typed one; remove deletes all secrets', async () => {
    const { secrets, profiles } = await setup();
    await profiles.save(profile, { rdsAppKey: 'AppKeyValue123', rdsSecretAccessKey: 'OldSecret-456' });
    await profiles.save({ ...profile, name: 'renamed' }, { rdsSecretAccessKey: 'NewSecret-789' });
    assert.deepEqual(await profiles.secrets('ptest1'), {
      rdsAppKey: 'AppKeyValue123',
      rdsSecretAccessKey: 'NewSecret-789',
    });
    assert.equal(profiles.active()?.name, 'renamed');
    await profiles.remove('ptest1');
    assert.deepEqual(await testKeys(secrets), []);
    assert.deepEqual(profiles.list(), []);
    assert.equal(profiles.active(), undefined);
  });

  it('switching changes the active profile and fires onDidChange', async () => {
    const { profiles } = await setup();
    await profiles.save(profile, {});
    await profiles.save({ ...profile, id: 'ptest2', name: 'second' }, {});
    let fired = 0;
    profiles.onDidChange(() => fired++);
    await profiles.setActive('ptest2');
    assert.equal(profiles.active()?.id, 'ptest2');
    assert.equal(fired, 1);
  });

  it('masks every saved secret in the log, also inside errors the command wrapper reports', async () => {
    const { channel, log, profiles, redactor } = await setup();
    await profiles.save(profile, { rdsSecretAccessKey: 'LeakySecret-000', identityUsername: 'someone@example.com' });
    log.info('about to send LeakySecret-000 for someone@example.com');
    const failing = wrapCommand(
      'nhncloud.test.fail',
      () => {
        throw new AuthError({
          service: 'rds',
          operation: 'rds.listDbInstances',
          reason: 'unauthenticated',
          message: 'Key LeakySecret-000 was rejected.',
        });
      },
      { log, redactor },
    );
    assert.equal(await failing(), undefined, 'the wrapper reports, it does not rethrow');
    const cancelled = wrapCommand('nhncloud.test.cancel', () => Promise.reject(new CancelledError()), {
      log,
      redactor,
    });
    await cancelled();
    const all = channel.lines.join('\n');
    assert.ok(!all.includes('LeakySecret-000'), all);
    assert.ok(!all.includes('someone@example.com'), all);
    assert.match(all, /nhncloud\.test\.fail failed/);
    assert.match(all, /Edit Profile/);
    assert.doesNotMatch(all, /nhncloud\.test\.cancel failed/);
  });

  it('registers the secrets of stored profiles with the redactor when it loads', async () => {
    const first = await setup();
    await first.profiles.save(profile, { s3SecretKey: 'StoredS3Secret-1' });
    const redactor = new Redactor();
    const again = new Profiles(first.state, first.secrets, redactor, first.log);
    await again.ready;
    assert.equal(redactor.text('x StoredS3Secret-1 y'), 'x *** y');
  });
});

// Issue 64: every tool package.json declares is registered with VS Code's language-model API and
// answers through vscode.lm.invokeTool, on the sandbox's profile (Explore the Sandbox).
describe('agent tools through vscode.lm', () => {
  /** What each tool is asked: a call the sandbox can answer without a database connection. */
  const INPUTS: Record<string, object> = {
    nhncloud_list_resources: { kind: 'dbInstances', region: 'KR1' },
    nhncloud_describe_resource: { kind: 'dbInstance', name: 'staging-api' },
    nhncloud_rds_metrics: { instance: 'staging-api', minutes: 30 },
    nhncloud_read_instance_log: { instance: 'staging-api' },
    nhncloud_db_schema: {},
    nhncloud_db_query: { sql: 'SELECT 1' },
    nhncloud_db_explain: { sql: 'SELECT 1' },
    nhncloud_read_object: { bucket: 'sandbox-docs', key: 'README.md' },
    nhncloud_instance_action: { instance: 'staging-api', action: 'restart' },
  };

  after(async () => {
    await vscode.commands.executeCommand('nhncloud.sandbox.stop');
  });

  it('registers every declared tool and each answers on the sandbox profile', async function () {
    this.timeout(120_000);
    if (typeof vscode.lm?.invokeTool !== 'function') this.skip();
    const ext = vscode.extensions.getExtension(EXT_ID)!;
    const declared: string[] = ext.packageJSON.contributes.languageModelTools.map((t: { name: string }) => t.name);
    assert.deepEqual(Object.keys(INPUTS).sort(), [...declared].sort(), 'an input for every declared tool');
    await vscode.commands.executeCommand('nhncloud.sandbox.explore');
    const registered = new Set(vscode.lm.tools.map((t) => t.name));
    assert.deepEqual(
      declared.filter((n) => !registered.has(n)),
      [],
      'declared tools VS Code does not know',
    );
    const answers: Record<string, { ok: boolean; body: Record<string, unknown> }> = {};
    for (const name of declared) {
      const result = await vscode.lm.invokeTool(name, { input: INPUTS[name], toolInvocationToken: undefined });
      const part = result.content[0] as vscode.LanguageModelTextPart;
      assert.ok(part instanceof vscode.LanguageModelTextPart, `${name} answers text`);
      const body = JSON.parse(part.value) as Record<string, unknown>;
      answers[name] = { ok: !('error' in body), body };
      assert.equal(body.profile, 'Sandbox', `${name} names the profile`);
    }
    const listed = answers.nhncloud_list_resources.body.data as Array<{ dbInstanceName: string }>;
    assert.ok(listed.some((i) => i.dbInstanceName === 'staging-api'));
    assert.ok(answers.nhncloud_describe_resource.ok);
    assert.ok(answers.nhncloud_rds_metrics.ok);
    assert.ok(answers.nhncloud_read_object.ok);
    // No connection is open, and changes are off: refusals that say what to do.
    assert.match(String(answers.nhncloud_db_query.body.error), /Connect/);
    assert.match(String(answers.nhncloud_instance_action.body.error), /nhncloud\.agent\.allowChanges/);
  });
});

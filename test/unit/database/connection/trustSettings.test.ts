// The settings that decide whom the extension trusts (issue 62): nhncloud.database.caFile (the CA
// of database TLS), knownHostsFile and sshConfigFile (SSH bastions) are the person's own. A
// workspace (a cloned repository's .vscode/settings.json) cannot set them: package.json declares
// them of scope "machine" (VS Code then ignores a workspace's value) and says so in their
// descriptions, and the code reads them with inspect(), taking the user's (or the remote
// machine's) value and never a workspace's or folder's, even before VS Code knows their scope.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { installVscodeStub, stubVscode } from '../../../support/vscodeStub';

installVscodeStub();
const { dbTlsSettings } =
  require('../../../../src/database/connection/tls') as typeof import('../../../../src/database/connection/tls');
const { knownHostsFile, sshConfigFile } =
  require('../../../../src/database/connection/ssh/bastions') as typeof import('../../../../src/database/connection/ssh/bastions');

const TRUST_SETTINGS = ['caFile', 'knownHostsFile', 'sshConfigFile'] as const;

/** Runs `fn` with nhncloud.database.* answering `values` per scope (as VS Code's inspect() does). */
function withSettings(
  values: Record<string, { globalValue?: string; workspaceValue?: string; workspaceFolderValue?: string }>,
  fn: () => void,
) {
  const ws = stubVscode.workspace as Record<string, unknown>;
  const saved = ws.getConfiguration;
  ws.getConfiguration = (section: string) => {
    assert.equal(section, 'nhncloud.database');
    const inspect = (key: string) => ({ key: `${section}.${key}`, defaultValue: '', ...values[key] });
    return {
      inspect,
      // What get() would answer if a workspace's value counted (it must not be used for these).
      get: (key: string) => {
        const v = inspect(key);
        return v.workspaceFolderValue ?? v.workspaceValue ?? v.globalValue ?? v.defaultValue;
      },
    };
  };
  try {
    fn();
  } finally {
    ws.getConfiguration = saved;
  }
}

test('package.json: the three trust settings are of machine scope and say that a workspace cannot set them', () => {
  const pkg = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8'));
  const nls = JSON.parse(readFileSync(join(__dirname, '../../../../package.nls.json'), 'utf8'));
  const props = pkg.contributes.configuration.properties ?? pkg.contributes.configuration[0]?.properties;
  for (const key of TRUST_SETTINGS) {
    const setting = props[`nhncloud.database.${key}`];
    assert.equal(setting.scope, 'machine', key);
    const description = nls[setting.markdownDescription.replace(/^%|%$/g, '')];
    assert.match(description, /A workspace cannot set it/, key);
  }
});

test("a workspace's or folder's value is ignored: the user's value is read, else the default", () => {
  const evil = { workspaceValue: '/repo/evil', workspaceFolderValue: '/repo/folder-evil' };
  withSettings(
    {
      caFile: { globalValue: ' /home/me/ca.pem ', ...evil },
      knownHostsFile: { globalValue: '~/keys/known_hosts', ...evil },
      sshConfigFile: { globalValue: '/home/me/ssh_config', ...evil },
      clientCertFile: { globalValue: '/home/me/cert.pem' },
    },
    () => {
      assert.equal(dbTlsSettings().caFile, '/home/me/ca.pem');
      assert.equal(dbTlsSettings().clientCertFile, '/home/me/cert.pem');
      assert.equal(knownHostsFile(), join(homedir(), 'keys', 'known_hosts'));
      assert.equal(sshConfigFile(), '/home/me/ssh_config');
    },
  );
  withSettings({ caFile: evil, knownHostsFile: evil, sshConfigFile: evil }, () => {
    assert.equal(dbTlsSettings().caFile, undefined, 'the system CAs, not the workspace CA');
    assert.equal(knownHostsFile(), join(homedir(), '.ssh', 'known_hosts'));
    assert.equal(sshConfigFile(), join(homedir(), '.ssh', 'config'));
  });
});

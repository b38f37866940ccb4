// The display language Japanese (same mechanism as korean.mjs): the manifest, the tree, a palette
// command and its notification come from package.nls.ja.json and l10n/bundle.l10n.ja.json.
export const options = { locale: 'ja', userSettings: { 'nhncloud.sandbox.jobStepMs': 200 } };

export const scenarios = [
  {
    name: 'welcome, sandbox, tree and a notification in Japanese',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.sidebar.locator('.welcome-view').getByRole('button', { name: 'プロファイルを追加' }).waitFor({ timeout: 60_000 });
      await t.runCommand('NHN Cloud: サンドボックスを試す');
      await t.notification('サンドボックスは', 60_000);
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.treeRow('DB インスタンス').waitFor({ timeout: 30_000 });
      await t.treeRow('パラメータグループ').waitFor();
      await t.sidebar.locator('.composite.title .title-label').first().click();
      await t.runCommand('NHN Cloud: ジョブを表示');
      await t.notification('NHN Cloud ジョブがありません', 30_000);
    },
  },
];

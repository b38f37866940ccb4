// The extension with the display language Korean: the tree, a palette command, a notification
// and a webview speak Korean; events show their Korean message. The harness starts
// code-server 4.139.1 with `--locale ko` and a stub Korean language pack (installLocale in
// scripts/e2e/codeServer.mjs): VS Code's own menus stay English, but vscode.env.language is `ko`
// and package.nls.ko.json and bundle.l10n.ko.json apply.
export const options = { locale: 'ko', userSettings: { 'nhncloud.sandbox.jobStepMs': 200 } };

/** Runs a palette command with the focus out of any webview (a focused webview keeps F1 for itself). */
async function command(t, title) {
  await t.sidebar.locator('.composite.title .title-label').first().click();
  await t.runCommand(title);
}

export const scenarios = [
  {
    name: 'the welcome view and a palette command are in Korean; the sandbox notification too',
    async run(t) {
      await t.openView('NHN Cloud');
      const welcome = t.sidebar.locator('.welcome-view');
      await welcome.getByRole('button', { name: '프로필 추가' }).waitFor({ timeout: 60_000 });
      await t.runCommand('NHN Cloud: 샌드박스 둘러보기');
      await t.notification('샌드박스가', 60_000);
    },
  },
  {
    name: 'the tree shows Korean folder names and states',
    async run(t) {
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.treeRow('DB 인스턴스').waitFor({ timeout: 30_000 });
      await t.treeRow('파라미터 그룹').waitFor();
      await t.treeRow('DB 보안 그룹').waitFor();
      await t.treeRow('알림 그룹').waitFor();
      // Events carry their message in four languages: the Korean one is shown.
      await t.expandRow('이벤트');
      await t.sidebar.locator('.monaco-list-row[role="treeitem"]').filter({ hasText: /습니다/ }).first().waitFor({ timeout: 30_000 });
      await t.screenshot('korean-tree');
    },
  },
  {
    name: 'a palette command answers with a Korean notification',
    async run(t) {
      await command(t, 'NHN Cloud: 작업 보기');
      await t.notification('아직 NHN Cloud 작업이 없습니다', 30_000);
    },
  },
  {
    name: 'a webview panel is in Korean',
    async run(t) {
      await command(t, 'NHN Cloud: DB 인스턴스 생성...');
      const asked = await t.page
        .locator('.quick-input-widget')
        .filter({ hasText: '리전' })
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(() => true, () => false);
      if (asked) await t.quick.pick('KR1');
      const w = t.webview();
      await w.locator('[data-path="dbInstanceName"]').waitFor({ timeout: 60_000 });
      await w.getByText('인스턴스 이름').first().waitFor();
      await w.locator('#review-request', { hasText: '검토' }).waitFor();
      if ((await w.locator('html').getAttribute('lang')) !== 'ko') throw new Error('the panel page is not marked lang="ko"');
      await t.screenshot('korean-webview');
    },
  },
];

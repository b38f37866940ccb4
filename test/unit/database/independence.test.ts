// The database client stands on its own (issue 65, item 3): no file of src/database imports from
// an `rds` folder (src/rds's tree and commands, src/client/rds's API client), checked by the lint
// configuration's DATABASE_STANDS_ALONE block. Here the configuration itself runs: over
// src/database as it is, and over a planted import, which must be refused.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { DATABASE_STANDS_ALONE } from '../../../eslint.config.mjs';

const ROOT = join(__dirname, '..', '..', '..');
const RULE = 'no-restricted-imports';

/** The configuration's block alone (the rest of the configuration is none of this test's business). */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
    },
    DATABASE_STANDS_ALONE,
  ],
});

const restricted = (results: ESLint.LintResult[]) =>
  results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath.slice(ROOT.length + 1)}:${m.line}`),
  );

test('no file of src/database imports from an rds folder', async () => {
  assert.deepEqual(restricted(await eslint.lintFiles(['src/database/**/*.ts'])), []);
});

test('a planted import of the RDS tree or the RDS API client is refused; shared code is not', async () => {
  const lint = (code: string) =>
    eslint.lintText(code, { filePath: join(ROOT, 'src/database/connection/planted.ts') }).then(restricted);
  assert.equal(
    (await lint("import type { RdsDeps } from '../../rds/tree/base';\nexport type X = RdsDeps;\n")).length,
    1,
  );
  assert.equal(
    (await lint("import type { RdsClient } from '../../client/rds/client';\nexport type X = RdsClient;\n")).length,
    1,
  );
  assert.equal(
    (await lint("import { rdsConsoleNodes } from '../../rds';\nexport const x = rdsConsoleNodes;\n")).length,
    1,
  );
  assert.deepEqual(await lint("import { l10n } from '../../shared/l10n';\nexport const x = l10n;\n"), []);
});

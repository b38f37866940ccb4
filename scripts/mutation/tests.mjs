// The unit tests that guard the protection modules of stryker.config.mjs. Each is small and
// exact (every rule pinned by a case), so a mutant's run takes a fraction of a second; the
// property, heap and end-to-end tests of the same modules run in `npm run test:unit`.
export const MUTATION_TESTS = [
  'test/unit/client/redact.test.ts',
  'test/unit/client/redactSql.test.ts',
  'test/unit/storage/localPath.test.ts',
  'test/unit/storage/xmlLimits.test.ts',
  'test/unit/panels/html.test.ts',
  'test/unit/profiles/secrets.test.ts',
  'test/unit/database/sqlText.test.ts',
];

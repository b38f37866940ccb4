import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import noTextDecisions from './eslint/noTextDecisions.mjs';
import wholeSentences from './eslint/wholeSentences.mjs';
import countsPlural from './eslint/countsPlural.mjs';
import oneDateFormatter from './eslint/oneDateFormatter.mjs';

/**
 * Where dates are written for machines, not shown to people (the one-date-formatter rule's
 * exceptions; test/unit/shared/messageLint.test.ts reads the same list): the client and the
 * sandbox write the API's forms, and the agent tools' answers are data for a model, whose dates
 * are ISO 8601 as the API's are.
 */
export const NOT_SHOWN_TO_PEOPLE = [
  'src/client/**',
  'src/sandbox/**',
  'src/shared/l10n.ts',
  'src/agent/tools.ts',
  'src/agent/dbTools.ts',
];

/**
 * The database client (src/database) stands on its own (issue 65, item 3): it talks to a
 * MySQL-protocol server and knows nothing of RDS's API; the RDS side hands it an endpoint and
 * credentials and answers the interfaces it declares (ConsoleNodes of src/database/connection/console.ts).
 * Any `rds` folder is refused: src/rds (its tree, commands, forms), src/client/rds (the API
 * client), src/sandbox/rds. test/unit/database/independence.test.ts plants an import to see it fire.
 */
export const DATABASE_STANDS_ALONE = {
  files: ['src/database/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/rds', '**/rds/**'],
            message:
              'src/database knows nothing of RDS: declare an interface here and let src/rds implement it (and hand it endpoints and credentials).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.e2e-artifacts/**',
      '.bench/**',
      'patches/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Tests and the webviews' rpc are not yet typed through: on below for src/.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-console': 'off',
    },
  },
  {
    // Korean and Japanese users: decisions compare ids, never translated text (eslint/noTextDecisions.mjs),
    // and every message is a whole sentence in the bundles, never glued from pieces (eslint/wholeSentences.mjs);
    // a message that counts goes through plural() (eslint/countsPlural.mjs).
    files: ['src/**/*.ts', 'webviews/**/*.ts'],
    plugins: {
      nhncloud: {
        rules: {
          'no-text-decisions': noTextDecisions,
          'whole-sentences': wholeSentences,
          'counts-plural': countsPlural,
          'one-date-formatter': oneDateFormatter,
        },
      },
    },
    rules: {
      'nhncloud/no-text-decisions': 'error',
      'nhncloud/whole-sentences': 'error',
      'nhncloud/counts-plural': 'error',
    },
  },
  {
    // Every date a person reads goes through the one formatter of src/shared/l10n.ts
    // (eslint/oneDateFormatter.mjs), except where dates are written for machines.
    files: ['src/**/*.ts', 'webviews/**/*.ts'],
    ignores: NOT_SHOWN_TO_PEOPLE,
    rules: { 'nhncloud/one-date-formatter': 'error' },
  },
  {
    // Everything reads the client's typed answers (RdsOutput<'getDbInstance'>, the schemas'
    // inferred types): no `any`, and no `as never` to slip past a signature.
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSNeverKeyword', message: 'Do not cast to never: give the value its real type.' },
      ],
    },
  },
  {
    // The client and the sandbox run in plain Node: they must not import vscode.
    files: ['src/client/**/*.ts', 'src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'The client layer and the sandbox are vscode-free.' }] },
      ],
    },
  },
  DATABASE_STANDS_ALONE,
);

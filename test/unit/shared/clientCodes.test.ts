// Issue 63's leftover: seven errors of the client carried neither a code nor a status, so what a
// person read was the client's English message, in Korean too; object storage's own checks (a
// bucket name, a key, a file in the way) were shown as their English messages. The class, checked
// here: every code the client writes has a sentence in the display language; every check of the
// client that a person can meet states a rule said in that language, and no check of the client is
// shown as its message. (ApiErrorInit.code is required, so an error without one does not compile.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  ApiError,
  CLIENT_CODES,
  LOCAL_FILE_CODES,
  ValidationError,
  isValidationError,
  type IssueRule,
} from '../../../src/client/errors';
import { bucketNameProblems, checkBucketName, checkKey } from '../../../src/client/storage/names';
import { safeLocalPath } from '../../../src/client/storage/localPath';
import { setL10nBundle } from '../../../src/shared/l10n';
import { installVscodeStub, stubVscode } from '../../support/vscodeStub';

installVscodeStub();
const { errorText, knownErrorText } =
  require('../../../src/shared/errorText') as typeof import('../../../src/shared/errorText');
const { bucketNameProblemText, issueRuleText } =
  require('../../../src/shared/ruleText') as typeof import('../../../src/shared/ruleText');

const ROOT = join(__dirname, '../../..');
const ko = JSON.parse(readFileSync(join(ROOT, 'l10n/bundle.l10n.ko.json'), 'utf8')) as Record<string, string>;
const HANGUL = /[\uac00-\ud7a3]/;

function inKorean<T>(fn: () => T): T {
  const l10n = stubVscode.l10n as { t: (m: string, ...a: unknown[]) => string };
  const english = l10n.t;
  try {
    l10n.t = (m: string, ...a: unknown[]) => english(ko[m] ?? m, ...a);
    setL10nBundle(ko, 'ko');
    return fn();
  } finally {
    l10n.t = english;
    setL10nBundle(undefined, 'en');
  }
}

function clientFiles(dir = join(ROOT, 'src/client')): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? clientFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test("every code of the extension's own has a sentence in English and in Korean", () => {
  const codes = [...Object.values(CLIENT_CODES), ...LOCAL_FILE_CODES];
  const problems: string[] = [];
  for (const code of codes)
    for (const operation of ['storage.getObject', 'storage.putObject', 'rds.listDbInstances']) {
      const err = new ApiError({
        service: operation.startsWith('rds') ? 'rds' : 'storage',
        operation,
        code,
        message: `English ${code}`,
      });
      const en = knownErrorText(err);
      const inKo = inKorean(() => knownErrorText(err));
      if (!en) problems.push(`${code} (${operation}): no sentence, the English message would show`);
      else if (!inKo || !HANGUL.test(inKo)) problems.push(`${code} (${operation}): not said in Korean: ${inKo}`);
    }
  assert.deepEqual(problems, []);
});

test('every code the client writes is one of CLIENT_CODES (a new one needs its sentence first)', () => {
  const written = new Set<string>();
  for (const file of clientFiles()) {
    const text = readFileSync(file, 'utf8');
    // zod's issue codes ('custom') are not errors' codes.
    for (const m of text.matchAll(/\bcode: '([A-Za-z]+)'/g)) if (m[1] !== 'custom') written.add(m[1]);
  }
  const known = new Set<string>(Object.values(CLIENT_CODES));
  assert.ok(written.size >= 5, `the scan found ${written.size} codes: it reads the wrong files`);
  assert.deepEqual(
    [...written].filter((c) => !known.has(c)),
    [],
  );
});

test('no check of the client is shown as its English message: each has a path, and those a person meets a rule', () => {
  // A check without a path is shown as its message (the extension's own sentences, src/shared):
  // in src/client that would be English.
  const bare = clientFiles().filter((f) => /path: ''/.test(readFileSync(f, 'utf8')));
  assert.deepEqual(bare, []);
  const caught = (fn: () => unknown): ValidationError => {
    try {
      fn();
    } catch (e) {
      if (isValidationError(e)) return e;
      throw e;
    }
    throw new Error('no ValidationError');
  };
  const cases: Array<[string, ValidationError]> = [
    ['bucket name', caught(() => checkBucketName('storage.createBucket', 'A..b'))],
    ['empty key', caught(() => checkKey('storage.putObject', ''))],
    ['long key', caught(() => checkKey('storage.putObject', 'k'.repeat(1025)))],
    ['key naming no file', caught(() => safeLocalPath('/tmp/dl', '///', 'linux'))],
  ];
  for (const [what, err] of cases) {
    assert.ok(err.issues[0].rule, `${what}: no rule`);
    const en = errorText(err) ?? '';
    const inKo = inKorean(() => errorText(err)) ?? '';
    assert.notEqual(en, err.issues[0].message, `${what}: shown as the client's message`);
    assert.match(inKo, HANGUL, `${what}: not Korean: ${inKo}`);
  }
  assert.match(errorText(cases[0][1]) ?? '', /"A\.\.b" is not a valid bucket name\. .*lower-case.*two dots/);
});

test('every rule and every bucket naming rule reads in Korean', () => {
  const rules: IssueRule[] = [
    { id: 'bucketName', name: 'x', problems: ['length'] },
    { id: 'keyEmpty' },
    { id: 'keyTooLong', key: 'k' },
    { id: 'keyNamesNoFile', key: '/' },
    { id: 'keyOutsideFolder', key: '../x', folder: '/tmp' },
    { id: 'throughLink', path: '/tmp/l' },
    { id: 'inTheWay', path: '/tmp/a', file: '/tmp/a/b' },
    { id: 'streamShort' },
  ];
  for (const rule of rules)
    assert.match(
      inKorean(() => issueRuleText(rule)),
      HANGUL,
      rule.id,
    );
  const all = bucketNameProblems('1.2.3.4') // an IP address
    .concat(bucketNameProblems('A'), bucketNameProblems('a..b'), bucketNameProblems('-ab'));
  assert.deepEqual(new Set(all), new Set(['ipAddress', 'length', 'characters', 'ends', 'twoDots']));
  for (const p of all)
    assert.match(
      inKorean(() => bucketNameProblemText(p)),
      HANGUL,
      p,
    );
});

// The Redactor, the one mask between a secret and a log line (CONTRIBUTING.md, convention 6):
// known values, secret headers, secret JSON fields at any depth, presigned-URL signatures. Each
// rule has a case here that fails when the rule is removed (npm run test:mutation proves it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MASK, Redactor, SECRET_FIELDS, SECRET_HEADER_NAME, silentLogger } from '../../../src/client/http/redact';

test('the mask is three asterisks', () => {
  assert.equal(MASK, '***');
});

test('known values are masked wherever they appear in free text', () => {
  const r = new Redactor();
  r.addSecret('AppKey-1234', undefined, null);
  assert.equal(r.text('key=AppKey-1234; again AppKey-1234.'), 'key=***; again ***.');
});

test('values shorter than 4 characters are not registered (they would mask ordinary words)', () => {
  const r = new Redactor();
  r.addSecret('abc', '');
  assert.equal(r.text('abc abcd'), 'abc abcd');
  r.addSecret('abcd');
  assert.equal(r.text('abc abcd'), 'abc ***');
});

test('with no known value, text passes unchanged (and nothing matches the empty pattern)', () => {
  assert.equal(new Redactor().text('plain text'), 'plain text');
});

test('the longest of overlapping secrets wins, so no tail of it is left readable', () => {
  const r = new Redactor();
  r.addSecret('secret', 'secret-tail');
  assert.equal(r.text('x secret-tail y'), 'x *** y');
  const other = new Redactor();
  other.addSecret('secret-tail', 'secret');
  assert.equal(other.text('x secret-tail y'), 'x *** y');
});

test('regular-expression characters in a secret are taken literally', () => {
  const r = new Redactor();
  r.addSecret('a.b*c+d?e^f$g{1}h(i)j|k[l]m\\n');
  assert.equal(r.text('<a.b*c+d?e^f$g{1}h(i)j|k[l]m\\n>'), '<***>');
  assert.equal(r.text('aXbbbcdde^f$g{1}h(i)j|k[l]m\\n'), 'aXbbbcdde^f$g{1}h(i)j|k[l]m\\n');
  const dot = new Redactor();
  dot.addSecret('w.x.y.z');
  assert.equal(dot.text('wAxByCz'), 'wAxByCz');
});

test('a secret added later is masked too (the pattern is rebuilt); adding it twice changes nothing', () => {
  const r = new Redactor();
  r.addSecret('first-secret');
  assert.equal(r.text('first-secret second-secret'), '*** second-secret');
  r.addSecret('second-secret');
  r.addSecret('second-secret');
  assert.equal(r.text('first-secret second-secret'), '*** ***');
});

test('a removed secret is no longer masked; the others still are', () => {
  const r = new Redactor();
  r.addSecret('keep-this-one', 'drop-this-one');
  assert.equal(r.text('keep-this-one drop-this-one'), '*** ***');
  r.removeSecret('drop-this-one', undefined, '');
  assert.equal(r.text('keep-this-one drop-this-one'), '*** drop-this-one');
  r.removeSecret('keep-this-one');
  assert.equal(r.text('keep-this-one drop-this-one'), 'keep-this-one drop-this-one');
});

test('presigned-URL signatures and credentials are masked, other query parameters kept', () => {
  const r = new Redactor();
  const url =
    'https://s3.example/b/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=AKID%2F2024&X-Amz-Signature=abc123&X-Amz-Security-Token=tok&Signature=v2sig&AWSAccessKeyId=AKV2&x-id=GetObject';
  assert.equal(
    r.text(url),
    'https://s3.example/b/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Security-Token=***&Signature=***&AWSAccessKeyId=***&x-id=GetObject',
  );
  assert.equal(
    r.text('"https://h/k?x-amz-signature=deadbeef" next'),
    '"https://h/k?x-amz-signature=***" next',
    'case-insensitive, stops at a quote',
  );
  assert.equal(
    r.text('https://h/k?Signature=s1 and ?Signature=s2'),
    'https://h/k?Signature=*** and ?Signature=***',
    'every occurrence, stops at a space',
  );
  assert.equal(r.text("'https://h/k?Signature=s3'"), "'https://h/k?Signature=***'");
  assert.equal(r.text('https://h/k?MySignature=kept'), 'https://h/k?MySignature=kept', 'only whole parameter names');
});

test('a header is masked by its name, whatever its case and value; other headers keep their value with known secrets masked', () => {
  const r = new Redactor();
  r.addSecret('tenant-secret-value');
  // Each name matches one part of the rule (the ones the services send, and the kinds to come).
  const secretHeaders = [
    'Authorization',
    'Proxy-Authorization',
    'X-NHN-AUTHORIZATION',
    'X-Authorisation',
    'X-TC-AUTHENTICATION-ID',
    'X-TC-AUTHENTICATION-SECRET',
    'x-auth-token',
    'X-Subject-Token',
    'x-amz-security-token',
    'X-Client-Secret',
    'X-DB-Password',
    'X-Credential',
    'Cookie',
    'set-cookie',
    'X-Api-Key',
    'x-apikey',
    'X-TC-APP-KEY',
    'x-appkey',
  ];
  const input: Record<string, unknown> = {};
  for (const h of secretHeaders) input[h] = 'visible?';
  input['content-type'] = 'application/json';
  input['x-note'] = 'has tenant-secret-value inside';
  input['x-list'] = ['a', 'b'];
  input['x-number'] = 42;
  input['x-missing'] = undefined;
  input['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  input['x-auth'] = 'kept: no part of the rule';
  input['x-key'] = 'kept too';
  input['x-api--key'] = 'kept: one dash at most';
  const out = r.headers(input);
  for (const h of secretHeaders) assert.equal(out[h], MASK, h);
  assert.equal(out['content-type'], 'application/json');
  assert.equal(out['x-note'], 'has *** inside');
  assert.equal(out['x-list'], 'a, b');
  assert.equal(out['x-number'], '42');
  assert.equal(out['x-amz-content-sha256'], 'UNSIGNED-PAYLOAD');
  assert.equal(out['x-auth'], 'kept: no part of the rule');
  assert.equal(out['x-key'], 'kept too');
  assert.equal(out['x-api--key'], 'kept: one dash at most');
  assert.ok(!('x-missing' in out), 'an undefined header is left out');
  assert.deepEqual(r.headers(undefined), {});
  assert.equal(SECRET_HEADER_NAME.flags, 'i');
});

test('free text: a password SQL carries is masked (the one SQL redaction, ../redactSql.ts), with known values and signatures', () => {
  const r = new Redactor();
  r.addSecret('known-value-9');
  assert.equal(
    r.text("failed: ALTER USER a IDENTIFIED BY 'sql-pw-1' (known-value-9) ?Signature=s1"),
    "failed: ALTER USER a IDENTIFIED BY '***' (***) ?Signature=***",
  );
  assert.equal(
    new Redactor().text("CHANGE MASTER TO MASTER_PASSWORD='m-pw'"),
    "CHANGE MASTER TO MASTER_PASSWORD='***'",
  );
  assert.equal(
    r.body('{"sql":"SET PASSWORD = \'b-pw\'","dbPassword":"x"}'),
    '{"sql":"SET PASSWORD = \'***\'","dbPassword":"***"}',
  );
});

test('every secret JSON field is masked at any depth, whatever its case; null and absent values stay as they are', () => {
  const r = new Redactor();
  r.addSecret('known-value-1');
  assert.deepEqual([...SECRET_FIELDS].sort(), [
    'access',
    'apikey',
    'appkey',
    'apppassword',
    'dbpassword',
    'id_token',
    'password',
    'secret',
    'secretaccesskey',
    'secretkey',
    'token',
  ]);
  const fields: Record<string, unknown> = {};
  for (const f of SECRET_FIELDS) fields[f.toUpperCase()] = 'plain';
  const out = r.json({
    outer: { list: [fields, 'known-value-1', 7, true, null] },
    password: null,
    token: undefined,
    name: 'n',
  }) as any;
  for (const f of SECRET_FIELDS) assert.equal(out.outer.list[0][f.toUpperCase()], MASK, f);
  assert.deepEqual(out.outer.list.slice(1), [MASK, 7, true, null]);
  assert.equal(out.password, null);
  assert.equal(out.token, undefined);
  assert.ok('token' in out);
  assert.equal(out.name, 'n');
  assert.equal(r.json(5), 5);
  assert.equal(r.json(null), null);
});

test('nesting deeper than 32 levels is cut with the mask (a hostile body cannot exhaust the stack)', () => {
  const r = new Redactor();
  let deep: unknown = 'bottom';
  for (let i = 0; i < 33; i++) deep = [deep];
  // 33 arrays: the string sits at depth 33, past the limit; 32 arrays keep it.
  let cut: any = r.json(deep);
  for (let i = 0; i < 32; i++) cut = cut[0];
  assert.deepEqual(cut, [MASK]);
  let kept: any = r.json((deep as unknown[])[0]);
  for (let i = 0; i < 32; i++) kept = kept[0];
  assert.equal(kept, 'bottom');
  // The same through objects.
  let deepObject: unknown = 'bottom';
  for (let i = 0; i < 33; i++) deepObject = { k: deepObject };
  let cutObject: any = r.json(deepObject);
  for (let i = 0; i < 32; i++) cutObject = cutObject.k;
  assert.deepEqual(cutObject, { k: MASK });
});

test('a body is masked field by field when it is JSON, as text otherwise, and cut at maxChars', () => {
  const r = new Redactor();
  r.addSecret('body-secret-1');
  assert.equal(r.body(undefined), '');
  assert.equal(r.body(''), '');
  assert.equal(r.body('{"password":"p","note":"body-secret-1","n":1}'), '{"password":"***","note":"***","n":1}');
  assert.equal(r.body('not json: body-secret-1'), 'not json: ***');
  assert.equal(r.body('{"a":"0123456789"}', 10), '{"a":"0123… (18 chars)');
  assert.equal(r.body('0123456789', 10), '0123456789');
  assert.equal(r.body('x'.repeat(4001)), `${'x'.repeat(4000)}… (4001 chars)`);
  assert.equal(r.body('x'.repeat(4000)), 'x'.repeat(4000));
});

test('the silent logger writes nothing and throws nothing', () => {
  for (const level of ['trace', 'debug', 'info', 'warn', 'error'] as const)
    assert.equal(silentLogger[level]('x'), undefined);
});

// Errors of the client layer are English; where a person reads one, the known ones (by kind and
// code) are said in the display language, and anything else keeps its own message.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError, AuthError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { IdentityClient } from '../../../src/client/network/identity';
import { NetworkClient } from '../../../src/client/network/client';
import { RdsClient } from '../../../src/client/rds/client';
import { S3Client } from '../../../src/client/storage/client';
import { startSandbox } from '../../../src/sandbox';
import { SANDBOX_EC2, SANDBOX_IDENTITY } from '../../../src/sandbox/identity/index';
import { installVscodeStub, stubVscode } from '../../support/vscodeStub';

installVscodeStub();
const { errorMessage, errorText, knownErrorText } =
  require('../../../src/shared/errorText') as typeof import('../../../src/shared/errorText');

const forbidden = new AuthError({
  service: 'rds',
  operation: 'rds.listDbInstances',
  reason: 'forbidden',
  message: 'Forbidden (80403).',
  code: 80403,
});
const notEnabled = new ApiError({
  service: 'rds',
  operation: 'rds.listDbInstances',
  message: 'The service is not enabled (4005).',
  code: 4005,
});
const refused = new ApiError({
  service: 'network',
  operation: 'network.listFloatingIps',
  message: 'connect ECONNREFUSED 127.0.0.1:1',
  code: 'ECONNREFUSED',
});
const region = new ApiError({
  service: 'storage',
  operation: 'storage.listBuckets',
  message: 'wrong region',
  code: 'AuthorizationHeaderMalformed',
  status: 400,
});
const other = new ApiError({
  service: 'rds',
  operation: 'rds.createDbUser',
  message: 'The user name is taken.',
  code: 500123,
});

test('known failures have a sentence of their own; others none', () => {
  assert.match(knownErrorText(forbidden) ?? '', /80403/);
  // RDS API v4.0 names the permission a call needs: the sentence names it too.
  const lacking = new AuthError({
    service: 'rds',
    operation: 'rds.createDbInstance',
    reason: 'forbidden',
    message: 'Your role may not create a DB instance.',
    code: 80403,
    permission: 'RDS:DbInstance.Create',
  });
  assert.match(knownErrorText(lacking) ?? '', /permission RDS:DbInstance\.Create .*80403/);
  assert.match(knownErrorText(notEnabled) ?? '', /not enabled/);
  assert.match(knownErrorText(refused) ?? '', /ECONNREFUSED.*proxy/);
  assert.match(knownErrorText(region) ?? '', /signing region/);
  assert.equal(knownErrorText(other), 'RDS refused the request (result code 500123).');
});

test('every display language, English too, gets the sentence of the kind (the client words stay in the log)', () => {
  const env = stubVscode.env as { language: string };
  try {
    env.language = 'en';
    assert.equal(errorMessage(notEnabled), knownErrorText(notEnabled));
    env.language = 'ko';
    assert.equal(errorMessage(notEnabled), knownErrorText(notEnabled));
    // A result code of RDS: the kind (the service's words, when it sent some, quoted after it).
    assert.equal(errorMessage(other), 'RDS refused the request (result code 500123).');
  } finally {
    env.language = 'en';
  }
});

test('a server that would hold the extension host is named in the display language (issue 62, item 4)', () => {
  const api = (code: string, service: 'storage' | 'rds' = 'storage', operation = 'storage.listObjects') =>
    new ApiError({ service, operation, code, message: `English ${code}` });
  // The operation stays in the log (issue 63, defect 3).
  assert.match(knownErrorText(api('TooSlow', 'rds', 'rds.listDbInstances')) ?? '', /too slowly/);
  assert.doesNotMatch(knownErrorText(api('TooSlow', 'rds', 'rds.listDbInstances')) ?? '', /rds\.listDbInstances/);
  assert.match(knownErrorText(api('AnswerTooLarge', 'rds', 'rds.listEvents')) ?? '', /larger/);
  assert.match(knownErrorText(api('MarkerRepeated')) ?? '', /same continuation marker twice/);
  assert.match(knownErrorText(api('NoProgress')) ?? '', /no progress/);
  assert.match(knownErrorText(api('ListingCeiling')) ?? '', /nhncloud\.storage\.maxListedKeys/);
  assert.doesNotMatch(knownErrorText(api('ListingCeiling', 'rds', 'rds.listBackups')) ?? '', /maxListedKeys/);
});

// Issue 63, defect 3 ("network.updateFloatingIp: not found (HTTP 404): Port ... could not be
// found...", "the service refused the request (HTTP 400)"): every failure of the clients' error
// mappings, made over real loopback HTTP against the sandbox, reads in the display language, with
// no operation id, and with the service's own words only as a quoted detail after the sentence.
const OPERATION_ID = /\b(?:rds|network|identity|storage|oauth)\.[a-z][A-Za-z]+\b/;
const ko = JSON.parse(readFileSync(join(__dirname, '../../../l10n/bundle.l10n.ko.json'), 'utf8')) as Record<
  string,
  string
>;

async function inLanguage<T>(lang: 'en' | 'ko', fn: () => T): Promise<T> {
  const l10n = stubVscode.l10n as { t: (m: string, ...a: unknown[]) => string };
  const env = stubVscode.env as { language: string };
  const english = l10n.t;
  try {
    env.language = lang;
    if (lang === 'ko') l10n.t = (m: string, ...a: unknown[]) => english(ko[m] ?? m, ...a);
    return fn();
  } finally {
    l10n.t = english;
    env.language = 'en';
  }
}

test('every error mapping of the clients reads in en and ko without an operation id (issue 63, defect 3)', async () => {
  const sb = await startSandbox({ timeScale: 20 });
  try {
    const transport = new Transport({
      userAgent: 'nhncloud-explorer-test',
      timeouts: { headers: 15_000, connect: 2_000, body: 5_000 },
      retries: { max: 0, baseDelayMs: 1, maxDelayMs: 5 },
      redactor: new Redactor(),
    });
    const s = sb.sandboxProfile().secrets;
    const rds = new RdsClient({
      baseUrl: `${sb.url}/rds/kr1`,
      credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
      transport,
    });
    const identity = new IdentityClient({
      baseUrl: `${sb.url}/identity`,
      tenantId: SANDBOX_IDENTITY.tenantId,
      username: SANDBOX_IDENTITY.username,
      password: SANDBOX_IDENTITY.password,
      transport,
    });
    const network = new NetworkClient({ baseUrl: `${sb.url}/network/kr1`, identity });
    const s3 = new S3Client({
      baseUrl: `${sb.url}/storage/kr1`,
      accessKey: SANDBOX_EC2.access,
      secretKey: SANDBOX_EC2.secret,
      transport,
    });
    const ips = (await network.listFloatingIps()) as Array<{ id: string }>;
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['rds.listDbInstances', () => rds.listDbInstances()],
      ['network.listFloatingIps', () => network.listFloatingIps()],
      [
        'network.updateFloatingIp',
        () => network.updateFloatingIp({ floatingIpId: ips[0].id, body: { port_id: null } }),
      ],
      ['storage.listBuckets', () => s3.listBuckets()],
    ];
    const faults: Array<Record<string, unknown>> = [
      { status: 400 },
      { status: 404 },
      { status: 409 },
      { status: 413 },
      { status: 422 },
      { status: 429 },
      { status: 500 },
      { status: 503 },
      { malformed: true },
      { drop: true },
      { resultCode: 50123, resultMessage: 'The request could not be processed.' },
    ];
    const caught: Array<[string, unknown]> = [];
    for (const [op, call] of calls)
      for (const f of faults) {
        if (f.resultCode && !op.startsWith('rds.')) continue;
        // Object storage waits out its request limit (429, 503) for minutes by design (requestLimit.test.ts).
        if (op.startsWith('storage.') && (f.status === 429 || f.status === 503)) continue;
        sb.faults.inject({ operation: op, ...f });
        try {
          await call();
          caught.push([`${op} ${JSON.stringify(f)}`, new Error('did not fail')]);
        } catch (e) {
          caught.push([`${op} ${JSON.stringify(f)}`, e]);
        } finally {
          sb.faults.clear();
        }
      }
    // The case of the issue: a floating IP attached to a port that does not exist.
    try {
      await network.updateFloatingIp({
        floatingIpId: ips[0].id,
        body: { port_id: '00000000-0000-4000-8000-000000000000' },
      });
    } catch (e) {
      caught.push(['network.updateFloatingIp unknown port', e]);
    }
    const port = caught.at(-1)![1] as { detail?: string; status?: number };
    assert.equal(port.status, 404, 'the sandbox refuses the unknown port');
    assert.match(port.detail ?? '', /could not be found/);

    const problems: string[] = [];
    for (const lang of ['en', 'ko'] as const)
      for (const [what, err] of caught) {
        const text = await inLanguage(lang, () => errorText(err));
        if (!text) {
          problems.push(`${lang} ${what}: no sentence for ${String(err)}`);
          continue;
        }
        if (OPERATION_ID.test(text)) problems.push(`${lang} ${what}: names the operation: ${text}`);
        const detail = (err as { detail?: string }).detail;
        if (detail && !text.includes(`"${detail.trim().replace(/\s+/g, ' ')}`))
          problems.push(`${lang} ${what}: the service's words are not quoted: ${text}`);
        if (detail && text.startsWith(detail)) problems.push(`${lang} ${what}: the service's words are the sentence`);
        const sentence = detail ? text.slice(0, text.indexOf('"')) : text;
        if (lang === 'ko' && !/[\uac00-\ud7a3]/.test(sentence)) problems.push(`ko ${what}: not Korean: ${text}`);
      }
    assert.deepEqual(problems, []);
    const ko404 = await inLanguage('ko', () => errorText(caught.at(-1)![1]));
    assert.match(
      ko404 ?? '',
      /^NHN Cloud에서 요청한 대상을 찾지 못했습니다\(HTTP 404\)\..* "Port 00000000-0000-4000-8000-000000000000 could not be found\.?"$/,
    );
  } finally {
    await sb.close();
  }
});

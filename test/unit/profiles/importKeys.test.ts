// The S3 key-pair import of the profile wizard: the AWS shared credentials file and rclone's
// configuration as people write them, and hostile ones (missing sections and keys, comments,
// CRLF, a BOM, keys before any section, an encrypted rclone file, a remote of another type).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findS3KeyPairs,
  keyFilePaths,
  parseAwsCredentials,
  parseIni,
  parseRcloneConfig,
} from '../../../src/profiles/importKeys';

const pairs = (list: ReturnType<typeof parseAwsCredentials>) => list.map((p) => [p.name, p.accessKey, p.secretKey]);

test('AWS credentials: each profile with both keys, in file order', () => {
  const text = [
    '[default]',
    'aws_access_key_id = AKIADEFAULT',
    'aws_secret_access_key = secret/default+1',
    '',
    '[nhn]',
    'aws_access_key_id=d4e2c9a1b7f34c55',
    'aws_secret_access_key=6b1f8e2a9c4d47e0',
    'region = KR1',
  ].join('\n');
  assert.deepEqual(pairs(parseAwsCredentials(text)), [
    ['default', 'AKIADEFAULT', 'secret/default+1'],
    ['nhn', 'd4e2c9a1b7f34c55', '6b1f8e2a9c4d47e0'],
  ]);
});

test('AWS credentials, hostile: comments, CRLF, BOM, keys before any section, missing keys, upper case, a section twice', () => {
  const text =
    '\uFEFF' +
    [
      'aws_access_key_id = ORPHAN',
      'aws_secret_access_key = ORPHANSECRET',
      '# a comment',
      '; another = comment',
      '[  spaced  ]',
      '  AWS_ACCESS_KEY_ID   =   SPACEDKEY  ',
      'AWS_SECRET_ACCESS_KEY=SPACEDSECRET',
      '[only-id]',
      'aws_access_key_id = LONELY',
      '[empty-secret]',
      'aws_access_key_id = K',
      'aws_secret_access_key =',
      '[two parts]',
      'aws_access_key_id = FIRST',
      '[broken',
      'no equals sign here',
      '[two parts]',
      'aws_secret_access_key = SECOND',
      '[with space value]',
      'aws_access_key_id = A B',
      'aws_secret_access_key = C',
    ].join('\r\n');
  assert.deepEqual(pairs(parseAwsCredentials(text)), [
    ['spaced', 'SPACEDKEY', 'SPACEDSECRET'],
    ['two parts', 'FIRST', 'SECOND'],
  ]);
  assert.deepEqual(parseAwsCredentials(''), []);
  assert.deepEqual(parseAwsCredentials('[]\naws_access_key_id=a\naws_secret_access_key=b'), [], 'a nameless section');
  // Old Mac line ends (CR alone) split lines too.
  assert.equal(parseIni('[a]\rk=v').get('a')?.get('k'), 'v');
});

test('rclone: the S3 remotes with both keys, their endpoint and provider; other remotes and encrypted files give none', () => {
  const text = [
    '[nhn-kr1]',
    'type = s3',
    'provider = Other',
    'access_key_id = d4e2c9a1',
    'secret_access_key = 6b1f8e2a',
    'endpoint = https://kr1-api-object-storage.nhncloudservice.com',
    '',
    '[gdrive]',
    'type = drive',
    'access_key_id = not-s3',
    'secret_access_key = not-s3',
    '',
    '[env-auth]',
    'type = s3',
    'env_auth = true',
    '',
    '[crlf]\r',
    'type = s3\r',
    'access_key_id = CRLFKEY\r',
    'secret_access_key = CRLFSECRET\r',
  ].join('\n');
  const remotes = parseRcloneConfig(text);
  assert.deepEqual(
    remotes.map((r) => [r.name, r.accessKey, r.secretKey, r.endpoint, r.provider]),
    [
      ['nhn-kr1', 'd4e2c9a1', '6b1f8e2a', 'https://kr1-api-object-storage.nhncloudservice.com', 'Other'],
      ['crlf', 'CRLFKEY', 'CRLFSECRET', undefined, undefined],
    ],
  );
  const encrypted = '# Encrypted rclone configuration File\n\nRCLONE_ENCRYPT_V0:\nq3XJ5ddc/WyhG0Gg2xrgJmWX8Jx0=\n';
  assert.deepEqual(parseRcloneConfig(encrypted), []);
});

test('the files are found where the AWS CLI and rclone look; a missing file gives no pair', async () => {
  assert.deepEqual(keyFilePaths({}, '/home/u', 'linux'), {
    aws: '/home/u/.aws/credentials',
    rclone: '/home/u/.config/rclone/rclone.conf',
  });
  assert.deepEqual(
    keyFilePaths({ AWS_SHARED_CREDENTIALS_FILE: '/x/creds', RCLONE_CONFIG: '/y/r.conf' }, '/home/u', 'linux'),
    { aws: '/x/creds', rclone: '/y/r.conf' },
  );
  assert.equal(keyFilePaths({ XDG_CONFIG_HOME: '/cfg' }, '/home/u', 'linux').rclone, '/cfg/rclone/rclone.conf');
  assert.equal(keyFilePaths({ APPDATA: 'C:\\AppData' }, 'C:\\u', 'win32').rclone.startsWith('C:\\AppData'), true);
  const dir = mkdtempSync(join(tmpdir(), 'keys-'));
  try {
    const aws = join(dir, 'credentials');
    writeFileSync(aws, '[default]\naws_access_key_id=A\naws_secret_access_key=B\n');
    const found = await findS3KeyPairs({ aws, rclone: join(dir, 'missing.conf') });
    assert.deepEqual(
      found.map((p) => [p.source, p.name]),
      [['aws', 'default']],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Edit Metadata's decisions (src/storage/objectMetadata.ts): what several objects share, each
// object's headers after the changes (unchanged fields its own), and the checks made before
// anything is written. The writing itself is tested against the S3 servers in copy.test.ts.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type { ObjectInfo } from '../../../src/client/storage/client';
import {
  changeCount,
  changedHeaders,
  headerValueProblem,
  metadataKeyProblem,
  metadataSizeProblem,
  sharedHeaders,
} from '../../../src/storage/objectMetadata';

const info = (o: Partial<ObjectInfo>): ObjectInfo => ({ size: 1, metadata: {}, ...o });

test('what several objects share: one value, none, or several; metadata keys with how many objects have them', () => {
  const a = info({ contentType: 'text/plain', cacheControl: 'no-cache', metadata: { owner: 'kim', team: 'db' } });
  const b = info({ contentType: 'text/plain', metadata: { owner: 'lee' } });
  const s = sharedHeaders([a, b]);
  assert.deepEqual(s.fields.contentType, { value: 'text/plain' });
  assert.deepEqual(s.fields.cacheControl, { several: true }, 'one has it, one not: several');
  assert.deepEqual(s.fields.contentDisposition, { value: undefined });
  assert.deepEqual(s.metadata.get('owner'), { several: true, on: 2 });
  assert.deepEqual(s.metadata.get('team'), { several: true, on: 1 });
  assert.equal(s.count, 2);
  assert.deepEqual(sharedHeaders([a]).metadata.get('team'), { value: 'db', on: 1 });
});

test("each object's headers after the changes: a changed field as given (null removes it), the others its own", () => {
  const a = info({ contentType: 'text/plain', cacheControl: 'max-age=5', metadata: { owner: 'kim', team: 'db' } });
  const b = info({ contentType: 'image/png', metadata: { owner: 'lee' } });
  const changes = {
    fields: { cacheControl: null, contentDisposition: 'inline' },
    metadata: { team: null, reviewed: 'yes' },
  };
  assert.equal(changeCount(changes), 4);
  assert.deepEqual(changedHeaders(a, changes), {
    contentType: 'text/plain',
    contentDisposition: 'inline',
    metadata: { owner: 'kim', reviewed: 'yes' },
  });
  assert.deepEqual(changedHeaders(b, changes), {
    contentType: 'image/png',
    contentDisposition: 'inline',
    metadata: { owner: 'lee', reviewed: 'yes' },
  });
});

test('checked before sending: ASCII header values, a content type shape, metadata keys, the 2 KB limit', () => {
  assert.equal(headerValueProblem('cacheControl', 'max-age=3600, public'), undefined);
  assert.equal(headerValueProblem('contentType', ''), undefined, 'empty removes the header');
  assert.match(headerValueProblem('contentType', 'text') ?? '', /type\/subtype/);
  assert.equal(headerValueProblem('contentType', 'application/json; charset=utf-8'), undefined);
  assert.match(
    headerValueProblem('contentDisposition', 'attachment; filename="보고서.pdf"') ?? '',
    /filename\*=UTF-8''%EB%B3%B4%EA%B3%A0%EC%84%9C\.pdf/,
    'a non-ASCII file name: the RFC 5987 form is offered',
  );
  assert.match(headerValueProblem('cacheControl', 'max-age=1\n') ?? '', /ASCII/);
  assert.equal(metadataKeyProblem('reviewed-by'), undefined);
  assert.match(metadataKeyProblem('Reviewed By') ?? '', /lower-case letters/);
  assert.match(metadataKeyProblem('owner', ['owner']) ?? '', /already there/);
  assert.match(metadataKeyProblem('') ?? '', /Type a key/);
  assert.equal(metadataSizeProblem({ note: 'x'.repeat(2000) }), undefined);
  assert.match(metadataSizeProblem({ note: '한'.repeat(300) }) ?? '', /2\d\d\d bytes; an object holds at most 2048/);
});

// The Content-Type of a new object or an uploaded file (src/storage/contentTypes.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentTypeFor, UNKNOWN_CONTENT_TYPE } from '../../../src/storage/contentTypes';

test('by the file name from the standard table; text says UTF-8; unknown or no extension is octet-stream', () => {
  assert.equal(contentTypeFor('notes.txt'), 'text/plain; charset=utf-8');
  assert.equal(contentTypeFor('docs/README.md'), 'text/markdown; charset=utf-8');
  assert.equal(contentTypeFor('/home/u/photo.JPG'), 'image/jpeg');
  assert.equal(contentTypeFor('data.json'), 'application/json');
  assert.equal(contentTypeFor('index.html'), 'text/html; charset=utf-8');
  assert.equal(contentTypeFor('archive.tar.gz'), 'application/gzip');
  assert.equal(contentTypeFor('Makefile'), UNKNOWN_CONTENT_TYPE);
  assert.equal(contentTypeFor('.bashrc'), UNKNOWN_CONTENT_TYPE, 'a leading dot is a hidden name, not an extension');
  assert.equal(contentTypeFor('dump.xyz-unknown'), UNKNOWN_CONTENT_TYPE);
});

test("the user's table wins, with or without the dot, in any case; empty or non-text values are ignored", () => {
  assert.equal(contentTypeFor('app.log', { '.log': 'text/plain' }), 'text/plain');
  assert.equal(contentTypeFor('APP.LOG', { LOG: 'text/x-log' }), 'text/x-log');
  assert.equal(contentTypeFor('notes.txt', { txt: '  ' }), 'text/plain; charset=utf-8');
  assert.equal(contentTypeFor('notes.txt', { txt: 42 as unknown as string }), 'text/plain; charset=utf-8');
  assert.equal(contentTypeFor('Makefile', { '': 'text/plain' }), UNKNOWN_CONTENT_TYPE);
});

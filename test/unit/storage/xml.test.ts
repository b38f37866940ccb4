// The S3 XML reader faces answers from any server (and later, hostile ones): no entity
// expansion, bounded nesting and size, the standard escapes decoded exactly once.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { escapeXml, list, MAX_XML_BYTES, parseXml, text } from '../../../src/client/storage/xml';

describe('S3 XML', () => {
  it('decodes the five escapes and character references once, keeping spaces of keys', () => {
    const x = parseXml(
      '<?xml version="1.0"?><ListBucketResult><Contents><Key> a&amp;b&lt;c&gt;&quot;&apos;&#233;&#x1F600;&amp;amp; </Key></Contents></ListBucketResult>',
    );
    assert.equal(text(list(x.ListBucketResult, 'Contents')[0], 'Key'), ' a&b<c>"\'é😀&amp; ');
    assert.equal(parseXml('<a>&unknown; &#0;</a>').a, '&unknown; &#0;');
  });

  it('escapes what it writes so that it reads back the same', () => {
    const key = 'a&b<c>d"e\'f\u0001';
    const x = parseXml(`<Delete><Object><Key>${escapeXml(key)}</Key></Object></Delete>`);
    assert.equal(text(list(x.Delete, 'Object')[0], 'Key'), key);
  });

  it('refuses document type declarations (entity expansion), deep nesting and huge answers', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><Error><Code>&lol2;</Code></Error>';
    assert.throws(() => parseXml(bomb), /document type/);
    const deep = '<a>'.repeat(200) + '</a>'.repeat(200);
    assert.throws(() => parseXml(deep));
    assert.throws(() => parseXml('<a>' + 'x'.repeat(MAX_XML_BYTES + 1) + '</a>'), /larger than/);
  });

  it('reads one root <Error> as an element and the <Error> list of DeleteResult as a list', () => {
    const e = parseXml('<Error><Code>NoSuchKey</Code></Error>');
    assert.equal(text(e, 'Error') !== undefined, true);
    assert.equal(text(e.Error, 'Code'), 'NoSuchKey');
    const d = parseXml('<DeleteResult><Error><Key>k</Key><Code>AccessDenied</Code></Error></DeleteResult>');
    assert.equal(list(d.DeleteResult, 'Error').length, 1);
  });
});

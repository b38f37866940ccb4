// The iconv-lite stand-in of the bundled driver (scripts/shims/iconvLite.cjs) decodes what the real
// iconv-lite decodes for the charsets a server may use: CESU-8 (mysql2's name for utf8mb3, which
// MariaDB 11 names in every handshake) byte for byte like iconv-lite, the others through TextDecoder.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(__filename);
const shim = require('../../../../scripts/shims/iconvLite.cjs');
const iconv = require('iconv-lite');

const SAMPLES = [
  '',
  'mysql_native_password',
  '11.8.3-MariaDB-0+deb13u1 from Debian',
  '한국어 테이블 · 日本語のカラム', // BMP, some starting with the byte ED (U+D000..U+D7FF)
  '힣힢', // U+D7A3, U+D7A2: ED 9E xx, not surrogates
  'emoji 😀 and 𝄞 between', // above U+FFFF: surrogate pairs as two 3-byte sequences
  '😀😀😀',
  '\u00ff\u0800\uffff',
];

test('CESU-8 decodes like iconv-lite (BMP, Hangul from ED 80..9F, surrogate pairs)', () => {
  for (const text of SAMPLES) {
    const bytes: Buffer = iconv.encode(text, 'cesu8');
    const decoder = shim.getDecoder('cesu8');
    const got = decoder.write(bytes) + (decoder.end() ?? '');
    assert.equal(got, iconv.decode(bytes, 'cesu8'), JSON.stringify(text));
    assert.equal(got, text);
  }
  assert.equal(shim.encodingExists('cesu8'), true);
  assert.equal(shim.encodingExists('CESU8'), true);
});

test('other charsets go through TextDecoder; an unknown one is reported missing', () => {
  const euckr = iconv.encode('한국어', 'euc-kr');
  assert.equal(shim.decode(euckr, 'euc-kr'), '한국어');
  assert.equal(shim.encodingExists('no-such-charset'), false);
  assert.throws(() => shim.getEncoder('cesu8'), /UTF-8/);
});

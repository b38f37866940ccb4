// The limits of the S3 XML reader (src/client/storage/xml.ts) rule by rule, at their exact
// boundaries: the size cap, no document type, the nesting pre-check (what counts as a level and
// what does not), the parser's own settings, short error messages and the decoding of character
// references. xmlHostile.test.ts throws hostile documents at it under a fixed heap; this file
// fails when any one rule is weakened (npm run test:mutation proves it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeXmlText, escapeXml, MAX_XML_BYTES, parseXml } from '../../../src/client/storage/xml';

const nested = (levels: number, inner = 'x') => `${'<a>'.repeat(levels)}${inner}${'</a>'.repeat(levels)}`;
const refused = (text: string, message: string | RegExp) =>
  assert.throws(
    () => parseXml(text),
    (e: unknown) =>
      typeof message === 'string' ? (e as Error).message === message : message.test((e as Error).message),
  );

test('an answer of exactly 8 MiB passes the size cap; one byte more is refused before anything else', () => {
  assert.equal(MAX_XML_BYTES, 8 * 1024 * 1024);
  // A document type declaration padded to the cap: refused by the next rule, so the size rule let
  // it through (and the test parses no 8 MiB document, which would make each mutant's run slow).
  const atCap = `<!DOCTYPE a>${' '.repeat(MAX_XML_BYTES - '<!DOCTYPE a>'.length)}`;
  assert.equal(atCap.length, MAX_XML_BYTES);
  refused(atCap, 'XML answer with a document type declaration refused');
  refused(`${atCap} `, `XML answer larger than ${MAX_XML_BYTES} bytes`);
});

test('a document type or entity declaration is refused, in any case', () => {
  refused('<!DOCTYPE a><a/>', 'XML answer with a document type declaration refused');
  refused('<!doctype a><a/>', 'XML answer with a document type declaration refused');
  refused('<a><!ENTITY x "y"></a>', 'XML answer with a document type declaration refused');
  refused('<a><!entity x "y"></a>', 'XML answer with a document type declaration refused');
});

test('32 nested elements are read; 33 are refused by the pre-check with its own message', () => {
  assert.ok(parseXml(nested(32)));
  assert.ok(parseXml(`  ${nested(32)}`), 'text before the first element is no level');
  refused(nested(33), 'XML answer nested deeper than 32 elements refused');
  refused(` ${nested(33)}`, 'XML answer nested deeper than 32 elements refused');
  refused(`${'<a>'.repeat(33)}`, 'XML answer nested deeper than 32 elements refused');
});

test('closing tags, self-closing elements, comments, declarations and processing instructions are no level', () => {
  assert.ok(parseXml(`<r>${'<a></a>'.repeat(40)}</r>`), 'siblings do not add up');
  assert.ok(
    parseXml(`${'<a>'.repeat(31)}${'<b/>'.repeat(5)}${'</a>'.repeat(31)}`),
    'self-closing elements at level 32',
  );
  assert.ok(
    parseXml(`<?xml version="1.0"?>${'<a>'.repeat(32)}<!-- c --><!-- d --><?pi x?>${'</a>'.repeat(32)}`),
    'comments and PIs inside level 32',
  );
  refused(`${'<a>'.repeat(32)}<b></b>${'</a>'.repeat(32)}`, 'XML answer nested deeper than 32 elements refused');
});

test('an element never closed by ">" ends the pre-check; the parser then refuses the document', () => {
  assert.throws(
    () => parseXml(`${'<a>'.repeat(32)}<b`),
    (e: unknown) => !/nested deeper/.test((e as Error).message),
  );
  assert.throws(
    () => parseXml('<a><b'),
    (e: unknown) => !/nested deeper/.test((e as Error).message),
  );
});

test('malformed documents are refused by the parser with a short message, not its raw error', () => {
  refused('<a><b></a>', /^Expected closing tag 'b'/);
  refused('', /^Start tag expected/);
  const long = `<${'a'.repeat(300)}>`;
  assert.throws(
    () => parseXml(long),
    (e: unknown) => (e as Error).message.length === 200 && (e as Error).message.startsWith('Unclosed tag'),
  );
});

test('the parser: no attributes, no namespace prefixes, values kept as text, no entities, no declaration or PI nodes', () => {
  assert.deepEqual(parseXml('<a x="1"><b y="2">t</b></a>'), { a: { b: 't' } });
  assert.deepEqual(parseXml('<s3:A xmlns:s3="ns"><s3:B>t</s3:B></s3:A>'), { A: { B: 't' } });
  assert.deepEqual(parseXml('<a><n>007</n><t>true</t><s> x </s></a>'), { a: { n: '007', t: 'true', s: ' x ' } });
  assert.deepEqual(parseXml('<a>&nbsp;&copy;</a>'), { a: '&nbsp;&copy;' });
  assert.deepEqual(parseXml('<?xml version="1.0"?><?pi x?><a>t</a>'), { a: 't' });
});

test('list elements are arrays below the root even when one is present; a root <Error> is one element', () => {
  for (const name of [
    'Bucket',
    'Contents',
    'CommonPrefixes',
    'Upload',
    'Part',
    'Deleted',
    'Error',
    'Grant',
    'Object',
  ]) {
    const x = parseXml(`<R><${name}><K>v</K></${name}></R>`) as any;
    assert.ok(Array.isArray(x.R[name]), name);
  }
  assert.deepEqual(parseXml('<Error><Code>NoSuchKey</Code></Error>'), { Error: { Code: 'NoSuchKey' } });
  assert.deepEqual(parseXml('<R><Other>v</Other></R>'), { R: { Other: 'v' } });
});

test('character references are decoded up to U+10FFFF; zero and beyond stay as written', () => {
  assert.equal(decodeXmlText('&#x10FFFF;'), '\u{10FFFF}');
  assert.equal(decodeXmlText('&#1114111;'), '\u{10FFFF}');
  assert.equal(decodeXmlText('&#x110000;&#1114112;&#0;&#x0;'), '&#x110000;&#1114112;&#0;&#x0;');
  assert.equal(decodeXmlText('&#1;'), '\u0001');
  assert.equal(decodeXmlText('&amp;lt;'), '&lt;', 'decoded once');
});

test('the five predefined escapes are decoded by hand, exactly once, also inside parsed documents', () => {
  assert.equal(decodeXmlText('&lt;&gt;&amp;&quot;&apos;'), '<>&"\'');
  assert.equal(decodeXmlText('no escapes'), 'no escapes');
  assert.deepEqual(parseXml('<a>x&amp;y&lt;z&gt;&quot;&apos;&#233;</a>'), { a: 'x&y<z>"\'é' });
  assert.deepEqual(parseXml('<a>&amp;lt;</a>'), { a: '&lt;' }, 'the parser itself decodes nothing');
});

test('what the client writes: &, < and > escaped, quotes literal, control characters as references', () => {
  assert.equal(escapeXml('a&b<c>d"e\'f'), 'a&amp;b&lt;c&gt;d"e\'f');
  assert.equal(escapeXml('\u0000\u0001\u0008\u000b\u000c\u000e\u001f'), '&#0;&#1;&#8;&#11;&#12;&#14;&#31;');
  assert.equal(escapeXml('tab\tnew\nline\rok é'), 'tab\tnew\nline\rok é');
});

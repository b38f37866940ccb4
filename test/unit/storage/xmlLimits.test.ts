// The limits of the S3 XML reader (src/client/storage/xml.ts) rule by rule, at their exact
// boundaries: the size cap, no document type, the nesting pre-check (what counts as a level and
// what does not), the parser's own settings, short error messages and the decoding of character
// references. xmlHostile.test.ts throws hostile documents at it under a fixed heap; this file
// fails when any one rule is weakened (npm run test:mutation proves it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeXml, MAX_XML_BYTES, parseXml } from '../../../src/client/storage/xml';

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
  // The parser's message, where in the document (line:column), nothing more.
  refused('<a><b></a>', /^1:10: unexpected close tag\.$/);
  refused('', /document must contain a root element/);
  refused('<a>x</a><b/>', /only one root/);
  refused('text', /text data outside of root node/);
  const long = `<${'a'.repeat(300)}>`;
  assert.throws(
    () => parseXml(long),
    (e: unknown) => (e as Error).message.length === 200 && /^1:302: unclosed tag/.test((e as Error).message),
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
    assert.deepEqual(x.R[name], [{ K: 'v' }], name);
  }
  assert.deepEqual(parseXml('<Error><Code>NoSuchKey</Code></Error>'), { Error: { Code: 'NoSuchKey' } });
  assert.deepEqual(parseXml('<R><Other>v</Other></R>'), { R: { Other: 'v' } });
});

test('character references are decoded up to U+10FFFF; zero and beyond stay as written', () => {
  const read = (body: string) => parseXml(`<a>${body}</a>`).a;
  assert.equal(read('&#x10FFFF;&#1114111;'), '\u{10FFFF}\u{10FFFF}');
  assert.equal(read('&#x110000;&#1114112;&#0;&#x0;'), '&#x110000;&#1114112;&#0;&#x0;');
  // The control characters XML 1.0 cannot refer to are read all the same (S3 servers write them).
  assert.equal(read('&#1;&#x1F;&#x0b;&#27;&#9;&#13;'), '\u0001\u001f\u000b\u001b\t\r');
  assert.equal(read('&amp;#1;'), '&#1;', 'decoded once');
  // Told to the parser as entities of their own names: a document may not define them itself.
  assert.throws(() => parseXml('<!ENTITY nhncloud-control-1 "x"><a/>'), /document type/);
});

test('the five predefined escapes are decoded exactly once, and undefined entities stay as written', () => {
  assert.deepEqual(parseXml('<a>x&amp;y&lt;z&gt;&quot;&apos;&#233;</a>'), { a: 'x&y<z>"\'é' });
  assert.deepEqual(parseXml('<a>&amp;lt;</a>'), { a: '&lt;' }, 'decoded once');
  assert.deepEqual(parseXml('<a>&nbsp;&copy;</a>'), { a: '&nbsp;&copy;' });
});

test('an element named __proto__ is a key like any other, not the prototype', () => {
  const x = parseXml('<a><__proto__>p</__proto__><b>t</b></a>') as { a: Record<string, unknown> };
  assert.equal(Object.getPrototypeOf(x.a), Object.prototype);
  assert.equal(x.a['__proto__' as string], 'p');
  assert.deepEqual(Object.keys(x.a), ['__proto__', 'b']);
  assert.equal(x.a.b, 't');
  // Repeated, it is an array like any repeated element.
  const y = parseXml('<a><__proto__>p</__proto__><__proto__>q</__proto__></a>') as { a: Record<string, unknown> };
  assert.deepEqual(y.a['__proto__' as string], ['p', 'q']);
});

test('text and CDATA of an element are its value; what surrounds the root is nothing', () => {
  assert.deepEqual(parseXml('<a><![CDATA[x<y]]>&amp;z</a>\n '), { a: 'x<y&z' });
});

test('XML 1.0 rules whatever the declaration says: raw C1 controls and U+2028 are kept', () => {
  assert.deepEqual(parseXml('<?xml version="1.1"?><K>a\u0080b\u2028c\u0085d</K>'), { K: 'a\u0080b\u2028c\u0085d' });
});

test('a repeated element that is no list becomes an array of its values, in order', () => {
  assert.deepEqual(parseXml('<R><K>1</K><K>2</K><K>3</K></R>'), { R: { K: ['1', '2', '3'] } });
  // Names an object inherits are elements like any other.
  assert.deepEqual(parseXml('<R><constructor>c</constructor><toString>t</toString></R>'), {
    R: { constructor: 'c', toString: 't' },
  });
});

test('what the client writes: &, < and > escaped, quotes literal, control characters as references', () => {
  assert.equal(escapeXml('a&b<c>d"e\'f'), 'a&amp;b&lt;c&gt;d"e\'f');
  assert.equal(escapeXml('\u0000\u0001\u0008\u000b\u000c\u000e\u001f'), '&#0;&#1;&#8;&#11;&#12;&#14;&#31;');
  assert.equal(escapeXml('tab\tnew\nline\rok é'), 'tab\tnew\nline&#13;ok é');
  // Read back exactly: a raw carriage return would be read as a line feed (XML's end-of-line rule).
  const key = 'a\rb\r\nc\u0001\u0085\u2028\u0080';
  assert.equal(parseXml(`<K>${escapeXml(key)}</K>`).K, key);
});

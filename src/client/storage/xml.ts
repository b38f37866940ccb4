// XML of the S3 protocol: a parser configured for hostile input, and the few request
// bodies the client writes. The parser never expands entities (no DTD, no billion laughs);
// the five predefined XML escapes and numeric character references are decoded by hand,
// since object keys such as `a&b` arrive as `a&amp;b`.
import { XMLParser } from 'fast-xml-parser';

/**
 * Largest XML answer accepted. A 1000-key listing of 1 KB keys is about 1.4 MB; 8 MiB leaves room
 * for heavy escaping. Parsing runs on the extension host's thread and costs about a second per
 * few MB on a slow machine, so the cap is also the bound on how long a hostile answer can stall it.
 */
export const MAX_XML_BYTES = 8 * 1024 * 1024;

/** Deepest element nesting accepted (S3 answers nest 4 levels at most). */
const MAX_XML_DEPTH = 32;

/** Elements that are lists even when only one is present. */
const LIST_ELEMENTS = new Set([
  'Bucket',
  'Contents',
  'CommonPrefixes',
  'Upload',
  'Part',
  'Deleted',
  'Error',
  'Grant',
  'Object',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  // Keys may begin or end with spaces: keep text exactly.
  trimValues: false,
  processEntities: false,
  // Stryker disable next-line BooleanLiteral: without processEntities the parser replaces no entity, HTML or not
  htmlEntities: false,
  // Stryker disable next-line BooleanLiteral: ignorePiTags drops the <?xml ...?> declaration as well
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
  // The root <Error> of an error answer is one element; <Error> inside DeleteResult is a list.
  isArray: (name, jPath) => LIST_ELEMENTS.has(name) && String(jPath).includes('.'),
  tagValueProcessor: (_name, value) => decodeXmlText(value),
});

export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

/** Parses an XML document; throws a plain Error on anything malformed or too large. */
export function parseXml(text: string): XmlNode {
  if (text.length > MAX_XML_BYTES) throw new Error(`XML answer larger than ${MAX_XML_BYTES} bytes`);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('XML answer with a document type declaration refused');
  // Checked before the parser runs: its validator keeps a stack of every open element and,
  // for a document that never closes them, writes that whole stack into its error message
  // (a 3 MB answer of `<a><a><a>...` costs hundreds of MB before anything is refused).
  if (nestingTooDeep(text, MAX_XML_DEPTH))
    throw new Error(`XML answer nested deeper than ${MAX_XML_DEPTH} elements refused`);
  let out: unknown;
  try {
    out = parser.parse(text, true);
  } catch (err) {
    // The parser's messages can quote large parts of the input: keep them short for logs and people.
    throw new Error(String((err as Error).message ?? err).slice(0, 200));
  }
  // Stryker disable next-line all: the parser's validator refuses a document without a root element first; this stays as a guard of the cast below
  if (!out || typeof out !== 'object') throw new Error('XML answer without a root element');
  return out as XmlNode;
}

/** True when elements nest deeper than `limit`; a linear scan that allocates nothing. */
function nestingTooDeep(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 47 /* </ */) depth--;
    else if (next !== 33 /* <! */ && next !== 63 /* <? */) {
      const end = text.indexOf('>', i);
      // Stryker disable next-line EqualityOperator: end is never 0 (text[i] is '<'), so < 0 and <= 0 agree
      if (end < 0) return false;
      if (text.charCodeAt(end - 1) !== 47 /* /> */ && ++depth > limit) return true;
    }
  }
  return false;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXmlText(s: string): string {
  // Stryker disable next-line all: a shortcut only, the replace below finds nothing without '&'
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (m, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** Escapes element text (quotes stay literal, as S3 writes them; never used for attributes). */
export const escapeXml = (s: string): string =>
  s
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
    // Control characters cannot appear literally in XML 1.0 text.
    // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => `&#${c.charCodeAt(0)};`);

// ---- small typed readers over the parsed tree ----
// Stryker disable all: the readers below are not a protection (the mutation set covers the limits
// above); xml.test.ts and the storage client tests check them.

export function child(node: XmlValue, name: string): XmlValue {
  return node && typeof node === 'object' && !Array.isArray(node) ? node[name] : undefined;
}

export function text(node: XmlValue, name: string): string | undefined {
  const v = child(node, name);
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : undefined;
  // An element with only whitespace or an empty element parses as '' or an object.
  const t = v['#text'];
  return typeof t === 'string' ? t : '';
}

export function list(node: XmlValue, name: string): XmlNode[] {
  const v = child(node, name);
  if (v === undefined) return [];
  const arr = Array.isArray(v) ? v : [v];
  return arr.map((x) =>
    typeof x === 'object' && x && !Array.isArray(x) ? x : { '#text': typeof x === 'string' ? x : '' },
  );
}

export const bool = (s: string | undefined): boolean => s?.trim().toLowerCase() === 'true';

export function int(s: string | undefined, fallback = 0): number {
  const n = Number(s?.trim());
  return Number.isFinite(n) ? n : fallback;
}

export const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

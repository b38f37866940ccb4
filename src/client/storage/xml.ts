// XML of the S3 protocol: a strict parser (saxes) for hostile input, and the few request bodies
// the client writes. Nothing is ever expanded (a document type declaration is refused before the
// parser runs); the five predefined escapes and character references are decoded, an entity the
// document does not define stays as written (`&nbsp;`), since object keys such as `a&b` arrive as
// `a&amp;b` and a server may write more than XML defines.
//
// saxes replaced fast-xml-parser (November 2026): a 1,000-key listing (250 KB) took about 59 ms to
// read with it and its validator, and 7 to 8 ms with saxes building the same tree on this machine;
// the big bucket's CPU profile had the XML parse as the largest part of each page's time in the
// extension host (npm run bench -- --only bucket --profile, docs/performance.md).
import { SaxesParser } from 'saxes';

/**
 * Largest XML answer accepted. A 1000-key listing of 1 KB keys is about 1.4 MB; 8 MiB leaves room
 * for heavy escaping. Parsing runs on the extension host's thread, so the cap is also the bound on
 * how long a hostile answer can hold it.
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

export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

/**
 * What the parser reports and the reader lets pass: an entity the document does not define and a
 * character reference to no character (`&#0;`) are kept as written, as they came.
 */
const KEPT_AS_WRITTEN = /undefined entity|malformed character entity/;

/**
 * XML 1.0 has no character reference to the control characters below the space but tab, line
 * feed and carriage return, and S3 servers write them anyway for such characters in keys (AWS S3
 * does, and so do this client and the sandbox through escapeXml). Each such reference becomes an
 * entity of its own, told to the parser, so the key reads back exactly; every other reference is
 * the parser's.
 */
function controlRefsAsEntities(text: string, entities: Record<string, string>): string {
  // Stryker disable next-line all: a shortcut only; without '&#' the replace below finds nothing
  if (!text.includes('&#')) return text;
  return text.replace(/&#(?:x0*([0-9a-fA-F]{1,2})|0*([0-9]{1,2}));/g, (ref, hex?: string, dec?: string) => {
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    // No character: kept as written, as the parser keeps it.
    if (code === 0) return ref;
    // Stryker disable next-line all: the parser reads these itself, to the same character an entity gives
    if (code > 31 || code === 9 || code === 10 || code === 13) return ref;
    entities[`nhncloud-control-${code}`] = String.fromCharCode(code);
    return `&nhncloud-control-${code};`;
  });
}

/**
 * An element being read: its name, and its text until its first child element, then the children
 * read so far (its text between them is layout, never kept). The object is made only for an
 * element that has children: most of a listing's elements are leaves (Key, Size, ETag...), and an
 * object and a growing string for each were a tenth of what parsing a 1,000-key listing allocated
 * (4,421 KiB, then 3,978; saxes's own objects are most of the rest).
 */
interface Open {
  name: string;
  node: XmlNode | undefined;
  text: string;
}

/** Adds `value` under `name`: lists below the root always as arrays, a repeated element as one. */
function put(parent: XmlNode, name: string, value: XmlValue, belowRoot: boolean): void {
  const had = Object.hasOwn(parent, name) ? parent[name] : undefined;
  // The arrays are this parser's own (a value read is a string or an object), so they grow in place.
  if (Array.isArray(had)) return void had.push(value);
  const next = had === undefined ? (belowRoot && LIST_ELEMENTS.has(name) ? [value] : value) : [had, value];
  // An element named `__proto__` is a key like any other, never the prototype (defineProperty for
  // every name would build the same object, only slower).
  // Stryker disable next-line ConditionalExpression: see above
  if (name === '__proto__') Object.defineProperty(parent, name, { value: next, enumerable: true, configurable: true });
  else parent[name] = next;
}

/** Parses an XML document; throws a plain Error on anything malformed or too large. */
export function parseXml(text: string): XmlNode {
  if (text.length > MAX_XML_BYTES) throw new Error(`XML answer larger than ${MAX_XML_BYTES} bytes`);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('XML answer with a document type declaration refused');
  // Checked before the parser runs, in one pass that allocates nothing: a document that never
  // closes its elements is refused before any of them is built.
  if (nestingTooDeep(text, MAX_XML_DEPTH))
    throw new Error(`XML answer nested deeper than ${MAX_XML_DEPTH} elements refused`);
  // XML 1.0 whatever the declaration says (1.1 refuses the C1 controls a key may hold raw, and
  // reads U+2028 as a line end); the control characters 1.0 cannot refer to are read as entities.
  const parser = new SaxesParser({ defaultXMLVersion: '1.0', forceXMLVersion: true });
  text = controlRefsAsEntities(text, parser.ENTITIES);
  const root: XmlNode = {};
  const stack: Open[] = [];
  parser.on('error', (err) => {
    if (!KEPT_AS_WRITTEN.test(err.message)) throw err;
  });
  parser.on('opentag', (tag) => {
    const top = stack.at(-1);
    if (top) top.node ??= {};
    // Without its namespace prefix (`s3:Key` is `Key`).
    stack.push({ name: tag.name.slice(tag.name.indexOf(':') + 1), node: undefined, text: '' });
  });
  // Text outside the root element (the line end after it) belongs to nothing, and so does the
  // text of an element that has children.
  const addText = (t: string) => {
    const top = stack.at(-1);
    if (top && !top.node) top.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const done = stack.pop()!;
    // An element of elements is an object; one without is its text.
    const value: XmlValue = done.node ?? done.text;
    put(stack.at(-1)?.node ?? root, done.name, value, stack.length > 0);
  });
  try {
    parser.write(text).close();
  } catch (err) {
    // Short for logs and people: a message may quote the input.
    throw new Error((err as Error).message.slice(0, 200));
  }
  return root;
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

/** Escapes element text (quotes stay literal, as S3 writes them; never used for attributes). */
export const escapeXml = (s: string): string =>
  s
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
    // Control characters cannot appear literally in XML 1.0 text, and a carriage return would be
    // read back as a line feed (XML's end-of-line rule): both as references.
    // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids, and CR
    .replace(/[\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f]/g, (c) => `&#${c.charCodeAt(0)};`);

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

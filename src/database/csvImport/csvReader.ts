// A CSV file read as records, streamed (issue 29, item 4): decoded from its encoding (UTF-8 with
// or without a BOM, UTF-16 by its BOM, EUC-KR, Shift_JIS... anything the platform's TextDecoder
// knows), parsed by Papa Parse (RFC 4180: quoted fields with delimiters, quotes and line breaks
// inside, CRLF, LF or CR), never read whole. An unquoted empty field and `\N` (what MySQL writes)
// are SQL NULL; a quoted empty field ("") is an empty string. vscode-free.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ParseStepResult } from 'papaparse';
import { l10n } from '../../shared/l10n';
import { loadCsvParser } from '../connection/driver';

/** A field as read: text, or NULL (unquoted empty, or \N). */
export type CsvField = string | null;

export interface CsvOptions {
  delimiter: string;
  /** A label TextDecoder knows: utf-8, utf-16le, euc-kr, shift_jis... */
  encoding: string;
  /** The first record names the columns. */
  header: boolean;
}

export interface CsvRecord {
  /** The line the record starts on, from 1 (what a person finds in an editor). */
  line: number;
  fields: CsvField[];
}

/** Delimiters offered and guessed, in order of preference. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;

/** Encodings offered (TextDecoder labels). */
export const ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'euc-kr',
  'shift_jis',
  'euc-jp',
  'gb18030',
  'big5',
  'windows-1252',
];

function decoder(encoding: string): TextDecoder {
  try {
    // A BOM is dropped by the decoder (ignoreBOM false).
    return new TextDecoder(encoding, { fatal: false });
  } catch {
    throw new Error(l10n.t('This computer cannot decode the encoding {0}: choose another.', encoding));
  }
}

/** The line break of a file's text: the first one outside quoted fields. */
function lineBreakOf(text: string): '\n' | '\r\n' | '\r' {
  const m = /\r\n|\r|\n/.exec(text.replace(/"(?:[^"]|"")*"/g, ''));
  return (m?.[0] as '\n' | '\r\n' | '\r' | undefined) ?? '\n';
}

/**
 * How many line breaks a record's text holds (CRLF is one, as an editor counts): the one it ends
 * with, and those inside its quoted fields (counted only when there is one: most records have none).
 */
function breaksIn(raw: string, lineBreak: string): number {
  const body = raw.endsWith(lineBreak) ? raw.length - lineBreak.length : raw.length;
  const n = raw.indexOf('\n');
  const r = raw.indexOf('\r');
  const inside = (n !== -1 && n < body) || (r !== -1 && r < body);
  return (inside ? (raw.slice(0, body).match(/\r\n|\r|\n/g)?.length ?? 0) : 0) + (body < raw.length ? 1 : 0);
}

/**
 * The records of `file` after the header (if any), a chunk of the file's records at a time (one
 * promise per 256 KB read, not one per record: an import of 100,000 rows spends a fifth less
 * time collecting garbage). `onBytes` hears how many bytes
 * were read so far (progress); `signal` stops the reading. Papa Parse's core parser takes the
 * text chunk by chunk (a record cut by a chunk's end waits for the next chunk), and says where
 * each record ends: the record's own text, between the previous end and its end, tells its line
 * and which of its fields were quoted.
 */
export async function* readCsv(
  file: string,
  opts: CsvOptions,
  hooks: { onBytes?(bytes: number): void; signal?: AbortSignal } = {},
): AsyncGenerator<CsvRecord[]> {
  const { Parser } = loadCsvParser();
  const text = decoder(opts.encoding);
  let parser: InstanceType<typeof Parser> | undefined;
  let lineBreak = '\n';
  let input = '';
  let recordStart = 0;
  let line = 1;
  let skipHeader = opts.header;
  let out: CsvRecord[] = [];
  let problem: string | undefined;
  const step = (result: ParseStepResult<string[]>) => {
    const raw = input.slice(recordStart, result.meta.cursor);
    recordStart = result.meta.cursor;
    const at = line;
    line += breaksIn(raw, lineBreak);
    if (result.errors.length) problem ??= l10n.t('Line {0} is not CSV: {1}', at, result.errors[0].message);
    // The core Parser hands `step` the rows it parsed (one), not the row itself as Papa.parse does.
    const record = (result.data as unknown as string[][])[0];
    if (problem || (record.length === 1 && record[0] === '' && !raw.startsWith('"'))) return; // an empty line
    if (skipHeader) {
      skipHeader = false;
      return;
    }
    const quoted = record.includes('') ? quotedFields(raw, opts.delimiter) : undefined;
    // In place: the parser's array is the record's (one array less per row to collect).
    const fields = record as CsvField[];
    for (let i = 0; i < fields.length; i++)
      if (fields[i] === '\\N' || (fields[i] === '' && !quoted?.[i])) fields[i] = null;
    out.push({ line: at, fields });
  };
  /** Parses what `input` holds; unless `last`, a record cut at its end is left for the next chunk. */
  const parse = (last: boolean) => {
    // The line break is read from the first one the file has.
    if (!parser && !last && !/[\r\n]/.test(input)) return;
    parser ??= new Parser({ delimiter: opts.delimiter, newline: (lineBreak = lineBreakOf(input)), step });
    recordStart = 0;
    const { meta } = parser.parse(input, 0, !last) as { meta: { cursor: number } };
    input = input.slice(last ? input.length : meta.cursor);
    if (problem) throw new Error(problem);
  };
  let bytes = 0;
  for await (const chunk of createReadStream(file, { signal: hooks.signal, highWaterMark: 256 * 1024 })) {
    bytes += (chunk as Buffer).length;
    hooks.onBytes?.(bytes);
    input += text.decode(chunk as Buffer, { stream: true });
    parse(false);
    if (out.length) yield out;
    out = [];
  }
  input += text.decode();
  if (input) parse(true);
  if (out.length) yield out;
}

/**
 * Which fields of a record's text were quoted: only the first character of each field is looked
 * at (Papa Parse has parsed the values; this recovers the one thing it does not say, so
 * that an unquoted empty field is NULL and a quoted "" an empty string).
 */
export function quotedFields(raw: string, delimiter: string): boolean[] {
  const out: boolean[] = [];
  let i = 0;
  const n = raw.length;
  for (;;) {
    const quoted = raw[i] === '"';
    out.push(quoted);
    if (quoted) {
      i++;
      // To the closing quote ("" is a quote inside).
      while (i < n && !(raw[i] === '"' && raw[i + 1] !== '"')) i += raw[i] === '"' ? 2 : 1;
      i++;
    }
    while (i < n && raw[i] !== delimiter && raw[i] !== '\r' && raw[i] !== '\n') i++;
    if (i >= n || raw[i] !== delimiter) return out;
    i++;
  }
}

export interface CsvGuess {
  encoding: string;
  delimiter: string;
  /** The header's names (or column1, column2... when the first line looks like data). */
  header: boolean;
  names: string[];
}

/** How many of each delimiter a line holds outside quotes. */
function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

/**
 * A first guess of a file's encoding (a BOM; else UTF-8 if its first 64 KB decode as UTF-8; else
 * `fallback`, the legacy encoding of the person's language), delimiter (the one every one of the
 * first lines holds the same number of times) and header (a first line with no number in it).
 */
export async function guessCsv(file: string, fallback: string): Promise<CsvGuess> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  let encoding = 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) encoding = 'utf-16le';
  else if (head[0] === 0xfe && head[1] === 0xff) encoding = 'utf-16be';
  else if (!(head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)) {
    try {
      // A character cut at the 64 KB boundary is not a reason to doubt UTF-8: drop the tail.
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    } catch {
      encoding = fallback;
    }
  }
  const text = new TextDecoder(encoding).decode(head).replace(/^\uFEFF/, '');
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 20);
  if (lines.length > 1 && text.length === head.length) lines.pop(); // possibly cut
  let delimiter: string = ',';
  let best = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const consistent = counts.length > 0 && counts.every((c) => c === counts[0]) && counts[0] > 0;
    const score = consistent ? counts[0] * 10 : Math.min(...counts);
    if (score > best) {
      best = score;
      delimiter = d;
    }
  }
  const { parse } = loadCsvParser();
  const firstRecord = parse<string[]>(lines[0] ?? '', { delimiter }).data[0] ?? [];
  // A header names things: no field of it is a number.
  const header =
    firstRecord.length > 0 && firstRecord.every((f) => f.trim() !== '' && !/^[+-]?\d+([.,]\d+)?$/.test(f.trim()));
  return {
    encoding,
    delimiter,
    header,
    names: header ? firstRecord.map((f) => f.trim()) : firstRecord.map((_, i) => `column${i + 1}`),
  };
}

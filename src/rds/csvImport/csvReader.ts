// A CSV file read as records, streamed (issue 29, item 4): decoded from its encoding (UTF-8 with
// or without a BOM, UTF-16 by its BOM, EUC-KR, Shift_JIS... anything the platform's TextDecoder
// knows), parsed by csv-parse (RFC 4180: quoted fields with delimiters, quotes and line breaks
// inside, CRLF or LF), never read whole. An unquoted empty field and `\N` (what MySQL writes)
// are SQL NULL; a quoted empty field ("") is an empty string. vscode-free.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
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
    return new TextDecoder(encoding, { fatal: false });
  } catch {
    throw new Error(l10n.t('This computer cannot decode the encoding {0}: choose another.', encoding));
  }
}

/**
 * The records of `file` after the header (if any), one by one. `onBytes` hears how many bytes
 * were read so far (progress); `signal` stops the reading.
 */
export async function* readCsv(
  file: string,
  opts: CsvOptions,
  hooks: { onBytes?(bytes: number): void; signal?: AbortSignal } = {},
): AsyncGenerator<CsvRecord> {
  const { parse } = loadCsvParser();
  const text = decoder(opts.encoding);
  let bytes = 0;
  const decode = new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      hooks.onBytes?.(bytes);
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, text.decode());
    },
  });
  const parser = parse({
    delimiter: opts.delimiter,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    // The record's text as written: whether an empty field was quoted is read from it (csv-parse's
    // `cast` tells it too, but makes parsing four times slower: 5.3 s instead of 1.3 s for 100,000
    // rows of six columns here).
    raw: true,
  });
  const source = createReadStream(file, { signal: hooks.signal });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(decode).pipe(parser);
  let first = true;
  // csv-parse says the line a record ends on, counting a CRLF inside a quoted field as two lines:
  // the line a record starts on is its end less the line breaks inside its fields.
  let doubled = 0;
  for await (const item of parser as AsyncIterable<{ record: string[]; raw: string; info: { lines: number } }>) {
    let inside = 0;
    let empty = false;
    for (const f of item.record) {
      if (!f) {
        empty = true;
        continue;
      }
      doubled += f.split('\r\n').length - 1;
      inside += f.match(/\r\n|\r|\n/g)?.length ?? 0;
    }
    const line = item.info.lines - doubled - inside;
    if (first && opts.header) {
      first = false;
      continue;
    }
    first = false;
    const quoted = empty ? quotedFields(item.raw, opts.delimiter) : undefined;
    const fields: CsvField[] = item.record.map((f, i) => (f === '\\N' || (f === '' && !quoted?.[i]) ? null : f));
    yield { line, fields };
  }
}

/**
 * Which fields of a record's text were quoted: only the first character of each field is looked
 * at (csv-parse has parsed the values; this recovers the one thing its fast path does not say, so
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
  const firstRecord = await new Promise<string[]>((resolve) => {
    const p = parse(lines[0] ?? '', { delimiter, relax_quotes: true, relax_column_count: true }, (err, rows) =>
      resolve(err ? [] : ((rows as string[][])[0] ?? [])),
    );
    p.on('error', () => resolve([]));
  });
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

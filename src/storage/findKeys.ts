// Find in Bucket (issue 30, item 4): which keys of a bucket (or below a prefix) match what the
// person typed, a part of a key or a glob, found while the listing goes on page by page. S3 can
// only list by prefix, so every key below the prefix is listed once (1,000 a request) and kept
// as it comes; a new pattern is matched against the keys listed so far at once, and the listing
// goes on. vscode-free.
import picomatch from 'picomatch';
import type { ObjectEntry, S3Client } from '../client/storage/client';

/** Glob characters: a pattern with one of them is a glob, else a part of a key. */
const GLOB = /[*?[\]{}]/;

/**
 * Whether a key (relative to the searched prefix) matches `pattern`: a glob as picomatch reads it
 * (`*.log` with no slash matches the last part of the key, `2026/**\/x-*.csv` the whole); or a
 * part of the key, ignoring case unless the pattern has a capital letter (smart case).
 */
export function keyMatcher(pattern: string): (key: string) => boolean {
  const p = pattern.trim();
  if (!p) return () => true;
  if (GLOB.test(p)) return picomatch(p, { dot: true, basename: !p.includes('/') });
  if (/[A-Z]/.test(p)) return (key) => key.includes(p);
  const lower = p.toLowerCase();
  return (key) => key.toLowerCase().includes(lower);
}

/** Every object below `prefix`, a page at a time (flat: no delimiter), until `signal` stops it. */
export async function* listAllKeys(
  s3: S3Client,
  bucket: string,
  prefix: string,
  signal?: AbortSignal,
): AsyncGenerator<ObjectEntry[]> {
  for await (const page of s3.listObjects({ bucket, prefix, maxKeys: 1000 }, { signal })) {
    yield page.contents;
    // Stopped while the page was looked at: the next page is never asked for.
    if (signal?.aborted) return;
  }
}

/** The keys listed so far and the matches among them, kept as the listing and the pattern change. */
export class KeySearch {
  private readonly listed: ObjectEntry[] = [];
  private matcher: (key: string) => boolean = () => true;
  private found: ObjectEntry[] = [];

  constructor(private readonly prefix: string) {}

  get listedCount(): number {
    return this.listed.length;
  }

  get matches(): readonly ObjectEntry[] {
    return this.found;
  }

  /** A new pattern: matched against every key listed so far. */
  setPattern(pattern: string): void {
    this.matcher = keyMatcher(pattern);
    this.found = this.listed.filter((e) => this.isMatch(e));
  }

  /** A page arrived: its matches join the others. */
  add(page: ObjectEntry[]): void {
    for (const e of page) {
      this.listed.push(e);
      if (this.isMatch(e)) this.found.push(e);
    }
  }

  private isMatch(e: ObjectEntry): boolean {
    // A folder marker (a key ending in /) is not a result.
    return !e.key.endsWith('/') && this.matcher(e.key.slice(this.prefix.length));
  }
}

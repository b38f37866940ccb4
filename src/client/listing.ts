// The bounds of a listing read page after page (issue 62, item 4): the server's continuation
// marker must be new each time (a marker seen before would start a loop: A, B, A, B...), a page
// must bring something or point somewhere new (a long run of empty pages is no progress), and
// one listing reads at most a ceiling of entries, which a person can raise. Each listing loop
// of the client (S3 objects, multipart uploads and parts, RDS pages) keeps one ListingGuard and
// tells it every page; what it throws says what the server did.
import { ApiError, CLIENT_CODES, type Service } from './errors';

/** Entries one listing reads at most unless the caller says otherwise (`nhncloud.storage.maxListedKeys`). */
export const DEFAULT_MAX_LISTED = 1_000_000;
/** The setting that raises the ceiling of object listings; the ceiling's message names it. */
export const MAX_LISTED_SETTING = 'nhncloud.storage.maxListedKeys';
/**
 * Empty pages in a row that still point to a next one before a listing is called stuck. S3 may
 * answer an empty page now and then (AWS does, over many delete markers); a hundred in a row is a
 * server that does not advance.
 */
export const MAX_EMPTY_PAGES = 100;

export interface ListingBounds {
  /** Entries (keys, folders, parts, uploads, items) one listing may read; default DEFAULT_MAX_LISTED. */
  maxListed?: number;
  /** The setting a person raises the ceiling with, named in the message (none: no setting named). */
  setting?: string;
}

/** Codes of the errors a ListingGuard throws (src/shared/errorText.ts says them again in the display language). */
export const LISTING_CODES = {
  repeated: CLIENT_CODES.markerRepeated,
  noProgress: CLIENT_CODES.noProgress,
  ceiling: CLIENT_CODES.listingCeiling,
} as const;

export class ListingGuard {
  private readonly seen = new Set<string>();
  private listed = 0;
  private pages = 0;
  private emptyInARow = 0;
  private readonly max: number;

  /**
   * `first`: the marker the listing starts from, if any (a server that answers it again as the
   * next one has not moved).
   */
  constructor(
    private readonly service: Service,
    private readonly operation: string,
    private readonly bounds: ListingBounds = {},
    first?: string,
  ) {
    this.max = bounds.maxListed ?? DEFAULT_MAX_LISTED;
    if (first !== undefined && first !== '') this.seen.add(first);
  }

  /**
   * One page read: `entries` it brought; `next`, the marker of the page after it, when the server
   * says the listing goes on (`truncated`). Throws when the listing passed its ceiling, when the
   * server goes on without a marker or with one it gave before, or after too many empty pages.
   */
  page(entries: number, truncated: boolean, next?: string): void {
    this.pages++;
    this.listed += entries;
    if (this.listed > this.max) throw this.ceiling();
    if (!truncated) return;
    if (next === undefined || next === '')
      throw this.fail(
        LISTING_CODES.noProgress,
        `the server said the listing goes on after page ${this.pages} but named no marker to go on from`,
      );
    if (this.seen.has(next))
      throw this.fail(
        LISTING_CODES.repeated,
        `the server returned the same continuation marker twice: ${quote(next)} (page ${this.pages}, ${this.listed} entries read); the listing would never end`,
      );
    this.seen.add(next);
    this.emptyInARow = entries ? 0 : this.emptyInARow + 1;
    if (this.emptyInARow >= MAX_EMPTY_PAGES)
      throw this.fail(
        LISTING_CODES.noProgress,
        `the server returned ${this.emptyInARow} pages in a row with nothing in them, each pointing to another; the listing made no progress`,
      );
  }

  /** Entries read so far. */
  get count(): number {
    return this.listed;
  }

  private ceiling(): ApiError {
    const raise = this.bounds.setting
      ? `List a narrower prefix, or raise the setting ${this.bounds.setting}.`
      : 'List a narrower part.';
    return new ApiError({
      service: this.service,
      operation: this.operation,
      code: LISTING_CODES.ceiling,
      message: `${this.operation}: the listing passed ${this.max.toLocaleString('en-US')} entries, the most one listing reads${this.bounds.setting ? ` (${this.bounds.setting})` : ''}, and was stopped there. ${raise}`,
    });
  }

  private fail(code: string, what: string): ApiError {
    return new ApiError({
      service: this.service,
      operation: this.operation,
      code,
      message: `${this.operation}: ${what}. The listing was stopped; try again later, and if it persists, the server is at fault (the log has each request).`,
    });
  }
}

/** A marker as a message shows it: quoted, its control characters escaped, at most 100 characters. */
function quote(marker: string): string {
  const shown = JSON.stringify(marker);
  return shown.length > 102 ? `${shown.slice(0, 100)}…"` : shown;
}

// Edit Metadata (issue 30, item 5): the headers objects are served with (Content-Type,
// Cache-Control, Content-Disposition, Content-Encoding) and their user metadata, read from each
// object's HEAD answer, shown as one set for one object or many (a field whose objects differ is
// "several values", kept per object unless changed), changed, then written as a copy of each
// object onto itself with the REPLACE directive (the bytes untouched). vscode-free: the command
// (./commands/metadata.ts) asks, this decides.
import type { ObjectHeaders, ObjectInfo } from '../client/storage/client';
import { l10n, plural } from '../shared/l10n';

/** The served headers Edit Metadata shows, in order, with their HTTP names. */
export const HEADER_FIELDS = [
  ['contentType', 'Content-Type'],
  ['cacheControl', 'Cache-Control'],
  ['contentDisposition', 'Content-Disposition'],
  ['contentEncoding', 'Content-Encoding'],
] as const;

export type HeaderField = (typeof HEADER_FIELDS)[number][0];

/** S3's limit on user metadata: keys and values, in UTF-8 bytes, at most 2 KB per object. */
export const USER_METADATA_LIMIT = 2048;

/** What the selected objects hold for one field: one value (or none), or several. */
export type Shared = { value: string | undefined } | { several: true };

export interface SharedHeaders {
  fields: Record<HeaderField, Shared>;
  /** Each user metadata key any of the objects has, with how many have it. */
  metadata: Map<string, Shared & { on: number }>;
  count: number;
}

/** Changes to make: a value to set, or null to remove; anything not named is kept per object. */
export interface MetadataChanges {
  fields: Partial<Record<HeaderField, string | null>>;
  metadata: Record<string, string | null>;
}

export const noChanges = (): MetadataChanges => ({ fields: {}, metadata: {} });

export const changeCount = (c: MetadataChanges): number =>
  Object.keys(c.fields).length + Object.keys(c.metadata).length;

function shared(values: (string | undefined)[]): Shared {
  const first = values[0];
  return values.every((v) => v === first) ? { value: first } : { several: true };
}

/** What the objects have in common (their HEAD answers). */
export function sharedHeaders(infos: ObjectInfo[]): SharedHeaders {
  const fields = Object.fromEntries(
    HEADER_FIELDS.map(([f]) => [f, shared(infos.map((i) => i[f] || undefined))]),
  ) as Record<HeaderField, Shared>;
  const keys = [...new Set(infos.flatMap((i) => Object.keys(i.metadata)))].sort();
  const metadata = new Map(
    keys.map((k) => {
      const on = infos.filter((i) => k in i.metadata).length;
      return [k, { ...shared(infos.map((i) => i.metadata[k])), on }] as const;
    }),
  );
  return { fields, metadata, count: infos.length };
}

/** One object's headers after the changes: changed fields as given, the others its own. */
export function changedHeaders(info: ObjectInfo, changes: MetadataChanges): ObjectHeaders {
  const out: ObjectHeaders = {};
  for (const [f] of HEADER_FIELDS) {
    const v = f in changes.fields ? changes.fields[f] : info[f];
    if (v) out[f] = v;
  }
  const metadata: Record<string, string> = { ...info.metadata };
  for (const [k, v] of Object.entries(changes.metadata)) {
    if (v === null) delete metadata[k];
    else metadata[k] = v;
  }
  out.metadata = metadata;
  return out;
}

/** Why a value cannot be a header's (printable ASCII: HTTP sends headers as such), or undefined. */
export function headerValueProblem(field: HeaderField, value: string): string | undefined {
  if (!value) return undefined; // empty: the header is removed
  if (/[^\x20-\x7e]/.test(value))
    return field === 'contentDisposition'
      ? l10n.t(
          "Header values are ASCII: write a non-ASCII file name as filename*=UTF-8''{0}.",
          encodeURIComponent(/filename="?([^";]*)/.exec(value)?.[1] ?? 'name'),
        )
      : l10n.t('Header values are ASCII: {0} holds a character outside it.', value);
  if (field === 'contentType' && !/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(value))
    return l10n.t('A content type is type/subtype, such as text/plain or application/json; charset=utf-8.');
  return undefined;
}

/** Why a user metadata key cannot be used, or undefined (S3 keeps them lower case). */
export function metadataKeyProblem(key: string, existing: Iterable<string> = []): string | undefined {
  if (!key) return l10n.t('Type a key.');
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(key))
    return l10n.t('A metadata key is lower-case letters, digits, - and _ (it becomes the header x-amz-meta-{0}).', key);
  if ([...existing].includes(key)) return l10n.t('{0} is already there: pick it to change its value.', key);
  return undefined;
}

/** Why an object's user metadata would be refused (over 2 KB), or undefined. */
export function metadataSizeProblem(metadata: Record<string, string>): string | undefined {
  const bytes = Object.entries(metadata).reduce(
    (n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(encodeURIComponent(v)),
    0,
  );
  return bytes > USER_METADATA_LIMIT
    ? plural(
        bytes,
        l10n.t('User metadata would be {0} byte; an object holds at most {1}.', bytes, USER_METADATA_LIMIT),
        l10n.t('User metadata would be {0} bytes; an object holds at most {1}.', bytes, USER_METADATA_LIMIT),
      )
    : undefined;
}

// The Content-Type an object gets when the extension writes it: a new object or an uploaded
// file by its name (the standard types of the `mime` package, the IANA and Apache registries),
// unless the user's `nhncloud.storage.contentTypes` says otherwise for that extension. An
// object saved from the editor keeps the type it had (objectFs.ts), never a guess.
import mime from 'mime/lite';

/** Without a known extension: what S3 servers assume for a body they cannot name. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/**
 * `overrides`: extension (with or without the dot, any case) → type, e.g. `{ ".log": "text/plain" }`.
 * Text types say UTF-8, the encoding the editor writes, so a browser shows Korean text as such.
 */
export function contentTypeFor(name: string, overrides: Record<string, string> = {}): string {
  // A key or a local path (Windows separators too): the last segment's extension.
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  for (const [k, v] of Object.entries(overrides))
    if (ext && k.replace(/^\./, '').toLowerCase() === ext && typeof v === 'string' && v.trim()) return v.trim();
  const type = (ext && mime.getType(ext)) || UNKNOWN_CONTENT_TYPE;
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

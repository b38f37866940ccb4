// Zod issues as the forms and ValidationError show them.
import type * as z from 'zod/mini';
import type { FieldIssue } from '../../errors';

/** Zod issues as {path, message} for forms and ValidationError (`backup.backupSchedules[0].backupWndBgnTime`). */
export function fieldIssues(schema: z.ZodMiniType, value: unknown): FieldIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return expandUnknownKeys(result.error.issues).map((i) => ({ path: formatPath(i.path), message: ownWords(i) }));
}

/**
 * zod's own words for a check without a message of ours ("Invalid input: expected object"), said
 * as our schemas say theirs, "<field> <rule>", so that a form names the field by its label
 * (src/panels/model/issueText.ts).
 */
function ownWords(i: Issue): string {
  if (!/^Invalid input/.test(i.message) || !i.path.length) return i.message;
  return `${formatPath(i.path)} ${i.input === undefined ? 'is required' : 'has a value of the wrong kind'}`;
}

type Issue = {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
  input?: unknown;
  expected?: unknown;
};

/** zod reports all unknown fields of an object as one issue; make it one issue per field, named by its path. */
export function expandUnknownKeys<I extends Issue>(issues: readonly I[]): (I | Issue)[] {
  return issues.flatMap((i): (I | Issue)[] =>
    i.code === 'unrecognized_keys' && i.keys
      ? i.keys.map((key) => ({
          path: [...i.path, key],
          message: `${formatPath([...i.path, key])} is not a field of this request (misspelt?)`,
        }))
      : [i],
  );
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/**
 * The dotted paths a request schema requires (every field not optional, inside objects that are
 * themselves required), in the same form as `fieldIssues` reports them: the form marks exactly
 * these fields, so a field is never checked as required without being shown as such.
 */
export function requiredPaths(schema: z.ZodMiniType): Set<string> {
  const out = new Set<string>();
  const walk = (s: z.ZodMiniType, prefix: string) => {
    const def = (s as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodMiniType> } } })._zod.def;
    if (def.type !== 'object' || !def.shape) return;
    for (const [key, field] of Object.entries(def.shape)) {
      if ((field as unknown as { _zod: { optin?: string } })._zod.optin === 'optional') continue;
      const path = formatPath(prefix ? [prefix, key] : [key]);
      out.add(path);
      walk(field, path);
    }
  };
  walk(schema, '');
  return out;
}

// The building blocks every RDS schema file uses: request field rules (with messages that
// name the field and the rule), the service's enums and limits, query parameter parsing,
// and the tolerant response primitives. Requests are strict: the documented limits, and no
// field the service does not know (a misspelt field is refused, not silently dropped).
// Responses are tolerant (the live service, as observed): unknown fields pass, nullable
// fields may be null or missing, enums are open strings, DateTimes come with or without
// milliseconds and with any offset.
// Namespace import on purpose: with `import { z }` esbuild keeps all of zod (~420 KB, every
// locale); `import * as z` lets it tree-shake down to what is used.
import * as z from 'zod/mini';
import { RDS_REGIONS_OF_ANY_SITE } from '../../sites';
import { DB_ENGINE_TABLE, DB_VERSION_CODE } from '../engines';

type ErrorFn = { error: (iss: { input?: unknown }) => string };
/** "x is required" when missing, otherwise the rule. */
export const msg = (field: string, rule: string): ErrorFn => ({
  error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} ${rule}`),
});

/** An integer within [min, max]; one message for every way of breaking it. */
export const intRange = (field: string, min: number, max: number) => {
  const rule = `must be between ${min} and ${max}`;
  return z.int(msg(field, rule)).check(z.minimum(min, `${field} ${rule}`), z.maximum(max, `${field} ${rule}`));
};

/** A string of length [min, max]. */
export const textLength = (field: string, min: number, max: number) => {
  const rule = min === max ? `must be ${min} characters long` : `must be ${min} to ${max} characters long`;
  return z.string(msg(field, rule)).check(z.minLength(min, `${field} ${rule}`), z.maxLength(max, `${field} ${rule}`));
};

/**
 * A DB instance's name (and its high-availability standby's) as the service's guide sets it:
 * 1 to 100 letters, digits, - and _, the first a letter (TOAST-DOCS/RDS, "DB Instance").
 */
export const instanceName = (field: string) => {
  const chars = 'must start with a letter and hold only letters, digits, - and _';
  return textLength(field, 1, 100).check(z.regex(/^[A-Za-z][A-Za-z0-9_-]*$/, `${field} ${chars}`));
};

/** Any non-empty string (names, bucket paths, ...). */
export const nonEmpty = (field: string) =>
  z.string(msg(field, 'must be text')).check(z.minLength(1, `${field} must not be empty`));

/** Resource identifiers are UUIDs on the service; the client only insists they are not empty. */
export const id = nonEmpty;

/** Optional free text (no rule beyond being text). */
export const optText = (field: string) => z.optional(z.string(msg(field, 'must be text')));
/** Optional, nullable description. */
export const description = z.optional(z.nullable(z.string(msg('description', 'must be text'))));

export const bool = (field: string) => z.boolean(msg(field, 'must be true or false'));

export const enumOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, msg(field, `must be one of ${values.join(', ')}`));

/** The shape of a value of a service's enum: upper-case words joined by `_` (CACHING_SHA2, PORT_RANGE). */
export const ENUM_VALUE_RE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * A value of an enum the service extends (authority types, port types, plugins): the known values
 * are what forms offer and messages name, but any value of the enum's shape passes, so that one
 * the service added and returned (a user's `CUSTOM` authority) can be sent back unchanged.
 */
export const openEnum = (field: string, known: readonly string[]) => {
  const rule = `must be one of ${known.join(', ')}`;
  return z.string(msg(field, rule)).check(z.regex(ENUM_VALUE_RE, `${field} ${rule}`));
};

export const idList = (field: string) => z.array(id(`${field}[]`), msg(field, 'must be a list of IDs'));

/** `YYYY-MM-DDThh:mm:ss`, optional fraction, optional `Z` / `±hh:mm` / `±hhmm`. */
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** A DateTime in a request: ISO 8601 with an offset, e.g. 2024-03-01T09:00:00+09:00. */
export const dateTimeInput = (field: string) =>
  z
    .string(msg(field, 'must be a date and time such as 2024-03-01T09:00:00+09:00'))
    .check(
      z.regex(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/,
        `${field} must be a date and time with an offset, such as 2024-03-01T09:00:00+09:00`,
      ),
    );

/** The engine versions of the guides' table (./../engines.ts): the fallback list, never a request's limit. */
export const DB_VERSIONS = DB_ENGINE_TABLE.map((e) => e.dbVersion);
/**
 * An engine version in a request: the code's shape (MYSQL_V8046), not a closed list, so that a
 * version the service lists after this was written is accepted (the service decides the rest).
 */
export const dbVersion = (field = 'dbVersion') =>
  z
    .string(msg(field, 'must be an engine version such as MYSQL_V8046'))
    .check(z.regex(DB_VERSION_CODE, `${field} must be an engine version such as MYSQL_V8046`));

/** Authentication plugins each engine supports (first: the default). */
export function authenticationPluginsOf(dbVersion: string): AuthenticationPlugin[] {
  // RDS for MariaDB: every version takes both (its guide's engine table); NATIVE first, as MySQL's.
  if (/^MARIADB_V/.test(dbVersion)) return ['NATIVE', 'ED25519'];
  if (/^MYSQL_V84/.test(dbVersion)) return ['CACHING_SHA2'];
  if (/^MYSQL_V8/.test(dbVersion)) return ['NATIVE', 'CACHING_SHA2'];
  if (dbVersion === 'MYSQL_V5733' || dbVersion === 'MYSQL_V5737') return ['NATIVE', 'SHA256'];
  return ['NATIVE'];
}

/** A region a request may name (RDS's regions on every site: src/client/sites.ts). */
export const REGIONS = RDS_REGIONS_OF_ANY_SITE;
export const BACKUP_WND_DURATIONS = [
  'HALF_AN_HOUR',
  'ONE_HOUR',
  'ONE_HOUR_AND_HALF',
  'TWO_HOURS',
  'TWO_HOURS_AND_HALF',
  'THREE_HOURS',
] as const;
export const AUTHORITY_TYPES = ['READ', 'CRUD', 'DDL', 'CUSTOM', 'ALL'] as const;
/** Both RDS products' plugins: MySQL's three, MariaDB's ED25519 (and NATIVE). */
export const AUTHENTICATION_PLUGINS = ['NATIVE', 'SHA256', 'CACHING_SHA2', 'ED25519'] as const;
export type AuthenticationPlugin = (typeof AUTHENTICATION_PLUGINS)[number];
export const TLS_OPTIONS = ['NONE', 'SSL', 'X509'] as const;
export const LOG_FILE_TYPES = ['ERROR', 'BINLOG', 'GENERAL', 'SLOW_QUERY', 'AUDIT', 'BACKUP'] as const;
export const BACKUP_TYPES = ['AUTO', 'MANUAL'] as const;
export const RESTORE_TYPES = ['TIMESTAMP', 'BINLOG', 'BACKUP'] as const;
/** The events request's vocabulary plus the category list's (the live service, as observed: accept both). */
export const EVENT_CATEGORY_TYPES = [
  'ALL',
  'INSTANCE',
  'BACKUP',
  'DB_SECURITY_GROUP',
  'TENANT',
  'DB_INSTANCE',
  'JOB',
  'MONITORING',
] as const;
export type EventCategoryType = (typeof EVENT_CATEGORY_TYPES)[number];
export const PORT_TYPES = ['DB_PORT', 'PORT', 'PORT_RANGE', 'ALL'] as const;

export const dbPort = intRange('dbPort', 3306, 43306);
export const storageSize = intRange('storageSize', 20, 2048);
export const dbPassword = textLength('dbPassword', 4, 256);
export const dbUserName = textLength('dbUserName', 1, 32);
export const pingInterval = intRange('pingInterval', 1, 600);
export const backupPeriod = intRange('backupPeriod', 0, 730);
export const ftwrlWaitTimeout = intRange('ftwrlWaitTimeout', 0, 21600);
export const backupRetryCount = intRange('backupRetryCount', 0, 10);
export const backupWndBgnTime = z
  .string(msg('backupWndBgnTime', 'must be a time of day in hh:mm:ss form, e.g. 03:00:00'))
  .check(
    z.regex(
      /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
      'backupWndBgnTime must be a time of day in hh:mm:ss form, e.g. 03:00:00',
    ),
  );

/**
 * "When authenticationPlugin is modified, dbPassword must be modified in the same request",
 * and the plugin must be one the engine supports (when the engine is known).
 */
export function pluginRules(
  v: { authenticationPlugin?: string; dbPassword?: string; dbVersion?: string },
  ctx: { addIssue(i: { code: 'custom'; path: string[]; message: string; input: unknown }): void },
  requirePassword: boolean,
) {
  if (requirePassword && v.authenticationPlugin !== undefined && v.dbPassword === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['dbPassword'],
      message: 'dbPassword is required when authenticationPlugin changes (set a new password in the same request)',
      input: v,
    });
  if (v.authenticationPlugin && v.dbVersion) {
    const ok = authenticationPluginsOf(v.dbVersion);
    if (!ok.includes(v.authenticationPlugin as AuthenticationPlugin))
      ctx.addIssue({
        code: 'custom',
        path: ['authenticationPlugin'],
        message: `authenticationPlugin must be one of ${ok.join(', ')} for ${v.dbVersion}`,
        input: v,
      });
  }
}

export const nameDescription = (field: string) =>
  z.strictObject({ [field]: z.optional(nonEmpty(field)), description } as {
    description: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString>>;
  } & Record<string, z.ZodMiniOptional<z.ZodMiniString>>);

// Query parameters. Values may come typed (the client) or as strings (the sandbox reads
// them from a URL), so numbers accept digit strings and arrays accept a single value.
// Arrays travel as repeated parameters: `?measureNames=CPU_USAGE&measureNames=MYSQL_STATUS`.

export const queryInt = (field: string, min: number, max: number) =>
  z.pipe(
    z.union(
      [z.number(), z.string().check(z.regex(/^-?\d+$/, `${field} must be between ${min} and ${max}`))],
      msg(field, `must be between ${min} and ${max}`),
    ),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      intRange(field, min, max),
    ),
  );
export const queryList = <T extends z.ZodMiniType<string, string>>(field: string, item: T) =>
  z.pipe(
    z.union([z.array(z.string()), z.string()], msg(field, 'must be a list')),
    z.pipe(
      z.transform((v: string | string[]) => (Array.isArray(v) ? v : [v])),
      z.array(item),
    ),
  );

/**
 * A URL's query as the query schemas take it: a repeated parameter becomes an array, a single
 * one stays a string (the schemas accept both for list parameters). For the sandbox.
 */
export function queryFromSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** `page` at least 1 ("page must be at least 1" reads better than a range up to 2^53), `size` 1 to 100. */
export const Paging = {
  page: z.pipe(
    z.union(
      [z.number(), z.string().check(z.regex(/^-?\d+$/, 'page must be a whole number of at least 1'))],
      msg('page', 'must be a whole number of at least 1'),
    ),
    z.pipe(
      z.transform((v: number | string) => Number(v)),
      z.int('page must be a whole number of at least 1').check(z.minimum(1, 'page must be at least 1')),
    ),
  ),
  size: queryInt('size', 1, 100),
};

// Responses (tolerant)

/** A DateTime as the service sends it, kept as the string it was (parse with `parseDateTime`). */
export const DateTime = z.string().check(z.regex(DATE_TIME_RE, 'not a date and time'));
/** A moment as the API's requests take it: YYYY-MM-DDThh:mm:ss.SSS+00:00 (the documented form, in UTC). */
export function toApiDateTime(d: Date): string {
  return d.toISOString().replace('Z', '+00:00');
}
/** Parses any accepted DateTime form; a missing offset means UTC. */
export function parseDateTime(value: string): Date {
  let s = value.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/(?:Z|[+-]\d{2}:\d{2})$/.test(s)) s += 'Z';
  return new Date(s);
}
export const opt = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));
export const str = opt(z.string());
export const num = opt(z.number());
export const flag = opt(z.boolean());
export const when = opt(DateTime);
export const strings = opt(z.array(z.string()));
export const loose = z.looseObject;
/** A list answer `{ <key>: [...] }`; a missing or null list reads as empty. */
export const listOf = <K extends string, T extends z.ZodMiniType>(key: K, item: T) =>
  loose({
    [key]: z.pipe(
      z.optional(z.nullable(z.array(item))),
      z.transform((v) => v ?? []),
    ),
  } as Record<
    K,
    z.ZodMiniPipe<
      z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniArray<T>>>,
      z.ZodMiniTransform<z.output<T>[], z.output<T>[] | null | undefined>
    >
  >);

export const JobIdResponse = loose({ jobId: z.string() });
/** Answers with only `header`. */
export const EmptyResponse = loose({});

export const Job = loose({
  jobId: z.string(),
  jobStatus: z.string(),
  resourceRelations: z.pipe(
    opt(z.array(loose({ resourceType: z.string(), resourceId: z.string() }))),
    z.transform((v) => v ?? []),
  ),
  createdYmdt: when,
  updatedYmdt: when,
});

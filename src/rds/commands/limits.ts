// The documented limits (rds-api-v3.0.md "Limits" and the request tables), as InputBox
// validators: each returns undefined when the text is fine, else a message saying what is
// allowed. Checked BEFORE anything is sent. vscode-free so it is unit-tested.

import { l10n } from '../../shared/l10n';
import * as S from '../../client/rds/schemas';
import { STORAGE_AUTOSCALE_LIMITS } from '../../client/rds/schemas/v4Changed';

import type { Validator } from '../../shared/prompts';
import { issueText } from '../../panels/model/issueText';
import { toApiDateTime } from '../../client/rds/schemas/fields';
export type { Validator };

/** The first issue of the client's own field schema (the single source of the limits). */
function bySchema(
  label: string,
  schema: Parameters<typeof S.fieldIssues>[0],
  toValue: (text: string) => unknown = (t) => t,
): Validator {
  // The schema names the API field ("dbPassword must be 4 to 256 characters long"); the person
  // typing sees the box's own words, in the display language.
  return (text) => {
    const message = S.fieldIssues(schema, toValue(text))[0]?.message;
    return message === undefined ? undefined : issueText(message, label);
  };
}

/** Whole numbers typed in an InputBox, then the client's range schema. */
function intBySchema(label: string, schema: Parameters<typeof S.fieldIssues>[0]): Validator {
  return (text) =>
    /^\s*\d+\s*$/.test(text)
      ? bySchema(label, schema, Number)(text.trim())
      : l10n.t('{0} must be a whole number.', label);
}

function intIn(label: string, min: number, max: number): Validator {
  return (text) => {
    const t = text.trim();
    if (!/^\d+$/.test(t)) return l10n.t('{0} must be a whole number from {1} to {2}.', label, min, max);
    const n = Number(t);
    return n < min || n > max ? l10n.t('{0} must be from {1} to {2}.', label, min, max) : undefined;
  };
}

export const validate = {
  dbPort: intBySchema(l10n.t('The port'), S.dbPort),
  dbPassword: bySchema(l10n.t('The password'), S.dbPassword),
  dbUserName: (text: string) =>
    bySchema(l10n.t('The user name'), S.dbUserName)(text) ??
    (/[\s'"`\\@]/.test(text) ? l10n.t('The user name cannot contain spaces, quotes, @ or backslashes.') : undefined),
  /** MySQL host pattern: `%`, a host name, an IP address, or a pattern with `%` / `_` wildcards. */
  host: bySchema(l10n.t('The host'), S.dbUserHost),
  /** Names of instances, groups, schemas: the console allows letters, digits, "-", "_" and "."; 1 to 100 characters. */
  resourceName: (text: string) =>
    !text.trim()
      ? l10n.t('Enter a name.')
      : text.length > 100
        ? l10n.t('At most 100 characters.')
        : /^[A-Za-z0-9._-]+$/.test(text)
          ? undefined
          : l10n.t('Use letters, digits, ".", "-" and "_" only.'),
  /** MySQL schema identifier: letters, digits, "_" and "$"; at most 64 characters. */
  dbSchemaName: (text: string) =>
    !text
      ? l10n.t('Enter a schema name.')
      : text.length > 64
        ? l10n.t('At most 64 characters (MySQL identifier limit).')
        : /^[A-Za-z0-9_$]+$/.test(text)
          ? undefined
          : l10n.t('Use letters, digits, "_" and "$" only.'),
  description: (text: string) => (text.length > 255 ? l10n.t('At most 255 characters.') : undefined),
  /** 20 to 2048 GB (client schema) and, on modification, not below the current size. */
  storageSize(current: number): Validator {
    return (text) =>
      intBySchema(l10n.t('The storage size (GB)'), S.storageSize)(text) ??
      (Number(text) < current
        ? l10n.t('Storage cannot shrink: enter at least the current {0} GB.', current)
        : undefined);
  },
  /** Storage autoscale (RDS API v4.0): the guide's ranges; the ceiling not below the storage's size. */
  autoscaleThreshold: intIn(
    l10n.t('The usage that grows the storage (%)'),
    STORAGE_AUTOSCALE_LIMITS.threshold.min,
    STORAGE_AUTOSCALE_LIMITS.threshold.max,
  ),
  autoscaleMaxSize: (storageSize: number): Validator =>
    intIn(
      l10n.t('The maximum size (GB)'),
      Math.max(storageSize, STORAGE_AUTOSCALE_LIMITS.maxStorageSize.min),
      STORAGE_AUTOSCALE_LIMITS.maxStorageSize.max,
    ),
  autoscaleCooldown: intIn(
    l10n.t('The pause between growths (minutes)'),
    STORAGE_AUTOSCALE_LIMITS.cooldownTime.min,
    STORAGE_AUTOSCALE_LIMITS.cooldownTime.max,
  ),
  backupPeriod: intBySchema(l10n.t('The retention period (days)'), S.backupPeriod),
  ftwrlWaitTimeout: intBySchema(l10n.t('The FTWRL wait timeout (s)'), S.ftwrlWaitTimeout),
  backupRetryCount: intBySchema(l10n.t('The retry count'), S.backupRetryCount),
  pingInterval: intBySchema(l10n.t('The ping interval (s)'), S.pingInterval),
  /** `hh:mm:ss` (00:00:00 to 23:59:59); `hh:mm` is accepted and completed with `:00`. */
  backupStart: (text: string) =>
    /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text.trim()) ? undefined : l10n.t('Use hh:mm or hh:mm:ss, e.g. 03:00.'),
  port: intIn(l10n.t('The port'), 1, 65535),
  portRange: (text: string) => {
    const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(text);
    if (!m) return l10n.t('Use min-max, e.g. 3306-3310.');
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a < 1 || b > 65535) return l10n.t('Ports go from 1 to 65535.');
    return a > b ? l10n.t('The first port must not be greater than the second.') : undefined;
  },
  cidr: (text: string) =>
    isCidr(text.trim()) ? undefined : l10n.t('Enter a CIDR such as 10.0.0.0/24, 0.0.0.0/0 or 2001:db8::/32.'),
  /** S3 bucket names (the live service, as observed): 3 to 63 characters, lower case, digits, dots and hyphens. */
  bucket: (text: string) =>
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(text)
      ? undefined
      : l10n.t(
          'Bucket names have 3 to 63 characters: lower case, digits, "." and "-", starting and ending with a letter or digit.',
        ),
  objectPath: (text: string) =>
    !text.trim()
      ? l10n.t('Enter an object path, e.g. backups/db01/')
      : text.length > 1024
        ? l10n.t('At most 1024 characters.')
        : undefined,
  keyword: (text: string) => (text.length > 100 ? l10n.t('At most 100 characters.') : undefined),
} as const;

export function isCidr(text: string): boolean {
  const [addr, bits, extra] = text.split('/');
  if (extra !== undefined || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const n = Number(bits);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(addr)) return n <= 32 && addr.split('.').every((o) => Number(o) <= 255);
  if (/^[0-9a-fA-F:]+$/.test(addr) && addr.includes(':')) return n <= 128 && (addr.match(/::/g) ?? []).length <= 1;
  return false;
}

/** `3:00` -> `03:00:00` */
export function normaliseTime(text: string): string {
  const [h, m, s = '00'] = text.trim().split(':');
  return `${h.padStart(2, '0')}:${m}:${s}`;
}

/** Compose a validator list; the first message wins. */
export function all(...vs: Validator[]): Validator {
  return (text) => {
    for (const v of vs) {
      const msg = v(text);
      if (msg) return msg;
    }
    return undefined;
  };
}

/** Authentication plugins an engine version accepts (the client's table of the RDS document). */
export const pluginsFor = S.authenticationPluginsOf;

/** Rules of a DB security group rule (RuleSpec): DB_PORT has no ports and no EGRESS; PORT has min = max. */
export function ruleIssue(rule: {
  direction: string;
  port: { portType: string; minPort?: number | null; maxPort?: number | null };
}): string | undefined {
  const portType = rule.port.portType;
  const minPort = rule.port.minPort ?? undefined;
  const maxPort = rule.port.maxPort ?? undefined;
  if (portType === 'DB_PORT' && rule.direction === 'EGRESS')
    return l10n.t('A DB port rule cannot be outbound (EGRESS): pick a port or a range instead.');
  if (portType === 'PORT' && (minPort === undefined || minPort !== maxPort))
    return l10n.t('A single-port rule needs the same minimum and maximum port.');
  if (portType === 'PORT_RANGE' && (minPort === undefined || maxPort === undefined || minPort > maxPort))
    return l10n.t('A port range needs a minimum not above the maximum.');
  if ((minPort !== undefined && minPort < 1) || (maxPort !== undefined && maxPort > 65535))
    return l10n.t('Ports go from 1 to 65535.');
  return undefined;
}

/** `2024-05-01` or `2024-05-01 13:00` (local time) -> the documented DateTime form. */
export function parseLocalDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(d.getTime()) ? undefined : toApiDateTime(d);
}

// DB users and schemas.
import * as z from 'zod/mini';
import {
  AUTHENTICATION_PLUGINS,
  AUTHORITY_TYPES,
  dbPassword,
  dbUserName,
  openEnum,
  loose,
  msg,
  pluginRules,
  str,
  TLS_OPTIONS,
  when,
} from './fields';

/**
 * Host pattern of a DB user, as MySQL's `user@host` takes it: `%` (any host), a host
 * name or IP address with `%` / `_` wildcards (`10.0.%`, `%.example.com`, `192.168.0._`),
 * an IPv4 address with a netmask (`10.0.0.0/255.255.0.0`), or an IPv6 address. No spaces,
 * quotes, `@` or backslashes; at most 255 characters.
 */
export const DB_USER_HOST_RE = /^(?:%|[A-Za-z0-9%_.:-]+(?:\/(?:\d{1,3}\.){3}\d{1,3})?)$/;
export const dbUserHost = z
  .string(msg('host', 'must be a host pattern such as %, 10.0.0.% or db.example.com'))
  .check(
    z.minLength(1, 'host is required (use % for any host)'),
    z.maxLength(255, 'host must be at most 255 characters long'),
    z.regex(
      DB_USER_HOST_RE,
      'host must be a host pattern such as %, 10.0.0.%, 192.168.0.0/255.255.0.0 or db.example.com',
    ),
  );

export const CreateDbUserBody = z.strictObject({
  dbUserName,
  dbPassword,
  host: dbUserHost,
  authorityType: openEnum('authorityType', AUTHORITY_TYPES),
  authenticationPlugin: z.optional(openEnum('authenticationPlugin', AUTHENTICATION_PLUGINS)),
  tlsOption: z.optional(openEnum('tlsOption', TLS_OPTIONS)),
});
export const ModifyDbUserBody = z
  .object({
    dbPassword: z.optional(dbPassword),
    authorityType: z.optional(openEnum('authorityType', AUTHORITY_TYPES)),
    authenticationPlugin: z.optional(openEnum('authenticationPlugin', AUTHENTICATION_PLUGINS)),
    tlsOption: z.optional(openEnum('tlsOption', TLS_OPTIONS)),
  })
  .check(z.superRefine((v, ctx) => pluginRules(v, ctx, true)));

export const DbUser = loose({
  dbUserId: z.string(),
  dbUserName: z.string(),
  host: str,
  authorityType: str,
  dbUserStatus: str,
  authenticationPlugin: str,
  tlsOption: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbSchema = loose({
  dbSchemaId: z.string(),
  dbSchemaName: z.string(),
  dbSchemaStatus: str,
  createdYmdt: when,
});

// DB security groups and their rules.
import * as z from 'zod/mini';
import {
  description,
  enumOf,
  openEnum,
  id,
  intRange,
  loose,
  msg,
  nonEmpty,
  num,
  opt,
  PORT_TYPES,
  queryList,
  str,
  when,
} from './fields';

/** True when `cidr` is a valid IPv4 (`etherType` IPV4) or IPv6 (IPV6) CIDR. */
const isCidr = (cidr: string, etherType: string) =>
  (etherType === 'IPV6' ? z.cidrv6() : z.cidrv4()).safeParse(cidr).success;

/** A DB security group rule as sent (create and modify). */
export const RuleSpec = z
  .object({
    description,
    direction: enumOf('direction', ['INGRESS', 'EGRESS']),
    etherType: enumOf('etherType', ['IPV4', 'IPV6']),
    cidr: nonEmpty('cidr'),
    port: z.strictObject({
      portType: openEnum('port.portType', PORT_TYPES),
      minPort: z.optional(z.nullable(intRange('port.minPort', 1, 65535))),
      maxPort: z.optional(z.nullable(intRange('port.maxPort', 1, 65535))),
    }),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message, input: v });
      const { portType, minPort, maxPort } = v.port;
      const has = (n: number | null | undefined): n is number => typeof n === 'number';
      // ALL (every port; December 2026) ignores the port numbers: the guide's own examples send
      // some, and a rule read back from the service may carry them, so they are not refused.
      if (portType === 'DB_PORT') {
        if (has(minPort) || has(maxPort))
          add(['port'], 'port.minPort and port.maxPort must be empty when port.portType is DB_PORT');
        if (v.direction === 'EGRESS')
          add(['port', 'portType'], 'port.portType DB_PORT cannot be used with direction EGRESS');
      } else if (portType === 'PORT') {
        if (!has(minPort)) add(['port', 'minPort'], 'port.minPort is required when port.portType is PORT');
        else if (minPort !== maxPort)
          add(['port', 'maxPort'], 'port.maxPort must equal port.minPort when port.portType is PORT');
      } else if (portType === 'PORT_RANGE') {
        if (!has(minPort)) add(['port', 'minPort'], 'port.minPort is required when port.portType is PORT_RANGE');
        if (!has(maxPort)) add(['port', 'maxPort'], 'port.maxPort is required when port.portType is PORT_RANGE');
        if (has(minPort) && has(maxPort) && minPort > maxPort)
          add(['port', 'maxPort'], 'port.maxPort must not be below port.minPort');
      }
      if (!isCidr(v.cidr, v.etherType))
        add(
          ['cidr'],
          `cidr must be an ${v.etherType === 'IPV6' ? 'IPv6' : 'IPv4'} CIDR matching etherType ${v.etherType}, e.g. ${v.etherType === 'IPV6' ? '::/0' : '10.0.0.0/24'}`,
        );
    }),
  );

export const CreateDbSecurityGroupBody = z.strictObject({
  dbSecurityGroupName: nonEmpty('dbSecurityGroupName'),
  description,
  rules: z.array(RuleSpec, msg('rules', 'must be a list of rules')),
});

export const DeleteRulesQuery = z.strictObject({
  ruleIds: z.pipe(
    queryList('ruleIds', id('ruleIds[]')),
    z.array(z.string()).check(z.minLength(1, 'ruleIds must name at least one rule')),
  ),
});

export const Rule = loose({
  ruleId: z.string(),
  description: str,
  direction: str,
  etherType: str,
  port: opt(loose({ portType: str, minPort: num, maxPort: num })),
  cidr: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbSecurityGroupItem = loose({
  dbSecurityGroupId: z.string(),
  dbSecurityGroupName: z.string(),
  description: str,
  progressStatus: str,
  createdYmdt: when,
  updatedYmdt: when,
});
/** The detail: fields at top level (field table) or inside `dbSecurityGroup` (example); normalised to top level. */
export const DbSecurityGroup = z.pipe(
  z.transform((v: unknown) => {
    if (v && typeof v === 'object' && 'dbSecurityGroup' in v) {
      const { dbSecurityGroup, ...rest } = v as { dbSecurityGroup: unknown };
      if (dbSecurityGroup && typeof dbSecurityGroup === 'object') return { ...rest, ...dbSecurityGroup };
    }
    return v;
  }),
  loose({
    ...DbSecurityGroupItem.def.shape,
    rules: z.pipe(
      opt(z.array(Rule)),
      z.transform((v) => v ?? []),
    ),
  }),
);

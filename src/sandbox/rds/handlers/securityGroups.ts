// DB security groups and their rules (rule changes are jobs; the group shows CREATING_RULE, ...).
import type * as z from 'zod/mini';
import type { RuleSpec } from '../../../client/rds/schemas';
import { SANDBOX_PORT_TYPES, type SecurityGroup, type SecurityGroupRule } from '../types';
import { invalid, notFound, oneOf, RdsFault, RESULT, ymdt } from '../util';
import { type Ctx, type Handlers, pageOf, touch } from './context';

const item = ({ rules: _r, ...g }: SecurityGroup) => g;

/** The rule rules of the spec, checked here as well as by the schema (they hold for stored rules too). */
function ruleFrom(
  ctx: Ctx,
  spec: z.output<typeof RuleSpec>,
  field: string,
  ruleId = ctx.state.newId(),
): SecurityGroupRule {
  const port = spec.port ?? {};
  const portType = oneOf(`${field}.port.portType`, spec.port.portType, SANDBOX_PORT_TYPES);
  if (port.portType === 'DB_PORT' && spec.direction === 'EGRESS')
    throw invalid(`${field}.port.portType`, 'DB_PORT cannot be used for the EGRESS direction');
  if (port.portType === 'DB_PORT' && (port.minPort !== undefined || port.maxPort !== undefined))
    throw invalid(`${field}.port`, 'DB_PORT takes no minPort or maxPort');
  if (port.portType === 'PORT' && (port.minPort === undefined || port.minPort !== port.maxPort))
    throw invalid(`${field}.port`, 'PORT needs minPort equal to maxPort');
  if (
    port.portType === 'PORT_RANGE' &&
    (port.minPort === undefined ||
      port.minPort === null ||
      port.maxPort === undefined ||
      port.maxPort === null ||
      port.minPort > port.maxPort)
  )
    throw invalid(`${field}.port`, 'PORT_RANGE needs minPort not above maxPort');
  return {
    ruleId,
    description: spec.description ?? null,
    direction: spec.direction,
    etherType: spec.etherType,
    port:
      portType === 'ALL'
        ? { portType, minPort: null, maxPort: null } // every port: the numbers sent mean nothing
        : { portType, minPort: port.minPort ?? null, maxPort: port.maxPort ?? null },
    cidr: spec.cidr,
    createdYmdt: ymdt(ctx.now),
    updatedYmdt: ymdt(ctx.now),
  };
}

function ruleJob(ctx: Ctx, g: SecurityGroup, operation: string, progress: string, effect: () => void) {
  if (g.progressStatus !== 'NONE')
    throw new RdsFault(
      RESULT.CONFLICT,
      `DB security group ${g.dbSecurityGroupName} is busy (${g.progressStatus}); wait for it to finish.`,
    );
  g.progressStatus = progress;
  const users = [...ctx.r.instances.values()].filter((i) => i.dbSecurityGroupIds.includes(g.dbSecurityGroupId));
  const job = ctx.state.jobs.start({
    operation,
    relations: users.map((i) => i.dbInstanceId),
    effect: () => {
      effect();
      g.progressStatus = 'NONE';
      touch(ctx, g);
    },
    onFail: () => void (g.progressStatus = 'NONE'),
  });
  return { jobId: job.jobId };
}

export const securityGroupHandlers: Handlers = {
  listDbSecurityGroups: (ctx) => {
    const { items, totalCounts } = pageOf(ctx, [...ctx.r.securityGroups.values()]);
    return { totalCounts, dbSecurityGroups: items.map(item) };
  },
  getDbSecurityGroup: ({ r, params }) => {
    // The live detail wraps the group in `dbSecurityGroup` (the spec's example).
    const g = r.securityGroup(params.dbSecurityGroupId);
    return { dbSecurityGroup: { ...item(g), rules: g.rules } };
  },
  createDbSecurityGroup: (ctx) => {
    const b = ctx.body;
    if ([...ctx.r.securityGroups.values()].some((g) => g.dbSecurityGroupName === b.dbSecurityGroupName)) {
      throw new RdsFault(RESULT.CONFLICT, `dbSecurityGroupName: ${b.dbSecurityGroupName} already exists.`);
    }
    const g: SecurityGroup = {
      dbSecurityGroupId: ctx.state.newId(),
      dbSecurityGroupName: b.dbSecurityGroupName,
      description: b.description ?? null,
      progressStatus: 'NONE',
      createdYmdt: ymdt(ctx.now),
      updatedYmdt: ymdt(ctx.now),
      rules: [],
    };
    g.rules = (b.rules ?? []).map((rule, i) => ruleFrom(ctx, rule, `rules[${i}]`));
    ctx.r.securityGroups.set(g.dbSecurityGroupId, g);
    return { dbSecurityGroupId: g.dbSecurityGroupId };
  },
  modifyDbSecurityGroup: (ctx) => {
    const g = ctx.r.securityGroup(ctx.params.dbSecurityGroupId);
    if (ctx.body.dbSecurityGroupName !== undefined) g.dbSecurityGroupName = ctx.body.dbSecurityGroupName;
    if (ctx.body.description !== undefined) g.description = ctx.body.description;
    touch(ctx, g);
  },
  deleteDbSecurityGroup: (ctx) => {
    const g = ctx.r.securityGroup(ctx.params.dbSecurityGroupId);
    const users = [...ctx.r.instances.values()].filter((i) => i.dbSecurityGroupIds.includes(g.dbSecurityGroupId));
    if (users.length)
      throw new RdsFault(
        RESULT.IN_USE,
        `DB security group ${g.dbSecurityGroupName} is used by ${users.map((i) => i.dbInstanceName).join(', ')}: detach it first.`,
      );
    ctx.r.securityGroups.delete(g.dbSecurityGroupId);
  },
  createDbSecurityGroupRule: (ctx) => {
    const g = ctx.r.securityGroup(ctx.params.dbSecurityGroupId);
    const rule = ruleFrom(ctx, ctx.body, 'body');
    return ruleJob(ctx, g, 'createDbSecurityGroupRule', 'CREATING_RULE', () => {
      g.rules.push(rule);
      ctx.r.addEvent('SECGR_01_01', g.dbSecurityGroupId, g.dbSecurityGroupName, ctx.state.now());
    });
  },
  modifyDbSecurityGroupRule: (ctx) => {
    const g = ctx.r.securityGroup(ctx.params.dbSecurityGroupId);
    const i = g.rules.findIndex((x) => x.ruleId === ctx.params.ruleId);
    if (i < 0) throw notFound('Rule', ctx.params.ruleId);
    const rule = ruleFrom(ctx, ctx.body, 'body', ctx.params.ruleId);
    rule.createdYmdt = g.rules[i].createdYmdt;
    return ruleJob(ctx, g, 'modifyDbSecurityGroupRule', 'UPDATING_RULE', () => {
      const k = g.rules.findIndex((x) => x.ruleId === rule.ruleId);
      if (k >= 0) g.rules[k] = rule;
    });
  },
  deleteDbSecurityGroupRules: (ctx) => {
    const g = ctx.r.securityGroup(ctx.params.dbSecurityGroupId);
    const raw = ctx.query.ruleIds;
    const ids: string[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (ids.length === 0) throw invalid('ruleIds', 'at least one rule id is required');
    for (const [i, id] of ids.entries())
      if (!g.rules.some((x) => x.ruleId === id))
        throw invalid(`ruleIds[${i}]`, `no rule ${id} in ${g.dbSecurityGroupName}`);
    return ruleJob(ctx, g, 'deleteDbSecurityGroupRules', 'DELETING_RULE', () => {
      g.rules = g.rules.filter((x) => !ids.includes(x.ruleId));
      ctx.r.addEvent('SECGR_01_02', g.dbSecurityGroupId, g.dbSecurityGroupName, ctx.state.now());
    });
  },
};

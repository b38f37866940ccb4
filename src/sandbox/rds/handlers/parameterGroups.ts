// Parameter groups: list (by dbVersion), detail with a few hundred parameters, create, copy,
// rename, change values (checked against allowedValue and updateType), reset, delete.
import { newParameterGroup } from '../factory';
import { checkAllowed } from '../seed/mysqlParameters';
import { FAMILY_GROUPS, familyCode, VERSION_BY_ID } from '../seed/catalog';
import type { ParameterGroup } from '../types';
import { invalid, RdsFault, RESULT } from '../util';
import { type Ctx, type Handlers, pageOf, touch } from './context';

/** A group as the service answers it: a FAMILY group names its family and no engine version. */
const item = ({ parameters: _p, ...g }: ParameterGroup) => ({
  ...g,
  dbVersion: g.parameterGroupType === 'FAMILY' ? null : g.dbVersion,
});
/** Whether a group serves an engine version: its own, or its family's. */
const serves = (g: ParameterGroup, dbVersion: string) =>
  g.parameterGroupType === 'FAMILY' ? g.dbEngineVersionFamily === familyCode(dbVersion) : g.dbVersion === dbVersion;

function checkName(ctx: Ctx, name: string, except?: string): void {
  if ([...ctx.r.parameterGroups.values()].some((g) => g.parameterGroupName === name && g.parameterGroupId !== except)) {
    throw new RdsFault(RESULT.CONFLICT, `parameterGroupName: ${name} already exists.`);
  }
}

/** Instances using the group must apply it again (restart) after a change. */
function markChanged(ctx: Ctx, g: ParameterGroup): void {
  const users = [...ctx.r.instances.values()].filter((i) => i.parameterGroupId === g.parameterGroupId);
  g.parameterGroupStatus = users.length ? 'NEED_TO_APPLY' : 'STABLE';
  for (const i of users) i.needToApplyParameterGroup = true;
  touch(ctx, g);
}

export const parameterGroupHandlers: Handlers = {
  // v4.0 (December 2026) adds a name filter and paging; v3.0 answers every group at once.
  // v4.0 (December 2026) adds a name filter and paging.
  listParameterGroups: (ctx) => {
    const query: { dbVersion?: string; parameterGroupName?: string } = ctx.query;
    const all = [...ctx.r.parameterGroups.values()].filter(
      (g) =>
        (query.dbVersion === undefined || serves(g, query.dbVersion)) &&
        (query.parameterGroupName === undefined || g.parameterGroupName.includes(query.parameterGroupName)),
    );
    const { items, totalCounts } = pageOf(ctx, all);
    return { totalCounts, parameterGroups: items.map(item) };
  },
  getParameterGroup: ({ r, params }) => {
    const g = r.parameterGroup(params.parameterGroupId);
    return { ...item(g), parameters: g.parameters };
  },
  createParameterGroup: (ctx) => {
    const b: {
      parameterGroupName: string;
      description?: string | null;
      dbVersion?: string;
      dbEngineVersionFamily?: string;
    } = ctx.body;
    const familyOf = b.dbEngineVersionFamily && FAMILY_GROUPS.find((f) => f.code === b.dbEngineVersionFamily);
    if (b.dbEngineVersionFamily && !familyOf)
      throw invalid('dbEngineVersionFamily', `must be one of ${FAMILY_GROUPS.map((f) => f.code).join(', ')}`);
    const dbVersion = familyOf ? familyOf.dbVersion : b.dbVersion;
    if (!dbVersion || !VERSION_BY_ID.has(dbVersion)) throw invalid('dbVersion', `unknown engine version ${dbVersion}`);
    checkName(ctx, b.parameterGroupName);
    const g = newParameterGroup(
      ctx.r,
      ctx.state.newId(),
      b.parameterGroupName,
      dbVersion,
      b.description ?? null,
      ctx.now,
      () => ctx.state.newId(),
    );
    if (familyOf) {
      g.parameterGroupType = 'FAMILY';
      g.dbEngineVersionFamily = familyOf.code;
    }
    return { parameterGroupId: g.parameterGroupId };
  },
  copyParameterGroup: (ctx) => {
    const src = ctx.r.parameterGroup(ctx.params.parameterGroupId);
    checkName(ctx, ctx.body.parameterGroupName);
    const g = newParameterGroup(
      ctx.r,
      ctx.state.newId(),
      ctx.body.parameterGroupName,
      src.dbVersion,
      ctx.body.description ?? src.description,
      ctx.now,
      () => ctx.state.newId(),
    );
    g.parameterGroupType = src.parameterGroupType === 'FAMILY' ? 'FAMILY' : 'USER';
    g.dbEngineVersionFamily = src.dbEngineVersionFamily;
    g.parameters = src.parameters.map((p) => ({ ...p, parameterId: ctx.state.newId() }));
    return { parameterGroupId: g.parameterGroupId };
  },
  modifyParameterGroup: (ctx) => {
    const g = ctx.r.parameterGroup(ctx.params.parameterGroupId);
    if (ctx.body.parameterGroupName !== undefined) {
      checkName(ctx, ctx.body.parameterGroupName, g.parameterGroupId);
      g.parameterGroupName = ctx.body.parameterGroupName;
    }
    if (ctx.body.description !== undefined) g.description = ctx.body.description;
    touch(ctx, g);
  },
  modifyParameters: (ctx) => {
    const g = ctx.r.parameterGroup(ctx.params.parameterGroupId);
    const changes: { parameterId: string; value: string }[] = ctx.body.modifiedParameters ?? [];
    const byId = new Map(g.parameters.map((p) => [p.parameterId, p]));
    // Check everything first: a request applies all of its changes or none.
    for (const [i, c] of changes.entries()) {
      const p = byId.get(c.parameterId);
      if (!p)
        throw invalid(
          `modifiedParameters[${i}].parameterId`,
          `no parameter ${c.parameterId} in ${g.parameterGroupName}`,
        );
      if (p.updateType !== 'VARIABLE')
        throw invalid(`modifiedParameters[${i}].value`, `${p.parameterName} is ${p.updateType} and cannot be changed`);
      const reason = checkAllowed(p, String(c.value));
      if (reason) throw invalid(`modifiedParameters[${i}].value`, reason);
    }
    for (const c of changes) byId.get(c.parameterId)!.value = String(c.value);
    markChanged(ctx, g);
  },
  resetParameterGroup: (ctx) => {
    const g = ctx.r.parameterGroup(ctx.params.parameterGroupId);
    for (const p of g.parameters) p.value = p.defaultValue;
    markChanged(ctx, g);
  },
  deleteParameterGroup: (ctx) => {
    const g = ctx.r.parameterGroup(ctx.params.parameterGroupId);
    const users = [...ctx.r.instances.values()].filter((i) => i.parameterGroupId === g.parameterGroupId);
    if (users.length)
      throw new RdsFault(
        RESULT.IN_USE,
        `Parameter group ${g.parameterGroupName} is used by ${users
          .slice(0, 5)
          .map((i) => i.dbInstanceName)
          .join(', ')}${users.length > 5 ? ', ...' : ''}: change their parameter group first.`,
      );
    ctx.r.parameterGroups.delete(g.parameterGroupId);
  },
};

// An RDS product's state as data, for the sandbox's data folder (../stateFile.ts, issue 63):
// every region's resources (instances with their DB users and schemas, groups, backups,
// security, parameter, user and notification groups, event subscriptions, maintenances, events,
// the catalog), the project's members, the finished jobs, which databases are private (reached
// only through a bastion), and the DB users' passwords as the database server keeps them
// (hashed: ./state.ts nativePasswordHash).
//
// Jobs: a job's effect is code over the objects it was started on, not data, so a state is kept
// only when no job runs (`rdsSnapshot` answers undefined meanwhile and the saver waits for the
// job's end), and the sandbox's close ends every running job first (JobEngine.finishAll): after
// a restart each job a client follows is found finished, with its result in place, as it would
// have been had the service kept running while the window was away.
import type { RegionState, RdsState } from './state';
import type { Job, Parameter, ParameterGroup, RegionCode } from './types';

/** The file's format; another one is set aside and the seed used. */
export const RDS_STATE_VERSION = 1;

/** Each map of a region, kept as its entries. */
const REGION_MAPS = [
  'instances',
  'groups',
  'backups',
  'securityGroups',
  'parameterGroups',
  'userGroups',
  'notificationGroups',
  'eventSubscriptions',
  'maintenances',
] as const satisfies readonly (keyof RegionState)[];

type RegionJson = Record<(typeof REGION_MAPS)[number], [string, unknown][]> & {
  enabled: boolean;
  events: unknown[];
  flavors: unknown[];
  subnets: unknown[];
  availabilityZones: string[];
  unavailableZones: string[];
};

/**
 * A parameter without its id and value: the same few hundred definitions repeat in every group
 * of every region (they were 1.1 MB of each region's 1.2 MB), so the file holds each once and a
 * group's parameters as [definition, parameterId, value].
 */
type ParameterDefinition = Omit<Parameter, 'parameterId' | 'value'>;
type KeptParameter = [definition: number, parameterId: string, value: string];

function packGroups(groups: Map<string, ParameterGroup>, definitions: Map<string, number>): [string, unknown][] {
  return [...groups.entries()].map(([id, g]) => [
    id,
    {
      ...g,
      parameters: g.parameters.map(({ parameterId, value, ...definition }): KeptParameter => {
        const key = JSON.stringify(definition);
        let n = definitions.get(key);
        if (n === undefined) definitions.set(key, (n = definitions.size));
        return [n, parameterId, value];
      }),
    },
  ]);
}

function unpackGroup(g: ParameterGroup & { parameters: unknown }, definitions: ParameterDefinition[]): ParameterGroup {
  const kept = list(g.parameters, `parameter group ${g.parameterGroupId}`) as KeptParameter[];
  return {
    ...g,
    parameters: kept.map(([n, parameterId, value]) => {
      const definition = definitions[n];
      if (!definition) throw new Error(`parameter ${parameterId} has no definition`);
      return { ...definition, parameterId, value } as Parameter;
    }),
  };
}

/** The product's state as plain data, or undefined while a job runs (kept due until it ends). */
export function rdsSnapshot(state: RdsState): object | undefined {
  if (state.jobs.running) return undefined;
  const regions: Record<string, RegionJson> = {};
  const definitions = new Map<string, number>();
  const withoutDatabase: string[] = [];
  for (const [code, r] of Object.entries(state.regions) as [RegionCode, RegionState][]) {
    const json = {
      enabled: r.enabled,
      events: r.events,
      flavors: r.flavors,
      subnets: r.subnets,
      availabilityZones: r.availabilityZones,
      unavailableZones: [...r.unavailableZones],
    } as RegionJson;
    for (const key of REGION_MAPS)
      json[key] =
        key === 'parameterGroups'
          ? packGroups(r.parameterGroups, definitions)
          : [...(r[key] as Map<string, unknown>).entries()];
    regions[code] = json;
    for (const inst of r.instances.values())
      if (state.withoutDatabase.has(inst)) withoutDatabase.push(inst.dbInstanceId);
  }
  return {
    product: state.product,
    members: state.members,
    regions,
    dbPasswords: [...state.dbPasswordHashes.entries()],
    withoutDatabase,
    privateDatabases: [...state.privateDatabases],
    jobs: state.jobs.finished(),
    parameterDefinitions: [...definitions.keys()].map((k) => JSON.parse(k) as ParameterDefinition),
  };
}

const list = (value: unknown, what: string): unknown[] => {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
};

/** Replaces the (seeded) state with a kept one; throws when its shape is not one this sandbox wrote. */
export function restoreRds(state: RdsState, data: Record<string, unknown>): void {
  if (data.product !== state.product)
    throw new Error(`it holds RDS for ${String(data.product)}, not RDS for ${state.product}`);
  const regions = data.regions as Record<string, RegionJson> | undefined;
  if (!regions || typeof regions !== 'object') throw new Error('it has no regions');
  // Checked whole before anything changes: a refused file leaves the seed as it was.
  for (const code of Object.keys(state.regions)) {
    const r = regions[code];
    if (!r || typeof r !== 'object') throw new Error(`region ${code} is missing`);
    for (const key of [
      ...REGION_MAPS,
      'events',
      'flavors',
      'subnets',
      'availabilityZones',
      'unavailableZones',
    ] as const)
      list(r[key], `${code}.${key}`);
  }
  const members = list(data.members, 'members') as RdsState['members'];
  const passwords = list(data.dbPasswords, 'dbPasswords') as [string, string][];
  const without = new Set(list(data.withoutDatabase, 'withoutDatabase') as string[]);
  const privateIds = list(data.privateDatabases, 'privateDatabases') as string[];
  const jobs = list(data.jobs, 'jobs') as Omit<Job, 'effect' | 'onFail'>[];
  const definitions = list(data.parameterDefinitions, 'parameterDefinitions') as ParameterDefinition[];
  const groups = Object.fromEntries(
    Object.keys(state.regions).map((code) => [
      code,
      regions[code].parameterGroups.map(
        ([id, g]) => [id, unpackGroup(g as ParameterGroup & { parameters: unknown }, definitions)] as const,
      ),
    ]),
  );

  for (const [code, r] of Object.entries(state.regions) as [RegionCode, RegionState][]) {
    const json = regions[code];
    r.enabled = json.enabled !== false;
    for (const key of REGION_MAPS) {
      const map = r[key] as Map<string, unknown>;
      map.clear();
      for (const [id, value] of key === 'parameterGroups' ? groups[code] : json[key]) map.set(id, value);
    }
    r.events.splice(0, r.events.length, ...(json.events as RegionState['events']));
    r.flavors = json.flavors as RegionState['flavors'];
    r.subnets = json.subnets as RegionState['subnets'];
    r.availabilityZones = json.availabilityZones;
    r.unavailableZones.clear();
    for (const z of json.unavailableZones) r.unavailableZones.add(z);
    for (const inst of r.instances.values()) if (without.has(inst.dbInstanceId)) state.withoutDatabase.add(inst);
  }
  state.members = members;
  state.dbPasswordHashes.clear();
  for (const [id, hash] of passwords) {
    if (typeof hash !== 'string' || !/^\*[0-9A-F]{40}$/.test(hash)) throw new Error('a DB password is not a hash');
    state.dbPasswordHashes.set(id, hash);
  }
  state.privateDatabases.clear();
  for (const id of privateIds) state.privateDatabases.add(id);
  state.jobs.restore(jobs);
  state.restored = true;
}

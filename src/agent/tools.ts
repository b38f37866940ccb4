// The agent tools (issue 64): a few task-level tools over the clients the explorer uses, not one
// per API operation. Their names, descriptions and input schemas are declared once, in
// package.json's `languageModelTools` (VS Code's chat reads them there, the MCP server serves the
// same: ./catalog.ts); this file holds what each one does. vscode-free: the unit tests run every
// tool against the sandbox.
import type { Region } from '../client/sites';
import type { RdsClient } from '../client/rds/client';
import { RDS_PRODUCT_ORDER, RDS_PRODUCTS, type RdsPlace, type RdsProductId } from '../client/products';
import { l10n } from '../shared/l10n';
import { answer, refusal, ToolError, type ToolAnswer } from './answer';
export { ToolError };
import type { AgentContext, InstanceAction } from './context';
import { dbExplain, dbQuery, dbSchema } from './dbTools';

export type ToolInput = Record<string, unknown>;

export interface ToolSpec {
  /** Reads only (MCP readOnlyHint; VS Code's chat may run it without asking). */
  readOnly: boolean;
  /** Asks before it runs: 'database' shows the SQL it sends, 'change' names the action. */
  confirm?: 'database' | 'change';
  run(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer>;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

// ---- input helpers -------------------------------------------------------------------------

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const whole = (v: unknown, dflt: number, min: number, max: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.floor(v))) : dflt;

/** The regions a call covers: the one asked (if the profile reaches it) or all of the service's. */
function regionsOf(ctx: AgentContext, service: 'network' | 'storage', input: ToolInput): Region[] {
  return regionIn(ctx, ctx.profile.regions[service], input);
}

function regionIn(ctx: AgentContext, all: readonly Region[], input: ToolInput): Region[] {
  const asked = text(input.region)?.toUpperCase();
  if (!asked || asked === 'ALL') return [...all];
  const r = all.find((x) => x === asked);
  if (!r)
    throw new ToolError(
      l10n.t(
        'The profile "{0}" has no region {1} for this service. Its regions: {2}.',
        ctx.profile.name,
        asked,
        all.join(', '),
      ),
    );
  return [r];
}

/**
 * Where an RDS call looks: each product the profile shows (or the one `product` names: mysql,
 * mariadb, or the product's name) in each of its regions (or the one `region` names).
 */
export function rdsPlacesOf(ctx: AgentContext, input: ToolInput): RdsPlace[] {
  const asked = text(input.product)?.toLowerCase();
  let places = ctx.profile.rdsPlaces;
  if (asked && asked !== 'all') {
    const product = RDS_PRODUCT_ORDER.find((id) => id === asked || RDS_PRODUCTS[id].label.toLowerCase() === asked);
    const shown = [...new Set(places.map((p) => p.product))];
    if (!product || !shown.includes(product))
      throw new ToolError(
        l10n.t(
          'The profile "{0}" has no RDS product "{1}". Its products: {2}.',
          ctx.profile.name,
          asked,
          shown.map((id) => `${id} (${RDS_PRODUCTS[id].label})`).join(', '),
        ),
      );
    places = places.filter((p) => p.product === product);
  }
  const regions = regionIn(ctx, [...new Set(places.map((p) => p.region))], input);
  return places.filter((p) => regions.includes(p.region));
}

/** Where a row came from: its region, and for RDS its product. */
type Place = { region: Region; product?: RdsProductId };
const placeFields = (p: Place) => ({
  region: p.region,
  ...(p.product ? { product: RDS_PRODUCTS[p.product].label } : {}),
});

/** Whether a row matches the filter: a case-insensitive part of any of its text fields. */
function matches(row: Record<string, unknown>, filter: string | undefined): boolean {
  if (!filter) return true;
  const f = filter.toLowerCase();
  return Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(f));
}

/** Rows of every place (a region, and for RDS a product), filtered and capped, with what was left out. */
async function collect(
  places: readonly Place[],
  load: (p: Place) => Promise<Array<Record<string, unknown>>>,
  filter: string | undefined,
  limit: number,
): Promise<{
  rows: Array<Record<string, unknown>>;
  total: number;
  failures: Array<Record<string, unknown>>;
}> {
  const settled = await Promise.allSettled(places.map((p) => load(p)));
  const rows: Array<Record<string, unknown>> = [];
  const failures: Array<Record<string, unknown>> = [];
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') {
      for (const row of s.value) if (matches(row, filter)) rows.push({ ...placeFields(places[i]), ...row });
    } else
      failures.push({
        ...placeFields(places[i]),
        error: s.reason instanceof Error ? s.reason.message : String(s.reason),
      });
  });
  return { rows: rows.slice(0, limit), total: rows.length, failures };
}

// ---- shared listings (cached per profile and region) ---------------------------------------

type Row = Record<string, unknown>;

const cached = <T>(ctx: AgentContext, key: string, load: () => Promise<T>) =>
  ctx.cache.get(`${ctx.profile.id}/${key}`, load);

/** The cache key of an RDS listing: the place's product and region. */
const rdsKey = (p: RdsPlace, what: string) => `${p.region}/${p.product}/${what}`;

/** DB instances of a place as the tree lists them: one request, no detail per instance. */
export const instancesOf = (ctx: AgentContext, place: RdsPlace): Promise<Row[]> =>
  cached(ctx, rdsKey(place, 'instances'), async () => {
    const rds = await ctx.rds(place);
    return ((await rds.listDbInstances({}, { signal: ctx.signal }))?.dbInstances ?? []).map((i) => ({
      dbInstanceId: i.dbInstanceId,
      dbInstanceName: i.dbInstanceName,
      description: i.dbInstanceDescription,
      status: i.dbInstanceStatus,
      type: i.dbInstanceType,
      dbVersion: i.dbVersion,
      dbPort: i.dbPort,
      dbInstanceGroupId: i.dbInstanceGroupId,
      progressStatus: i.progressStatus,
      createdYmdt: i.createdYmdt,
    }));
  });

/** The instance a name or id means, in the asked product and region or any of the profile's. */
export async function findInstance(
  ctx: AgentContext,
  input: ToolInput,
): Promise<{ region: Region; place: RdsPlace; rds: RdsClient; instance: Row }> {
  const wanted = text(input.instance);
  if (!wanted) throw new ToolError(l10n.t('Name the DB instance (its name or ID) in "instance".'));
  const places = rdsPlacesOf(ctx, input);
  for (const place of places) {
    const list = await instancesOf(ctx, place).catch(() => []);
    const hit =
      list.find((i) => i.dbInstanceId === wanted) ??
      list.find((i) => String(i.dbInstanceName).toLowerCase() === wanted.toLowerCase());
    if (hit) return { region: place.region, place, rds: await ctx.rds(place), instance: hit };
  }
  throw new ToolError(
    l10n.t(
      'No DB instance named "{0}" in {1} of the profile "{2}". List them with nhncloud_list_resources (kind dbInstances).',
      wanted,
      [...new Set(places.map((p) => p.region))].join(', '),
      ctx.profile.name,
    ),
  );
}

// ---- list ------------------------------------------------------------------------------------

const RESOURCE_KINDS = [
  'dbInstances',
  'backups',
  'parameterGroups',
  'securityGroups',
  'events',
  'floatingIps',
  'transitHubs',
  'transitHubAttachments',
  'transitHubRoutingTables',
  'buckets',
  'objects',
] as const;
type ResourceKind = (typeof RESOURCE_KINDS)[number];

const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, '+00:00');

async function hubsOf(ctx: AgentContext, region: Region): Promise<Row[]> {
  return cached(ctx, `${region}/network/hubs`, async () =>
    ((await (await ctx.network(region)).listTransitHubs()) as Row[]).map((h) => ({
      id: h.id,
      name: h.name,
      description: h.description,
      status: h.status,
    })),
  );
}

/** The hub a name or id means in `region` (all hubs when none is named). */
async function hubsNamed(ctx: AgentContext, region: Region, wanted: string | undefined): Promise<Row[]> {
  const hubs = await hubsOf(ctx, region);
  if (!wanted) return hubs;
  return hubs.filter((h) => h.id === wanted || String(h.name).toLowerCase() === wanted.toLowerCase());
}

/** A kind's listing: RDS kinds load one product in one region, the others one region. */
type Lister =
  | { service: 'rds'; load(ctx: AgentContext, place: RdsPlace, input: ToolInput): Promise<Row[]> }
  | { service: 'network' | 'storage'; load(ctx: AgentContext, region: Region, input: ToolInput): Promise<Row[]> };

const rdsLister = (load: (ctx: AgentContext, place: RdsPlace, input: ToolInput) => Promise<Row[]>) =>
  ({ service: 'rds', load }) as const;

const LISTERS = {
  dbInstances: rdsLister((ctx, place) => instancesOf(ctx, place)),
  backups: rdsLister((ctx, place, input) =>
    cached(ctx, rdsKey(place, `backups/${text(input.instance) ?? ''}`), async () => {
      const rds = await ctx.rds(place);
      const instance = text(input.instance) ? (await findInstance(ctx, { ...input, ...place })).instance : undefined;
      const r = await rds.listBackups({
        query: { page: 1, size: 100, ...(instance ? { dbInstanceId: String(instance.dbInstanceId) } : {}) },
      });
      return (r?.backups ?? []).map((b) => ({
        backupId: b.backupId,
        backupName: b.backupName,
        status: b.backupStatus,
        dbInstanceId: b.dbInstanceId,
        dbVersion: b.dbVersion,
        backupType: b.backupType,
        backupSizeBytes: b.backupSize,
        createdYmdt: b.createdYmdt,
      }));
    }),
  ),
  parameterGroups: rdsLister((ctx, place) =>
    cached(ctx, rdsKey(place, 'parameterGroups'), async () =>
      ((await (await ctx.rds(place)).listParameterGroups())?.parameterGroups ?? []).map((g) => ({
        parameterGroupId: g.parameterGroupId,
        parameterGroupName: g.parameterGroupName,
        description: g.description,
        dbVersion: g.dbVersion,
        status: g.parameterGroupStatus,
      })),
    ),
  ),
  securityGroups: rdsLister((ctx, place) =>
    cached(ctx, rdsKey(place, 'securityGroups'), async () =>
      ((await (await ctx.rds(place)).listDbSecurityGroups())?.dbSecurityGroups ?? []).map((g) => ({
        dbSecurityGroupId: g.dbSecurityGroupId,
        dbSecurityGroupName: g.dbSecurityGroupName,
        description: g.description,
        progressStatus: g.progressStatus,
      })),
    ),
  ),
  events: rdsLister(async (ctx, place, input) => {
    const hours = whole(input.sinceHours, 24, 1, 24 * 30);
    const instance = text(input.instance) ? (await findInstance(ctx, { ...input, ...place })).instance : undefined;
    const to = new Date();
    const from = new Date(to.getTime() - hours * 3600_000);
    const r = await (
      await ctx.rds(place)
    ).listEvents({
      query: {
        page: 1,
        size: whole(input.limit, DEFAULT_LIMIT, 1, MAX_LIMIT),
        from: iso(from),
        to: iso(to),
        eventCategoryType: 'ALL',
        ascendingOrder: 'DESC',
        ...(instance ? { sourceId: String(instance.dbInstanceId) } : {}),
      },
    });
    return (r?.events ?? []).map((e) => ({
      eventYmdt: e.eventYmdt,
      eventCode: e.eventCode,
      sourceId: e.sourceId,
      sourceName: e.sourceName,
      message: e.eventMessage ?? e.eventDescription,
    }));
  }),
  floatingIps: {
    service: 'network',
    load: (ctx, region) =>
      cached(ctx, `${region}/network/floatingIps`, async () =>
        ((await (await ctx.network(region)).listFloatingIps()) as Row[]).map((f) => ({
          id: f.id,
          floatingIpAddress: f.floating_ip_address,
          status: f.status,
          fixedIpAddress: f.fixed_ip_address,
          portId: f.port_id,
        })),
      ),
  },
  transitHubs: { service: 'network', load: (ctx, region) => hubsOf(ctx, region) },
  transitHubAttachments: {
    service: 'network',
    load: async (ctx, region, input) => {
      const net = await ctx.network(region);
      const out: Row[] = [];
      for (const hub of await hubsNamed(ctx, region, text(input.transitHub)))
        for (const a of (await net.listAttachments({ query: { transithub_id: String(hub.id) } })) as Row[])
          out.push({
            transitHub: hub.name,
            id: a.id,
            name: a.name,
            resourceType: a.resource_type,
            resourceId: a.resource_id,
            status: a.status,
          });
      return out;
    },
  },
  transitHubRoutingTables: {
    service: 'network',
    load: async (ctx, region, input) => {
      const net = await ctx.network(region);
      const out: Row[] = [];
      for (const hub of await hubsNamed(ctx, region, text(input.transitHub)))
        for (const t of (await net.listRoutingTables({ query: { transithub_id: String(hub.id) } })) as Row[])
          out.push({ transitHub: hub.name, id: t.id, name: t.name, default: t.default_table, status: t.status });
      return out;
    },
  },
  buckets: {
    service: 'storage',
    load: (ctx, region) =>
      cached(ctx, `${region}/storage/buckets`, async () =>
        (await (await ctx.s3(region)).listBuckets({ signal: ctx.signal })).buckets.map((b) => ({
          name: b.name,
          creationDate: b.creationDate,
        })),
      ),
  },
  objects: {
    service: 'storage',
    load: async (ctx, region, input) => {
      const bucket = text(input.bucket);
      if (!bucket) throw new ToolError(l10n.t('Name the bucket in "bucket" to list its objects.'));
      const page = await (
        await ctx.s3(region)
      ).listObjectsPage(
        {
          bucket,
          prefix: typeof input.prefix === 'string' ? input.prefix : undefined,
          delimiter: '/',
          maxKeys: whole(input.limit, DEFAULT_LIMIT, 1, 1000),
        },
        { signal: ctx.signal },
      );
      return [
        ...page.commonPrefixes.map((p) => ({ key: p, folder: true })),
        ...page.contents.map((o) => ({ key: o.key, sizeBytes: o.size, lastModified: o.lastModified })),
      ];
    },
  },
} satisfies Record<ResourceKind, Lister>;

async function listResources(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const kind = RESOURCE_KINDS.find((k) => k === input.kind);
  if (!kind) throw new ToolError(l10n.t('"kind" must be one of: {0}.', RESOURCE_KINDS.join(', ')));
  const lister: Lister = LISTERS[kind];
  const limit = whole(input.limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
  const filter = text(input.filter);
  let regions: Region[];
  let listed: Awaited<ReturnType<typeof collect>>;
  if (lister.service === 'rds') {
    const places = rdsPlacesOf(ctx, input);
    regions = [...new Set(places.map((p) => p.region))];
    listed = await collect(places, (p) => lister.load(ctx, p as RdsPlace, input), filter, limit);
  } else {
    // Objects live in one bucket of one region: the first of the profile's unless one is named.
    regions =
      kind === 'objects' && !text(input.region)
        ? regionsOf(ctx, 'storage', input).slice(0, 1)
        : regionsOf(ctx, lister.service, input);
    listed = await collect(
      regions.map((region) => ({ region })),
      (p) => lister.load(ctx, p.region, input),
      filter,
      limit,
    );
  }
  const { rows, total, failures } = listed;
  return answer(ctx, 'nhncloud_list_resources', regions, rows, {
    kind,
    count: rows.length,
    ...(total > rows.length ? { truncated: true, matching: total } : {}),
    ...(failures.length ? { failedRegions: failures } : {}),
  });
}

// ---- describe --------------------------------------------------------------------------------

const DESCRIBE_KINDS = ['dbInstance', 'bucket', 'floatingIp', 'transitHub'];

async function describeResource(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const kind = text(input.kind);
  const name = text(input.name);
  if (!name) throw new ToolError(l10n.t('Name the resource (its name or ID) in "name".'));
  if (kind === 'dbInstance') {
    const { region, place, rds, instance } = await findInstance(ctx, { ...input, instance: name });
    const dbInstanceId = String(instance.dbInstanceId);
    const [detail, network, storage, groups] = await Promise.all([
      rds.getDbInstance({ dbInstanceId }),
      rds.getNetworkInfo({ dbInstanceId }).catch(() => undefined),
      rds.getStorageInfo({ dbInstanceId }).catch(() => undefined),
      cached(ctx, rdsKey(place, 'instanceGroups'), () => rds.listDbInstanceGroups()).catch(() => undefined),
    ]);
    const group = (groups?.dbInstanceGroups ?? []).find((g) => g.dbInstanceGroupId === instance.dbInstanceGroupId);
    const parameterGroups = await LISTERS.parameterGroups.load(ctx, place, input).catch(() => []);
    const d = detail as Row;
    return answer(ctx, 'nhncloud_describe_resource', [region], {
      product: RDS_PRODUCTS[place.product].label,
      dbInstanceId,
      dbInstanceName: d.dbInstanceName,
      description: d.dbInstanceDescription,
      status: d.dbInstanceStatus,
      progressStatus: d.progressStatus,
      type: d.dbInstanceType,
      dbVersion: d.dbVersion,
      dbPort: d.dbPort,
      dbFlavorId: d.dbFlavorId,
      deletionProtection: d.useDeletionProtection,
      highAvailability: {
        enabled: group?.replicationType === 'HIGH_AVAILABILITY',
        replicationType: group?.replicationType,
        groupId: d.dbInstanceGroupId,
      },
      parameterGroup: {
        id: d.parameterGroupId,
        name: parameterGroups.find((g) => g.parameterGroupId === d.parameterGroupId)?.parameterGroupName,
      },
      securityGroupIds: d.dbSecurityGroupIds,
      endpoints: network?.endPoints?.map((e) => ({ domain: e.domain, ipAddress: e.ipAddress, type: e.endPointType })),
      availabilityZone: network?.availabilityZone,
      storage: storage ? { type: storage.storageType, sizeGb: storage.storageSize } : undefined,
      createdYmdt: d.createdYmdt,
      updatedYmdt: d.updatedYmdt,
    });
  }
  if (kind === 'bucket') {
    for (const region of regionsOf(ctx, 'storage', input)) {
      const buckets = await LISTERS.buckets.load(ctx, region).catch(() => []);
      const b = buckets.find((x) => x.name === name);
      if (!b) continue;
      const s3 = await ctx.s3(region);
      const page = await s3.listObjectsPage({ bucket: name, maxKeys: 1000 }, { signal: ctx.signal });
      return answer(ctx, 'nhncloud_describe_resource', [region], {
        name,
        creationDate: b.creationDate,
        location: await s3.getBucketLocation(name).catch(() => undefined),
        firstObjects: {
          count: page.contents.length,
          sizeBytes: page.contents.reduce((sum, o) => sum + o.size, 0),
          more: page.isTruncated,
        },
      });
    }
    throw new ToolError(l10n.t('No bucket named "{0}" in the profile "{1}".', name, ctx.profile.name));
  }
  if (kind === 'floatingIp') {
    for (const region of regionsOf(ctx, 'network', input)) {
      const list = await LISTERS.floatingIps.load(ctx, region).catch(() => []);
      const hit = list.find((f) => f.id === name || f.floatingIpAddress === name);
      if (!hit) continue;
      const full = (await (await ctx.network(region)).getFloatingIp({ floatingIpId: String(hit.id) })) as Row;
      return answer(ctx, 'nhncloud_describe_resource', [region], full);
    }
    throw new ToolError(l10n.t('No floating IP "{0}" in the profile "{1}".', name, ctx.profile.name));
  }
  if (kind === 'transitHub') {
    for (const region of regionsOf(ctx, 'network', input)) {
      const [hub] = await hubsNamed(ctx, region, name).catch(() => []);
      if (!hub) continue;
      const net = await ctx.network(region);
      const id = String(hub.id);
      const [full, attachments, tables] = await Promise.all([
        net.getTransitHub({ transitHubId: id }) as Promise<Row>,
        net.listAttachments({ query: { transithub_id: id } }) as Promise<Row[]>,
        net.listRoutingTables({ query: { transithub_id: id } }) as Promise<Row[]>,
      ]);
      const routes = await Promise.all(
        tables.map(async (t) => ({
          routingTable: t.name,
          id: t.id,
          default: t.default_table,
          rules: ((await net.listRoutingRules({ query: { routing_table_id: String(t.id) } })) as Row[]).map((r) => ({
            cidr: r.cidr,
            type: r.type,
            attachmentId: r.transithub_attachment_id,
            status: r.status,
          })),
        })),
      );
      return answer(ctx, 'nhncloud_describe_resource', [region], {
        ...full,
        attachments: attachments.map((a) => ({
          id: a.id,
          name: a.name,
          resourceType: a.resource_type,
          resourceId: a.resource_id,
          status: a.status,
        })),
        routingTables: routes,
      });
    }
    throw new ToolError(l10n.t('No transit hub "{0}" in the profile "{1}".', name, ctx.profile.name));
  }
  throw new ToolError(l10n.t('"kind" must be one of: {0}.', DESCRIBE_KINDS.join(', ')));
}

// ---- metrics and logs ------------------------------------------------------------------------

/** `yyyy-MM-ddTHH:mm:ss+00:00`, what the metrics query takes. */
const metricTime = (d: Date) => iso(d);

async function rdsMetrics(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const { region, place, rds, instance } = await findInstance(ctx, input);
  const minutes = whole(input.minutes, 60, 5, 60 * 24 * 7);
  const to = new Date();
  const from = new Date(to.getTime() - minutes * 60_000);
  const known = await cached(ctx, rdsKey(place, 'metrics'), () => rds.listMetrics());
  const all = (known?.metrics ?? []).map((m) => m.measureName);
  const asked = Array.isArray(input.metrics) ? input.metrics.filter((m): m is string => typeof m === 'string') : [];
  const names = asked.length ? all.filter((n) => asked.some((a) => a.toUpperCase() === n.toUpperCase())) : all;
  if (!names.length) throw new ToolError(l10n.t('None of these metrics exists. The metrics: {0}.', all.join(', ')));
  // One point per minute up to a day, then coarser: the service caps the points of an answer.
  const interval = minutes <= 24 * 60 ? 1 : minutes <= 3 * 24 * 60 ? 5 : 30;
  const s = await rds.getMetricStatistics({
    query: {
      dbInstanceId: String(instance.dbInstanceId),
      measureNames: names,
      from: metricTime(from),
      to: metricTime(to),
      interval,
    },
  });
  const summary = (s?.metricStatistics ?? []).map((st) => {
    const values = st.values
      .filter((v): v is [number, string] => v[1] !== null && v[1] !== undefined && !Number.isNaN(Number(v[1])))
      .map(([t, v]) => [t, Number(v)] as const);
    if (!values.length) return { metric: st.measureName, unit: st.unit, points: 0 };
    const nums = values.map((v) => v[1]);
    const last = values[values.length - 1];
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      metric: st.measureName,
      unit: st.unit,
      points: values.length,
      min: round(Math.min(...nums)),
      average: round(nums.reduce((a, b) => a + b, 0) / nums.length),
      max: round(Math.max(...nums)),
      last: round(last[1]),
      lastAt: new Date(last[0] * 1000).toISOString(),
    };
  });
  return answer(ctx, 'nhncloud_rds_metrics', [region], summary, {
    instance: instance.dbInstanceName,
    from: from.toISOString(),
    to: to.toISOString(),
    intervalMinutes: interval,
  });
}

export const DEFAULT_LOG_BYTES = 16 * 1024;
export const MAX_LOG_BYTES = 64 * 1024;

async function readInstanceLog(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const { region, rds, instance } = await findInstance(ctx, input);
  const dbInstanceId = String(instance.dbInstanceId);
  const files = ((await rds.listLogFiles({ dbInstanceId }))?.logFiles ?? []).map((f) => ({
    logFileName: f.logFileName,
    logFileType: f.logFileType,
    sizeBytes: f.logFileSize,
  }));
  const wanted = text(input.logFile);
  const file = wanted
    ? files.find((f) => f.logFileName === wanted)
    : (files.find((f) => f.logFileType === 'SLOW_QUERY') ?? files.find((f) => f.logFileType === 'ERROR'));
  if (!file)
    throw new ToolError(
      wanted
        ? l10n.t(
            'The DB instance "{0}" has no log file "{1}". Its log files: {2}.',
            String(instance.dbInstanceName),
            wanted,
            files.map((f) => f.logFileName).join(', '),
          )
        : l10n.t('The DB instance "{0}" has no log file to read.', String(instance.dbInstanceName)),
    );
  if (!rds.has('getLogFileContent'))
    return refusal(
      ctx,
      'nhncloud_read_instance_log',
      l10n.t(
        'Reading a log file needs RDS API v4.0; the profile "{0}" uses {1}. The log files are listed; export one to object storage from the explorer to read it.',
        ctx.profile.name,
        rds.apiVersion,
      ),
      { logFiles: files },
    );
  const { content } = await rds.getLogFileContent({
    dbInstanceId,
    logFileName: String(file.logFileName),
    query: { logFileType: file.logFileType as 'ERROR' },
  });
  const max = whole(input.maxBytes, DEFAULT_LOG_BYTES, 256, MAX_LOG_BYTES);
  const bytes = Buffer.from(content, 'utf8');
  // The last part: a slow query log's newest entries are at its end.
  let tail = bytes.length > max ? bytes.subarray(bytes.length - max).toString('utf8') : content;
  if (bytes.length > max) tail = tail.slice(tail.indexOf('\n') + 1);
  return answer(ctx, 'nhncloud_read_instance_log', [region], tail, {
    instance: instance.dbInstanceName,
    logFile: file.logFileName,
    logFileType: file.logFileType,
    ...(bytes.length > max ? { truncated: true, totalBytes: bytes.length, shownBytes: Buffer.byteLength(tail) } : {}),
  });
}

// ---- objects ---------------------------------------------------------------------------------

export const DEFAULT_OBJECT_BYTES = 64 * 1024;
export const MAX_OBJECT_BYTES = 256 * 1024;

/** Content types read as text; others answer their metadata only. */
const TEXT_TYPES =
  /^(?:text\/|application\/(?:json|xml|x-yaml|yaml|javascript|sql|x-sh|toml|csv)|[^;]*\+(?:json|xml))/i;

async function readObject(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const bucket = text(input.bucket);
  const key = typeof input.key === 'string' && input.key ? input.key : undefined;
  if (!bucket || !key) throw new ToolError(l10n.t('Name the bucket in "bucket" and the object in "key".'));
  const [region] = regionsOf(ctx, 'storage', input);
  const s3 = await ctx.s3(region);
  const info = await s3.headObject(bucket, key, { signal: ctx.signal });
  const metadata = {
    bucket,
    key,
    sizeBytes: info.size,
    contentType: info.contentType,
    lastModified: info.lastModified,
    etag: info.etag,
    metadata: info.metadata,
  };
  const max = whole(input.maxBytes, DEFAULT_OBJECT_BYTES, 1, MAX_OBJECT_BYTES);
  if (input.metadataOnly === true || !TEXT_TYPES.test(info.contentType ?? '') || info.size === 0)
    return answer(
      ctx,
      'nhncloud_read_object',
      [region],
      { ...metadata, content: undefined },
      {
        ...(info.size && !TEXT_TYPES.test(info.contentType ?? '') ? { contentLeftOut: 'not a text content type' } : {}),
      },
    );
  const got = await s3.getObject(bucket, key, { signal: ctx.signal, range: { start: 0, end: max - 1 } });
  const chunks: Buffer[] = [];
  for await (const c of got.body) chunks.push(Buffer.from(c as Buffer));
  const content = Buffer.concat(chunks).subarray(0, max).toString('utf8');
  return answer(
    ctx,
    'nhncloud_read_object',
    [region],
    { ...metadata, content },
    {
      ...(info.size > max ? { truncated: true, shownBytes: max } : {}),
    },
  );
}

// ---- changes ---------------------------------------------------------------------------------

const ACTIONS: readonly InstanceAction[] = ['start', 'stop', 'restart', 'backup'];

async function instanceAction(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const action = ACTIONS.find((a) => a === input.action);
  if (!action) throw new ToolError(l10n.t('"action" must be one of: {0}.', ACTIONS.join(', ')));
  if (!ctx.allowChanges())
    throw new ToolError(
      l10n.t(
        'Changes are off: NHN Cloud Explorer lets agents only read. The user can allow changes with the setting nhncloud.agent.allowChanges; each change is then confirmed in VS Code.',
      ),
    );
  const { region, rds, instance } = await findInstance(ctx, input);
  const dbInstanceId = String(instance.dbInstanceId);
  const instanceName = String(instance.dbInstanceName);
  const confirmed = await ctx.confirmChange({
    profile: ctx.profile.name,
    region,
    instanceName,
    instanceId: dbInstanceId,
    action,
  });
  if (!confirmed) throw new ToolError(l10n.t('The user declined: {0} was not changed.', instanceName));
  let res: { jobId?: string } | undefined;
  if (action === 'start') res = await rds.startDbInstance({ dbInstanceId });
  else if (action === 'stop') res = await rds.stopDbInstance({ dbInstanceId });
  else if (action === 'restart') res = await rds.restartDbInstance({ dbInstanceId, body: {} });
  else {
    const backupName = `${instanceName}-agent-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`.slice(
      0,
      100,
    );
    res = rds.has('createBackup')
      ? await rds.createBackup({ body: { backupName, backupMethodType: 'FULL', dbInstanceId } })
      : await rds.backupDbInstance({ dbInstanceId, body: { backupName } });
  }
  ctx.cache.clear();
  return answer(ctx, 'nhncloud_instance_action', [region], { action, instance: instanceName, jobId: res?.jobId });
}

// ---- the table -------------------------------------------------------------------------------

export const TOOLS: Record<string, ToolSpec> = {
  nhncloud_list_resources: { readOnly: true, run: listResources },
  nhncloud_describe_resource: { readOnly: true, run: describeResource },
  nhncloud_rds_metrics: { readOnly: true, run: rdsMetrics },
  nhncloud_read_instance_log: { readOnly: true, run: readInstanceLog },
  nhncloud_db_schema: { readOnly: true, confirm: 'database', run: dbSchema },
  nhncloud_db_query: { readOnly: true, confirm: 'database', run: dbQuery },
  nhncloud_db_explain: { readOnly: true, confirm: 'database', run: dbExplain },
  nhncloud_read_object: { readOnly: true, run: readObject },
  nhncloud_instance_action: { readOnly: false, confirm: 'change', run: instanceAction },
};

/** Runs a tool: a refusal or a failure becomes an answer the model can read, never a throw. */
export async function runTool(ctx: AgentContext, name: string, input: unknown): Promise<ToolAnswer> {
  const tool = TOOLS[name];
  if (!tool) return refusal(ctx, name, l10n.t('There is no tool named {0}.', name));
  const args = input && typeof input === 'object' && !Array.isArray(input) ? (input as ToolInput) : {};
  try {
    return await tool.run(ctx, args);
  } catch (err) {
    return refusal(ctx, name, err instanceof Error ? err.message : String(err));
  }
}

// The RDS part of the sandbox: state + seed + service + control routes, as one module the
// sandbox's registration list (../index.ts) starts.
import { isIP } from 'node:net';
import { join } from 'node:path';
import { readStateFile, StateSaver, type SandboxLog } from '../stateFile';
import { RDS_STATE_VERSION, rdsSnapshot, restoreRds } from './persist';
import type { SandboxServer } from '../server';
import { SandboxDatabases } from './mariadb/databases';
import { createOAuthService, OAuthTokens } from './oauth';
import { seedAll, seedScale } from './seed';
import { nextMaintenanceWindow } from './seed/maintenances';
import { type RdsKeyPair, RdsService } from './service';
import { RdsState, type ExportListener } from './state';
import { RDS_REGIONS, type ExportedObject, type RegionCode } from './types';
import { controlFields, ymdt } from './util';

export type { ExportedObject, RegionCode } from './types';
export type { RdsKeyPair } from './service';

/** Fixed so the README and `npm run sandbox` can show them; they only open the local sandbox. */
export const RDS_KEYS: { admin: RdsKeyPair; viewer: RdsKeyPair } = {
  admin: {
    role: 'ADMIN',
    appKey: 'sandbox-rds-appkey',
    accessKeyId: 'sandbox-admin-access-key',
    secretAccessKey: 'sandbox-admin-secret-access-key',
  },
  viewer: {
    role: 'VIEWER',
    appKey: 'sandbox-rds-appkey',
    accessKeyId: 'sandbox-viewer-access-key',
    secretAccessKey: 'sandbox-viewer-secret-access-key',
  },
};

/** RDS for MariaDB's app key in the sandbox: its own service, the same users' access key pairs. */
export const RDS_MARIADB_APP_KEY = 'sandbox-rds-mariadb-appkey';
const RDS_MARIADB_KEYS: RdsKeyPair[] = [RDS_KEYS.admin, RDS_KEYS.viewer].map((k) => ({
  ...k,
  appKey: RDS_MARIADB_APP_KEY,
}));

/** RDS for MariaDB in the sandbox: its own state (engines, seed, jobs) and databases, at `/rdsMariadb/{region}`. */
export interface RdsMariadbSandbox {
  readonly state: RdsState;
  readonly databases: SandboxDatabases;
}

export interface RdsSandboxOptions {
  timeScale: number;
  seed: number;
  /** Extra instances and events in KR1 (benchmarks). */
  scale?: number;
  /**
   * Keep both products' state in this folder (`rds-mysql.json`, `rds-mariadb.json`: ./persist.ts)
   * and start from it; '' or undefined: the seed, nothing written.
   */
  dataDir?: string;
  /** Where a file set aside or not written is said. */
  log?: SandboxLog;
}

/** What tests and other sandbox modules may touch directly (in-process). */
export interface RdsSandbox {
  readonly state: RdsState;
  /** Settles every job whose time has come (requests do this by themselves). */
  advance(): void;
  /** The next `times` jobs of an operation (`createDbUser`, ..., or `*`) end FAILED. */
  failNextJob(operation: string, times?: number): void;
  /** The next `times` jobs of an operation (or `*`) end in `status` (COMPLETED_WITH_ERROR, CANNOT_PROGRESS, any text). */
  endNextJob(operation: string, status: string, times?: number): void;
  /** Adds N instances and N events to a region (default KR1). */
  scale(n: number, region?: RegionCode): void;
  /** 4005 "not enabled" for a region when false. */
  setRegionEnabled(region: RegionCode, enabled: boolean): void;
  /** Job step duration in ms. */
  setTimeScale(ms: number): void;
  /** Moves the sandbox's clock forward (tests step jobs through their states without waiting). */
  advanceClock(ms: number): void;
  /** Objects written by exports (log files, backups), and a subscription for the storage sandbox. */
  readonly exports: ExportedObject[];
  onExport(listener: ExportListener): () => void;
  /** The real MariaDB behind each instance (started on first connection); `close()` stops them. */
  readonly databases: SandboxDatabases;
  /** RDS API v4.0 tokens (`/oauth/oauth2/token/create`), issued from the same key pairs. */
  readonly oauth: OAuthTokens;
  /** RDS for MariaDB, served beside RDS for MySQL (the same API over its own state). */
  readonly mariadb: RdsMariadbSandbox;
  /**
   * With a data folder: ends the running jobs of both products (their effects applied) and
   * writes both states now (the sandbox's close). Without one: nothing.
   */
  flush(): void;
}

export function startRdsSandbox(server: SandboxServer, opts: RdsSandboxOptions): RdsSandbox {
  let skew = 0;
  const state = new RdsState(opts.timeScale, () => Date.now() + skew);
  seedAll(state, opts.seed);
  const mariadbState = new RdsState(opts.timeScale, () => Date.now() + skew, 'mariadb');
  seedAll(mariadbState, opts.seed + 65);
  // Kept in a data folder: each product's state read back over its seed, and written after changes.
  const savers: { state: RdsState; saver: StateSaver }[] = [];
  if (opts.dataDir) {
    const log = opts.log ?? ((m: string) => console.warn(m));
    for (const [s, file] of [
      [state, 'rds-mysql.json'],
      [mariadbState, 'rds-mariadb.json'],
    ] as const) {
      const path = join(opts.dataDir, file);
      readStateFile(path, RDS_STATE_VERSION, log, (data) => restoreRds(s, data));
      const saver = new StateSaver(path, RDS_STATE_VERSION, () => rdsSnapshot(s), log);
      s.changed = saver.changed;
      savers.push({ state: s, saver });
    }
  }
  let scaleRound = 0;
  const api: RdsSandbox = {
    state,
    advance: () => state.jobs.advance(),
    failNextJob: (operation, times = 1) => state.jobs.failNextJob(operation, times),
    endNextJob: (operation, status, times = 1) => state.jobs.endNextJob(operation, status, times),
    scale: (n, region = 'KR1') => seedScale(state, state.regions[region], n, opts.seed + scaleRound++),
    setRegionEnabled: (region, enabled) => void (state.regions[region].enabled = enabled),
    setTimeScale: (ms) => void (state.jobs.timeScale = ms),
    advanceClock: (ms) => {
      skew += ms;
      state.jobs.advance();
      mariadbState.jobs.advance();
    },
    exports: state.exports,
    onExport: (l) => state.onExport(l),
    databases: new SandboxDatabases(state),
    oauth: new OAuthTokens([RDS_KEYS.admin, RDS_KEYS.viewer], () => Date.now() + skew),
    mariadb: { state: mariadbState, databases: new SandboxDatabases(mariadbState) },
    flush: () => {
      for (const { state: s, saver } of savers) {
        s.jobs.finishAll();
        saver.flush();
      }
    },
  };
  if (opts.scale) api.scale(opts.scale);
  server.register(new RdsService(state, [RDS_KEYS.admin, RDS_KEYS.viewer], api.databases, api.oauth));
  server.register(new RdsService(mariadbState, RDS_MARIADB_KEYS, api.mariadb.databases, api.oauth, 'rdsMariadb'));
  server.register(createOAuthService(api.oauth));

  /** The instance a control route names, in any region; an error the caller sees when none is. */
  const instanceNamed = (name: unknown) => {
    const instance = Object.values(state.regions)
      .flatMap((r) => [...r.instances.values()])
      .find((i) => i.dbInstanceName === String(name));
    if (!instance) throw new Error(`no instance named ${String(name)}`);
    return instance;
  };

  // Control routes for tests in another process (the e2e suite): POST /_sandbox/rds/<name>.
  server.addControl('rds/fail-next-job', (body) => {
    const b = controlFields(body);
    api.failNextJob(String(b.operation ?? '*'), Number(b.times ?? 1));
  });
  // body { operation = '*', status, times = 1 }: the next jobs end in that state instead of
  // COMPLETED (each of the guides' end states, or a state no guide names, which a job stays in).
  server.addControl('rds/end-next-job', (body) => {
    const b = controlFields(body);
    if (typeof b.status !== 'string' || !b.status) throw new Error('status is required');
    api.endNextJob(String(b.operation ?? '*'), b.status, Number(b.times ?? 1));
  });
  server.addControl('rds/scale', (body) => {
    const b = controlFields(body);
    api.scale(Number(b.n ?? b.scale ?? 0), regionCode(b.region ?? 'KR1'));
    state.changed();
  });
  server.addControl('rds/region', (body) => {
    const b = controlFields(body);
    api.setRegionEnabled(regionCode(b.region), b.enabled !== false);
    state.changed();
  });
  // body { from, to }: renames an instance at once, with a name the API's rules would refuse (an
  // HTML-like name, to prove every view draws names as text: the service's other clients may
  // have stored what this extension's forms refuse).
  server.addControl('rds/name-instance', (body) => {
    const b = controlFields(body);
    const instance = instanceNamed(b.from);
    instance.dbInstanceName = String(b.to);
    state.changed();
    return { dbInstanceId: instance.dbInstanceId };
  });
  // RDS API v4.0 tokens: body { seconds } sets the account's token lifetime (60 to 86400);
  // expire-tokens makes every token issued so far answer as expired.
  server.addControl('oauth/token-lifetime', (body) => api.oauth.setLifetime(Number(controlFields(body).seconds)));
  server.addControl('oauth/expire-tokens', () => api.oauth.expireAll());
  // body { name, private = true }: the instance loses its public access and its database answers
  // only connections an SSH server opened (a bastion's tunnel; ./mariadb/peerProcess.ts).
  server.addControl('rds/private', (body) => {
    const b = controlFields(body);
    const instance = instanceNamed(b.name);
    const isPrivate = b.private !== false;
    if (isPrivate) instance.network.usePublicAccess = false;
    api.databases.setPrivate(instance.dbInstanceId, isPrivate);
    state.changed();
    return { dbInstanceId: instance.dbInstanceId, private: isPrivate };
  });
  // body { name, type?, category?, status?, required?, description? }: adds a maintenance to the
  // named instance (PENDING, PROVIDER, PATCH_SECURITY unless told), for scenarios that run one.
  server.addControl('rds/add-maintenance', (body) => {
    const b = controlFields(body);
    const instance = instanceNamed(b.name);
    const region = Object.values(state.regions).find((r) => r.instances.has(instance.dbInstanceId))!;
    const now = state.now();
    const maintenanceId = state.newId();
    region.maintenances.set(maintenanceId, {
      maintenanceId,
      dbInstanceId: instance.dbInstanceId,
      category: String(b.category ?? 'PROVIDER'),
      description: b.description === undefined ? 'Security update of the operating system' : String(b.description),
      type: String(b.type ?? 'PATCH_SECURITY'),
      payload: {},
      required: b.required === true,
      deadlineYmdt: b.required === true ? ymdt(now + 14 * 86_400_000) : null,
      status: String(b.status ?? 'PENDING'),
      executionType: b.status === 'READY' ? 'SCHEDULED' : null,
      addedYmdt: ymdt(now),
      executionStartedYmdt: b.status === 'READY' ? ymdt(nextMaintenanceWindow(now)) : null,
      executionCompletedYmdt: null,
      haPairSynced: region.groups.get(instance.dbInstanceGroupId)?.replicationType === 'HIGH_AVAILABILITY',
    });
    state.changed();
    return { maintenanceId, dbInstanceId: instance.dbInstanceId, region: region.region };
  });
  server.addControl('rds/time-scale', (body) => api.setTimeScale(Number(controlFields(body).ms)));
  server.addControl('rds/exports', () => ({ exports: state.exports }));
  // The databases: { missing?, caFile?, instances: [{ dbInstanceId, dbInstanceName, port, running }] };
  // body { start: dbInstanceId } starts that instance's server first (tests that need the CA file).
  server.addControl('rds/mariadb', async (body) => {
    const b = controlFields(body);
    if (b.start) await api.databases.serverOf(String(b.start));
    return api.databases.status();
  });
  // body { name, host }: the named instance's database presents a TLS certificate for `host` (a
  // DNS name, or an IP address), signed by the sandbox's CA, from its next connection on (a
  // running server stops); no `host`: the shared certificate for 127.0.0.1 again. For the client's
  // name check: the endpoint stays 127.0.0.1, so the certificate names another host.
  server.addControl('rds/mariadb-certificate', async (body) => {
    const b = controlFields(body);
    const instance = instanceNamed(b.name);
    const host = b.host === undefined || b.host === null || b.host === '' ? undefined : String(b.host);
    const names = host ? [`${isIP(host) ? 'IP' : 'DNS'}:${host}`] : undefined;
    await api.databases.setCertificateNames(instance.dbInstanceId, names);
    return api.databases.status();
  });
  return api;
}

/** A region a control route names: one of the sandbox's regions, or an error the caller sees. */
function regionCode(value: unknown): RegionCode {
  const region = RDS_REGIONS.find((r) => r === value);
  if (!region) throw new Error(`unknown region ${String(value)}: use one of ${RDS_REGIONS.join(', ')}`);
  return region;
}

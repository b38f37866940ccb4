// The sandbox's public API (bundle entry dist/sandbox.js): one loopback server emulating RDS,
// network/identity and object storage, for tests, benchmarks and "try it without an account".
//
//   const sb = await startSandbox({ timeScale: 20 });
//   const profile = sb.sandboxProfile();     // endpoints + secrets for a Sandbox profile
//   sb.faults.httpStatus(503, 'rds.listDbInstances', 1);
//   await sb.close();
//
// Each service module is one entry of SANDBOX_MODULES below: adding a service is adding a line.
import { join } from 'node:path';
import { isSiteId, SITES, siteRegions, type Region, type SiteId } from '../client/sites';
import type { Service } from '../client/errors';
import type { ProfileSecrets } from '../client/profileSecrets';
import { RDS_KEYS, RDS_MARIADB_APP_KEY, startRdsSandbox, type RdsKeyPair, type RdsSandbox } from './rds';
import { type Fault, SandboxServer } from './server';
import { identityNetworkModule } from './network/module';
import { storageSandboxModule, type StorageSandbox } from './storage/index';
import { startBastion, type BastionInfo, type SandboxBastion } from './bastion';

export { SandboxServer, type Fault, type SandboxService, matchTemplate } from './server';
export type { RdsSandbox, ExportedObject } from './rds';
export type { BastionInfo } from './bastion';

export interface SandboxOptions {
  /** Port to listen on (127.0.0.1); 0 picks a free one. */
  port?: number;
  /** Duration of one job step in ms (PREPARING -> READY -> RUNNING x2 -> COMPLETED). Default 1500. */
  timeScale?: number;
  /** Extra RDS instances and events generated in KR1 for benchmarks. Default 0. */
  scale?: number;
  /** Seed of the generated data (same seed, same ids). Default 1. */
  seed?: number;
  /**
   * A folder that keeps the sandbox's state across restarts: RDS for MySQL and for MariaDB, the
   * network, identity's EC2 credentials, object storage (buckets, objects, multipart uploads) and
   * the SSH bastion's host key (./stateFile.ts). '' (default): nothing is kept.
   */
  dataDir?: string;
  /** Where the sandbox says a kept file was set aside or could not be written. Default console.warn. */
  log?: (message: string) => void;
  /** Start the SSH bastion (./bastion.ts) in front of the databases. Default false. */
  bastion?: boolean;
}

export type SandboxRole = 'ADMIN' | 'VIEWER';

/** The profile the extension makes for the sandbox (a plain shape: no vscode import here). */
export interface SandboxProfile {
  name: string;
  cloud: SiteId;
  regions: Region[];
  endpoints: { rds: string; rdsMariadb: string; network: string; identity: string; storage: string; oauth: string };
  secrets: ProfileSecrets;
  /** The SSH bastion in front of the sandbox's databases, when it runs one (its password is a secret). */
  bastion?: BastionInfo;
}

export interface SandboxContext {
  server: SandboxServer;
  /** The server's address (already listening when modules start). */
  url: string;
  options: Required<SandboxOptions>;
  /** Handles (`api`) of the modules started before this one, by name: e.g. `modules.rds`. */
  modules: Record<string, unknown>;
}

/** What a service module hands back when started. */
export interface SandboxModuleHandle {
  /** Shown by `npm run sandbox` and exposed as `sandbox.credentials[name]`. */
  credentials?: Record<string, unknown>;
  /** Merged into `sandboxProfile().secrets` (ADMIN flavour; `viewerSecrets` for the VIEWER profile). */
  secrets?: ProfileSecrets;
  viewerSecrets?: ProfileSecrets;
  /** In-process handle for tests (state, knobs), exposed as `sandbox.modules[name]`. */
  api?: unknown;
  /** Writes the module's kept state now (with a data folder): the first step of the sandbox's close, before any module stops. */
  flush?(): void;
  close?(): Promise<void> | void;
}
export interface SandboxModule {
  name: string;
  start(ctx: SandboxContext): SandboxModuleHandle | Promise<SandboxModuleHandle>;
}

const rdsModule: SandboxModule = {
  name: 'rds',
  start: async ({ server, options }) => {
    const pair = (k: RdsKeyPair): ProfileSecrets => ({
      rdsAppKey: k.appKey,
      // RDS for MariaDB: its own app key, the same user's access key pair.
      rdsMariadbAppKey: RDS_MARIADB_APP_KEY,
      rdsAccessKeyId: k.accessKeyId,
      rdsSecretAccessKey: k.secretAccessKey,
    });
    const api = startRdsSandbox(server, {
      timeScale: options.timeScale,
      seed: options.seed,
      scale: options.scale,
      dataDir: options.dataDir,
      log: options.log,
    });
    // The seeded instances get their database ports before the first request.
    await api.databases.sync();
    await api.mariadb.databases.sync();
    return {
      api,
      flush: () => api.flush(),
      // Stops every instance's MariaDB and removes its directory (both products').
      close: async () => {
        await api.databases.close();
        await api.mariadb.databases.close();
      },
      credentials: { admin: RDS_KEYS.admin, viewer: RDS_KEYS.viewer },
      secrets: pair(RDS_KEYS.admin),
      viewerSecrets: pair(RDS_KEYS.viewer),
    };
  },
};

/** The registration list: one line per service module (network/identity and storage add theirs). */
export const SANDBOX_MODULES: SandboxModule[] = [rdsModule, identityNetworkModule, storageSandboxModule];

export interface FaultHelpers {
  /** Any fault (see server.ts Fault). */
  inject(fault: Fault): void;
  /** `operation`: an id such as `rds.listDbInstances`, or a prefix with `*` (`rds.*`); omitted: every call. */
  latency(ms: number, operation?: string, times?: number): void;
  httpStatus(status: number, operation?: string, times?: number): void;
  drop(operation?: string, times?: number): void;
  malformed(operation?: string, times?: number): void;
  /** RDS: `header.isSuccessful` false with this code. */
  resultCode(code: number, operation?: string, times?: number, message?: string): void;
  clear(): void;
}

export interface Sandbox {
  url: string;
  server: SandboxServer;
  rds: RdsSandbox;
  /** Handles of every module by name (rds, and what other modules register). */
  modules: Record<string, unknown>;
  credentials: Record<string, Record<string, unknown>>;
  faults: FaultHelpers;
  /**
   * A ready profile: endpoints pointing here and the ADMIN (default) or VIEWER secrets; `site`
   * (default the public cloud) decides its regions and services. `base` prefixes the endpoint
   * paths (default this sandbox's address; '' gives bare paths, as the `profile` control route
   * answers, for a client that reaches the sandbox by another address: a proxy, a container port).
   */
  sandboxProfile(opts?: { role?: SandboxRole; site?: SiteId; base?: string }): SandboxProfile;
  /** The SSH bastion, when started (`bastion: true`). */
  bastion?: SandboxBastion;
  close(): Promise<void>;
}

function faultHelpers(server: SandboxServer): FaultHelpers {
  const scope = (operation?: string): Pick<Fault, 'service' | 'operation'> =>
    operation
      ? { service: operation.split('.')[0] as Service, operation: operation.includes('.') ? operation : undefined }
      : {};
  return {
    inject: (f) => server.injectFault(f),
    latency: (ms, op, times) => server.injectFault({ ...scope(op), latencyMs: ms, times }),
    httpStatus: (status, op, times) => server.injectFault({ ...scope(op), status, times }),
    drop: (op, times) => server.injectFault({ ...scope(op), drop: true, times }),
    malformed: (op, times) => server.injectFault({ ...scope(op), malformed: true, times }),
    resultCode: (code, op, times, message) =>
      server.injectFault({ ...scope(op), resultCode: code, resultMessage: message, times }),
    clear: () => server.clearFaults(),
  };
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const options: Required<SandboxOptions> = {
    port: opts.port ?? 0,
    timeScale: opts.timeScale ?? 1500,
    scale: opts.scale ?? 0,
    seed: opts.seed ?? 1,
    dataDir: opts.dataDir ?? '',
    bastion: opts.bastion ?? false,
    log: opts.log ?? ((message: string) => console.warn(message)),
  };
  const server = new SandboxServer();
  const url = await server.listen(options.port);
  const handles: Record<string, SandboxModuleHandle> = {};
  try {
    for (const m of SANDBOX_MODULES) {
      const modules = Object.fromEntries(Object.entries(handles).map(([k, h]) => [k, h.api]));
      handles[m.name] = await m.start({ server, url, options, modules });
    }
  } catch (err) {
    // The modules already started stop too (RDS's database relays kept the process alive).
    for (const h of Object.values(handles)) await h.close?.();
    await server.close();
    throw err;
  }
  // RDS exports (log files, backups) land in the storage sandbox, in the bucket they name.
  const rds = handles.rds.api as RdsSandbox;
  const storage = handles.storage?.api as StorageSandbox | undefined;
  if (storage)
    rds.onExport((o) =>
      storage.putObject(
        o.region,
        o.bucket,
        o.path,
        o.content,
        /log/i.test(o.operation) ? 'text/plain' : 'application/octet-stream',
      ),
    );
  let bastion: SandboxBastion | undefined;
  if (options.bastion) {
    try {
      bastion = await startBastion({
        dataDir: options.dataDir ? join(options.dataDir, 'bastion') : undefined,
        log: options.log,
        targetOf: (port) => rds.databases.bastionTarget(port),
      });
    } catch (err) {
      for (const h of Object.values(handles)) await h.close?.();
      await server.close();
      throw err;
    }
  }
  const merged = (key: 'secrets' | 'viewerSecrets') =>
    Object.assign(
      {},
      ...Object.values(handles).map((h) => h[key] ?? (key === 'viewerSecrets' ? h.secrets : undefined) ?? {}),
    );
  const sandboxProfile = ({
    role = 'ADMIN',
    site = 'public',
    base = url,
  }: { role?: SandboxRole; site?: SiteId; base?: string } = {}): SandboxProfile => ({
    name: `${role === 'ADMIN' ? 'Sandbox' : 'Sandbox (VIEWER)'}${site === 'public' ? '' : ` · ${SITES[site].domain}`}`,
    cloud: site,
    // Every region of the site (src/client/sites.ts): the tree shows each service only where
    // the site offers it (public cloud: KR3 holds Network and Object Storage, US1 Network
    // alone). The sandbox's RDS runs in every region some site has it in (KR1, KR2, KR4, JP1);
    // its network and storage serve any region.
    regions: siteRegions(site),
    endpoints: {
      rds: `${base}/rds/{region}`,
      rdsMariadb: `${base}/rdsMariadb/{region}`,
      network: `${base}/network/{region}`,
      identity: `${base}/identity`,
      storage: `${base}/storage/{region}`,
      oauth: `${base}/oauth`,
    },
    secrets: merged(role === 'ADMIN' ? 'secrets' : 'viewerSecrets'),
    ...(bastion ? { bastion: bastion.info } : {}),
  });
  // `POST /_sandbox/profile {role?, site?}`: what "Connect to a Running Sandbox" reads, so a
  // person gives the extension this sandbox's address instead of typing what main.ts prints.
  // The paths are bare: the client puts the address it used in front of them.
  server.addControl('profile', (body) => {
    const { role, site } = (body ?? {}) as { role?: unknown; site?: unknown };
    if (role !== undefined && role !== 'ADMIN' && role !== 'VIEWER')
      throw new Error(`role must be ADMIN or VIEWER, not ${JSON.stringify(role)}`);
    if (site !== undefined && !isSiteId(String(site))) throw new Error(`no site is called ${JSON.stringify(site)}`);
    return sandboxProfile({ role, site: site as SiteId | undefined, base: '' });
  });
  return {
    url,
    server,
    rds,
    modules: Object.fromEntries(Object.entries(handles).map(([k, h]) => [k, h.api])),
    credentials: Object.fromEntries(
      Object.entries(handles)
        .filter(([, h]) => h.credentials)
        .map(([k, h]) => [k, h.credentials!]),
    ),
    faults: faultHelpers(server),
    sandboxProfile,
    bastion,
    close: async () => {
      // Every kept state is written first, while the servers still run: a window reload gives
      // the extension host a few seconds, and stopping the databases takes some of them.
      for (const h of Object.values(handles)) {
        try {
          h.flush?.();
        } catch (err) {
          options.log(`Sandbox data: not written on close: ${(err as Error).message}`);
        }
      }
      await bastion?.close();
      for (const h of Object.values(handles)) await h.close?.();
      await server.close();
    },
  };
}

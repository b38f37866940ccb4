// What the agent tools reach (issue 64), vscode-free: the active profile's clients, the live
// database connections the person opened, the redaction of the log, the changes switch and the
// person's confirmation. main.ts builds it from the services the tree uses; the unit tests build
// it from the sandbox.
import type { Connection } from 'mysql2/promise';
import type { Region } from '../client/sites';
import type { RdsClient } from '../client/rds/client';
import type { NetworkClient } from '../client/network/client';
import type { S3Client } from '../client/storage/client';
import type { RdsPlace } from '../client/products';

/** The part of a database session (src/database/connection/session.ts) the tools use. */
export interface AgentDbSession {
  readonly id: string;
  readonly target: { profileId: string; region: Region; instanceId: string; instanceName: string };
  readonly user: string;
  readonly schema: string | undefined;
  readonly userSchemas: readonly string[];
  connect(): Promise<Connection>;
}

export type InstanceAction = 'start' | 'stop' | 'restart' | 'backup';

/** What a change names, for the confirmation the person answers. */
export interface ChangeRequest {
  profile: string;
  region: Region;
  instanceName: string;
  instanceId: string;
  action: InstanceAction;
}

export interface AgentContext {
  /**
   * The active profile: its name, where its RDS runs (each product it shows in each of its regions
   * that product runs in: profileRdsPlaces, the explorer's rule) and the regions of the other services.
   */
  profile: {
    id: string;
    name: string;
    rdsPlaces: readonly RdsPlace[];
    regions: { network: Region[]; storage: Region[] };
  };
  /** The client of one RDS product in one region. */
  rds(place: RdsPlace): Promise<RdsClient>;
  network(region: Region): Promise<NetworkClient>;
  s3(region: Region): Promise<S3Client>;
  /** The live connections of the active profile (Connect... in the explorer). */
  sessions(): readonly AgentDbSession[];
  /** The log's redaction (every secret the extension knows, presigned signatures, SQL passwords), string by string. */
  redactJson(value: unknown): unknown;
  /** `nhncloud.agent.allowChanges`, read at each call. */
  allowChanges(): boolean;
  /** Asks the person (true: go ahead). The tools call it for every change, whoever asked. */
  confirmChange(request: ChangeRequest): Promise<boolean>;
  /** Listings kept for a short while, shared by every tool of the window. */
  cache: ListingCache;
  signal?: AbortSignal;
}

/**
 * Listings by key, kept `ttlMs` and shared while in flight: an agent that lists the instances of
 * three regions and then describes one of them asks the service three times, as the tree does.
 */
export class ListingCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(
    readonly ttlMs = 15_000,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at <= this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { at: this.now(), value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every listing (a change was made, the profile changed). */
  clear(): void {
    this.entries.clear();
  }
}

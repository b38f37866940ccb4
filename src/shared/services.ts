// The services main.ts builds once and hands to every feature (: "activate() builds
// the services once, hands them to each feature"). Features depend on this interface only.
import type * as vscode from 'vscode';
import type { Cloud, EndpointOverrides, Region } from '../client/endpoints';
import type { Logger } from '../client/http/redact';
import type { ProfileSecrets } from '../client/profileSecrets';
import type { RdsProductId } from '../client/products';
import type { RdsClientApiVersion } from '../client/rds/versions';

/** Non-secret part of a profile (kept in globalState). */
export interface Profile {
  id: string;
  name: string;
  cloud: Cloud;
  regions: Region[];
  endpoints?: EndpointOverrides;
  /** S3 signing region per region code, e.g. { KR1: 'KR1' }; default per the spec. */
  signingRegions?: Partial<Record<Region, string>>;
  /** True for the profile "Explore the Sandbox" made. */
  sandbox?: boolean;
  /**
   * A sandbox's SSH bastion (src/sandbox/bastion.ts), offered first by Set SSH Bastion...; its
   * password is in SecretStorage (the profile's `password:<user>@<host>:<port>` SSH secret).
   */
  sandboxBastion?: SandboxBastionSetting;
  /** The RDS API version its clients speak; absent (a profile saved before v4.0): v3.0. */
  rdsApiVersion?: RdsClientApiVersion;
  /**
   * The RDS products whose app key the profile holds, written on each save (the tree shows a
   * product's root only where its key is; RDS for MySQL's always, its folders saying what is missing).
   */
  rdsProducts?: RdsProductId[];
}

export interface SandboxBastionSetting {
  host: string;
  port: number;
  user: string;
  hostKeyType: string;
  hostKeyFingerprint: string;
}

/** Secret part of a profile (SecretStorage only, one value per profile: src/profiles/secrets.ts). */
export type { ProfileSecrets };

export interface ProfileStore {
  list(): Profile[];
  active(): Profile | undefined;
  setActive(id: string): Promise<void>;
  secrets(id: string): Promise<ProfileSecrets>;
  save(profile: Profile, secrets: ProfileSecrets): Promise<void>;
  remove(id: string): Promise<void>;
  /** Database passwords (Connect...), per profile, instance and DB user; Remove Profile deletes them too. */
  dbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<string | undefined>;
  storeDbPassword(profileId: string, instanceId: string, dbUserName: string, password: string): Promise<void>;
  forgetDbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<boolean>;
  /**
   * An SSH bastion's key passphrase or password (`subject`: `passphrase:<file>` or
   * `password:<user>@<host>:<port>`), kept with the profile's database secrets.
   */
  sshSecret(profileId: string, subject: string): Promise<string | undefined>;
  storeSshSecret(profileId: string, subject: string, value: string): Promise<void>;
  forgetSshSecret(profileId: string, subject: string): Promise<boolean>;
  readonly onDidChange: vscode.Event<void>;
}

/** What a feature's tree and commands reach of the explorer. */
export interface ExplorerHandle {
  refreshId(id: string): void;
  /** Redraw a shown row whose look depends on state outside its data (a DB instance's live sessions). */
  redrawId(id: string): void;
  reveal(id: string): Promise<boolean>;
  findNode(id: string): Promise<import('./tree/nodes').TreeNode | undefined>;
}

/** What main.ts hands every service feature (RDS, network, object storage). */
export interface FeatureDeps {
  services: Services;
  jobs: import('../jobs/tracker').JobTracker;
  explorer: ExplorerHandle;
}

/** A LogOutputChannel behind the redaction layer: everything written is masked first. */
export interface Log extends Logger {
  show(): void;
}

/**
 * A command handler; the wrapper (src/shared/commands.ts) adds logging, error display, cancellation.
 * VS Code passes a command's arguments untyped: a handler names the ones it expects (`node?: unknown,
 * given?: string`) and checks them. Declared as a method so those narrower parameters are accepted
 * (method parameters are compared bivariantly) without `any`.
 */
export type CommandHandler = { handle(...args: unknown[]): unknown }['handle'];

/**
 * A feature's part of the explorer's drag and drop: main hands it every drag and every drop (the
 * shim's TreeDragAndDropController declares the MIME types); it ignores nodes that are not its own.
 * handleDrop answers when the work is done (what it answers is for tests).
 */
export interface ExplorerDragAndDrop {
  handleDrag(source: readonly unknown[], data: vscode.DataTransfer, token: vscode.CancellationToken): void;
  handleDrop(target: unknown, data: vscode.DataTransfer, token: vscode.CancellationToken): Promise<unknown>;
}

/** What a feature (rds, network, storage, panels, profiles) contributes. */
export interface Feature {
  /** Handlers by command id; every id must be declared in package.json. */
  commands: Record<string, CommandHandler>;
  /** Children shown under a region node of the explorer (e.g. "RDS for MySQL"). */
  regionChildren?(profile: Profile, region: Region): unknown[];
  /** File system providers by scheme, behind the shim's proxies (registered at activation). */
  fileSystems?: Record<string, vscode.FileSystemProvider>;
  /** Drags from and drops onto the explorer's nodes (objects and folders of object storage). */
  dragAndDrop?: ExplorerDragAndDrop;
  dispose?(): void | Promise<void>;
}

/**
 * Built once by main.ts. `clients` build and cache one client per profile and region; they
 * load the client stack on first use and register every secret with the redactor.
 */
export interface Services {
  context: vscode.ExtensionContext;
  log: Log;
  profiles: ProfileStore;
  clients: {
    /** The client of an RDS product in a region (RDS for MySQL when `product` is left out). */
    rds(
      region: Region,
      product?: import('../client/products').RdsProductId,
    ): Promise<import('../client/rds/client').RdsClient>;
    /** Network client of a region (identity tenant; address from the token's catalog). */
    network(region: Region): Promise<import('../client/network/client').NetworkClient>;
    /** S3 client of a region (signing region from the profile, corrected once per session). */
    s3(region: Region): Promise<import('../client/storage/client').S3Client>;
    /** Address, keys and signing region of a region's S3 endpoint (presigned URLs). */
    storageSigning(
      region: Region,
    ): Promise<{ baseUrl: string; accessKey: string; secretKey: string; signingRegion: string }>;
    /** EC2 credentials of the profile's user, for the object-storage tenant. */
    ec2Credentials(): Promise<{
      client: import('../client/network/credentials').Ec2CredentialsClient;
      tenantId: string;
    }>;
    /** Regions the token's service catalog lists for the service (undefined: no API user, or unreadable). */
    catalogRegions(service: 'network' | 'storage'): Promise<string[] | undefined>;
    /** What catalogRegions answered for the active profile, if it has (never waits). */
    knownCatalogRegions(service: 'network' | 'storage'): { known: boolean; regions?: string[] };
  };
  /** Refresh a node of the explorer (undefined: all). */
  refresh(node?: unknown): void;
  explorerView: vscode.TreeView<unknown>;
}

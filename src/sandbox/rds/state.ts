// The RDS sandbox's whole world: one RegionState per region (KR1, KR2, KR4, JP1), one job engine,
// the export log and the knobs tests turn. Handlers read and change it; nothing else does.
import { createHash, randomUUID } from 'node:crypto';
import { JobEngine } from './jobs';
import { TEMPLATE_BY_CODE } from './seed/eventTemplates';
import type {
  Backup,
  EventSubscription,
  ExportedObject,
  Instance,
  InstanceGroup,
  Maintenance,
  NotificationGroup,
  ParameterGroup,
  RdsEvent,
  RegionCode,
  SecurityGroup,
  UserGroup,
} from './types';
import { notFound, ymdt } from './util';
import type { RdsProductId } from '../../client/products';

export interface Flavor {
  dbFlavorId: string;
  dbFlavorName: string;
  ram: number;
  vcpus: number;
}
export interface Subnet {
  subnetId: string;
  subnetName: string;
  subnetCidr: string;
  usingGateway: boolean;
  availableIpCount: number;
}
export interface Member {
  memberId: string;
  memberName: string;
  emailAddress: string;
  phoneNumber: string;
}

export class RegionState {
  enabled = true;
  readonly instances = new Map<string, Instance>();
  readonly groups = new Map<string, InstanceGroup>();
  readonly backups = new Map<string, Backup>();
  readonly securityGroups = new Map<string, SecurityGroup>();
  readonly parameterGroups = new Map<string, ParameterGroup>();
  readonly userGroups = new Map<string, UserGroup>();
  readonly notificationGroups = new Map<string, NotificationGroup>();
  readonly eventSubscriptions = new Map<string, EventSubscription>();
  /** API v4.0: the maintenances of the region's instances, in the order they were added. */
  readonly maintenances = new Map<string, Maintenance>();
  /** Newest last; sorted on query. */
  readonly events: RdsEvent[] = [];
  flavors: Flavor[] = [];
  subnets: Subnet[] = [];
  availabilityZones: string[] = [];
  /** Zones listed as not available (`zoneState.available: false`): none unless a test says so. */
  readonly unavailableZones = new Set<string>();

  constructor(readonly region: RegionCode) {}

  instance(id: string): Instance {
    const i = this.instances.get(id);
    if (!i) throw notFound('DB instance', id);
    return i;
  }
  backup(id: string): Backup {
    const b = this.backups.get(id);
    if (!b) throw notFound('Backup', id);
    return b;
  }
  securityGroup(id: string): SecurityGroup {
    const g = this.securityGroups.get(id);
    if (!g) throw notFound('DB security group', id);
    return g;
  }
  parameterGroup(id: string): ParameterGroup {
    const g = this.parameterGroups.get(id);
    if (!g) throw notFound('Parameter group', id);
    return g;
  }
  userGroup(id: string): UserGroup {
    const g = this.userGroups.get(id);
    if (!g) throw notFound('User group', id);
    return g;
  }
  eventSubscription(id: string): EventSubscription {
    const s = this.eventSubscriptions.get(id);
    if (!s) throw notFound('Event subscription', id);
    return s;
  }
  notificationGroup(id: string): NotificationGroup {
    const g = this.notificationGroups.get(id);
    if (!g) throw notFound('Notification group', id);
    return g;
  }
  membersOf(groupId: string): Instance[] {
    return [...this.instances.values()].filter((i) => i.dbInstanceGroupId === groupId);
  }

  /** Records an event from a template (all four languages). */
  addEvent(eventCode: string, sourceId: string, sourceName: string, at: number): void {
    const t = TEMPLATE_BY_CODE.get(eventCode);
    if (!t) throw new Error(`unknown event code ${eventCode}`);
    const fill = (s: string) => s.replaceAll('{name}', sourceName);
    this.events.push({
      eventCategoryType: t.category,
      eventCode,
      sourceId,
      sourceName,
      messages: (['EN', 'JA', 'KO', 'ZH'] as const).map((langCode) => ({ langCode, message: fill(t[langCode]) })),
      eventYmdt: ymdt(at),
      at,
    });
  }
}

export type ExportListener = (obj: ExportedObject) => void;

export class RdsState {
  readonly regions: Record<RegionCode, RegionState>;
  readonly jobs: JobEngine;
  /** Every object an export wrote (log files, backups): the storage sandbox can subscribe with onExport. */
  readonly exports: ExportedObject[] = [];
  private readonly exportListeners: ExportListener[] = [];
  /** Project members are project-wide, the same in every region. */
  members: Member[] = [];
  /**
   * DB user passwords by dbUserId, for the real database behind each instance (./mariadb), kept
   * as the server keeps them (nativePasswordHash), never as given: they are written to the data
   * folder (./persist.ts) and the service never shows a password back. Never part of an answer.
   * Users without an entry (the seeded ones) have SANDBOX_DB_PASSWORD.
   */
  readonly dbPasswordHashes = new Map<string, string>();
  /** Loaded from a data folder (./persist.ts): the instances' ports of before are tried first. */
  restored = false;
  /** Called after every change (the data folder's saver listens: ../stateFile.ts). */
  changed: () => void = () => {};
  /**
   * Instances whose database answers only connections an SSH server opened (the control route
   * rds/private: ./mariadb/databases.ts setPrivate), by dbInstanceId.
   */
  readonly privateDatabases = new Set<string>();
  /** Instances that get no database: the benchmark's filler (seedScale), thousands of them. */
  readonly withoutDatabase = new WeakSet<Instance>();

  constructor(
    timeScale: number,
    readonly now: () => number = Date.now,
    /** The RDS product this state serves (its engines, its seed): one state per product. */
    readonly product: RdsProductId = 'mysql',
  ) {
    this.regions = {
      KR1: new RegionState('KR1'),
      KR2: new RegionState('KR2'),
      KR4: new RegionState('KR4'),
      JP1: new RegionState('JP1'),
    };
    this.jobs = new JobEngine(timeScale, now, () => randomUUID());
    this.jobs.onEnd = () => this.changed();
  }

  /** Sets a DB user's password (kept hashed, as its database server keeps it). */
  setDbPassword(dbUserId: string, password: string): void {
    this.dbPasswordHashes.set(dbUserId, nativePasswordHash(password));
  }

  newId(): string {
    return randomUUID();
  }

  region(code: string): RegionState | undefined {
    return (this.regions as Record<string, RegionState>)[code];
  }

  onExport(listener: ExportListener): () => void {
    this.exportListeners.push(listener);
    return () => {
      const i = this.exportListeners.indexOf(listener);
      if (i >= 0) this.exportListeners.splice(i, 1);
    };
  }

  recordExport(obj: ExportedObject): void {
    this.exports.push(obj);
    for (const l of this.exportListeners) {
      try {
        l(obj);
      } catch {
        // A listener's failure must not fail the job that exported.
      }
    }
  }
}

/**
 * A password as MariaDB and MySQL keep it for mysql_native_password: `*` and the upper-case hex
 * of SHA1(SHA1(password)); `IDENTIFIED BY PASSWORD '<hash>'` gives a user that password.
 */
export function nativePasswordHash(password: string): string {
  const once = createHash('sha1').update(password, 'utf8').digest();
  return `*${createHash('sha1').update(once).digest('hex').toUpperCase()}`;
}

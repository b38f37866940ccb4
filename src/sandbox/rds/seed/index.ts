// Realistic, deterministic seed data for KR1, KR2, JP1 and KR4 (same seed, same ids). Instances are
// settled (no job running) so tests start from a known world.
import { newBackup, newGroup, newInstance, newParameterGroup, newUser } from '../factory';
import type { RdsState, RegionState } from '../state';
import type { Instance, RegionCode, SecurityGroup } from '../types';
import { pick, rng, uuidFrom, ymdt } from '../util';
import { FAMILY_GROUPS, FLAVORS, SUBNETS, ZONES } from './catalog';
import { EVENT_TEMPLATES } from './eventTemplates';
import { LAYOUT, MARIADB_LAYOUT, MEMBERS } from './layout';
import { seedMaintenances } from './maintenances';

const DAY = 86_400_000;

export function seedAll(state: RdsState, seed: number): void {
  const rand = rng(seed);
  const id = () => uuidFrom(rand);
  const now = state.now();
  state.members = MEMBERS.map(([memberName, emailAddress, phoneNumber]) => ({
    memberId: id(),
    memberName,
    emailAddress,
    phoneNumber,
  }));
  // KR4 (the public-sector sites) last: the ids drawn for the other regions stay what they were.
  // RDS for MariaDB runs in KR1 only (src/client/products.ts): its other regions stay empty.
  for (const code of ['KR1', 'KR2', 'JP1', 'KR4'] as RegionCode[])
    if (state.product === 'mysql' || MARIADB_LAYOUT[code].length) seedRegion(state, state.regions[code], rand, id, now);
  seedMaintenances(state, seed);
}

function seedRegion(state: RdsState, r: RegionState, rand: () => number, id: () => string, now: number): void {
  r.availabilityZones = ZONES[r.region];
  r.flavors = FLAVORS.map((f) => ({ dbFlavorId: id(), dbFlavorName: f.name, ram: f.ram, vcpus: f.vcpus }));
  r.subnets = SUBNETS.map((s) => ({
    subnetId: id(),
    subnetName: s.name,
    subnetCidr: s.cidr,
    usingGateway: s.gateway,
    availableIpCount: s.free,
  }));

  const mariadb = state.product === 'mariadb';
  const layout = mariadb ? MARIADB_LAYOUT : LAYOUT;
  const defaults = new Map<string, string>();
  const mysqlDefaults = [
    'MYSQL_V5737',
    'MYSQL_V5726',
    'MYSQL_V8028',
    'MYSQL_V8032',
    'MYSQL_V8036',
    'MYSQL_V8040',
    'MYSQL_V8041',
    'MYSQL_V8043',
    'MYSQL_V8405',
    'MYSQL_V8406',
  ];
  // RDS for MariaDB: a default group per version its seed runs (parameters as MySQL 8's: the sandbox's own list).
  for (const version of mariadb ? [...new Set(layout.KR1.map((s) => s.version))] : mysqlDefaults) {
    const g = newParameterGroup(
      r,
      id(),
      `default.${version}`,
      version,
      `Default parameter group for ${version}`,
      now - 400 * DAY,
      id,
    );
    g.parameterGroupType = 'DEFAULT';
    defaults.set(version, g.parameterGroupId);
  }
  // One family group per engine family (December 2026): it serves every minor version of it, the
  // newest ones (8.0.46, 8.4.11) included.
  for (const f of mariadb ? [] : FAMILY_GROUPS) {
    const g = newParameterGroup(
      r,
      id(),
      `default.${f.code}`,
      f.dbVersion,
      `Default parameter group for ${f.code}`,
      now - 60 * DAY,
      id,
    );
    g.parameterGroupType = 'FAMILY';
    g.dbEngineVersionFamily = f.code;
  }
  const tuned = newParameterGroup(
    r,
    id(),
    mariadb ? 'prod-mariadb-tuned' : 'prod-mysql8-tuned',
    mariadb ? 'MARIADB_V101108' : 'MYSQL_V8036',
    'Larger buffers, READ-COMMITTED, slow log at 2 s',
    now - 200 * DAY,
    id,
  );
  const set = (name: string, value: string) => {
    const p = tuned.parameters.find((x) => x.parameterName === name);
    if (p) p.value = value;
  };
  set('transaction_isolation', 'READ-COMMITTED');
  set('long_query_time', '2');
  set('max_connections', '2000');
  set('innodb_io_capacity', '2000');
  tuned.parameterGroupStatus = 'NEED_TO_APPLY';

  const sgDefault: SecurityGroup = {
    dbSecurityGroupId: id(),
    dbSecurityGroupName: 'default-db-access',
    description: 'Application subnets to the DB port',
    progressStatus: 'NONE',
    createdYmdt: ymdt(now - 300 * DAY),
    updatedYmdt: ymdt(now - 30 * DAY),
    rules: [
      {
        ruleId: id(),
        description: 'app subnet',
        direction: 'INGRESS',
        etherType: 'IPV4',
        port: { portType: 'DB_PORT', minPort: null, maxPort: null },
        cidr: '10.0.0.0/16',
        createdYmdt: ymdt(now - 300 * DAY),
        updatedYmdt: ymdt(now - 300 * DAY),
      },
      {
        ruleId: id(),
        description: 'all outbound',
        direction: 'EGRESS',
        etherType: 'IPV4',
        port: { portType: 'PORT_RANGE', minPort: 1, maxPort: 65535 },
        cidr: '0.0.0.0/0',
        createdYmdt: ymdt(now - 300 * DAY),
        updatedYmdt: ymdt(now - 300 * DAY),
      },
    ],
  };
  const sgOffice: SecurityGroup = {
    dbSecurityGroupId: id(),
    dbSecurityGroupName: 'office-vpn',
    description: 'Office and VPN ranges',
    progressStatus: 'NONE',
    createdYmdt: ymdt(now - 120 * DAY),
    updatedYmdt: ymdt(now - 10 * DAY),
    rules: [
      {
        ruleId: id(),
        description: 'office',
        direction: 'INGRESS',
        etherType: 'IPV4',
        port: { portType: 'PORT', minPort: 3306, maxPort: 3306 },
        cidr: '203.0.113.0/24',
        createdYmdt: ymdt(now - 120 * DAY),
        updatedYmdt: ymdt(now - 120 * DAY),
      },
      {
        ruleId: id(),
        description: 'vpn v6',
        direction: 'INGRESS',
        etherType: 'IPV6',
        port: { portType: 'PORT_RANGE', minPort: 3306, maxPort: 3310 },
        cidr: '2001:db8::/32',
        createdYmdt: ymdt(now - 60 * DAY),
        updatedYmdt: ymdt(now - 60 * DAY),
      },
    ],
  };
  const sgEmpty: SecurityGroup = {
    dbSecurityGroupId: id(),
    dbSecurityGroupName: 'unused-sg',
    description: null,
    progressStatus: 'NONE',
    createdYmdt: ymdt(now - 20 * DAY),
    updatedYmdt: ymdt(now - 20 * DAY),
    rules: [],
  };
  for (const g of [sgDefault, sgOffice, sgEmpty]) r.securityGroups.set(g.dbSecurityGroupId, g);

  const m = state.members;
  const dba = {
    userGroupId: id(),
    userGroupName: 'DBA team',
    userGroupTypeCode: 'INDIVIDUAL_MEMBER' as const,
    memberIds: [m[0].memberId, m[1].memberId],
    createdYmdt: ymdt(now - 200 * DAY),
    updatedYmdt: ymdt(now - 50 * DAY),
  };
  const all = {
    userGroupId: id(),
    userGroupName: 'Everyone',
    userGroupTypeCode: 'ENTIRE' as const,
    memberIds: m.map((x) => x.memberId),
    createdYmdt: ymdt(now - 200 * DAY),
    updatedYmdt: ymdt(now - 200 * DAY),
  };
  r.userGroups.set(dba.userGroupId, dba);
  r.userGroups.set(all.userGroupId, all);

  const masters: Instance[] = [];
  for (const s of layout[r.region]) {
    const at = now - Math.floor(30 + rand() * 300) * DAY;
    const groupId = id();
    r.groups.set(groupId, newGroup(groupId, s.ha ? 'HIGH_AVAILABILITY' : 'STANDALONE', at));
    const common = {
      groupId,
      dbVersion: s.version,
      dbFlavorId: r.flavors[s.flavor].dbFlavorId,
      parameterGroupId: s.name.startsWith('prod-') ? tuned.parameterGroupId : defaults.get(s.version)!,
      dbSecurityGroupIds: s.publicAccess
        ? [sgDefault.dbSecurityGroupId, sgOffice.dbSecurityGroupId]
        : [sgDefault.dbSecurityGroupId],
      userGroupIds: [dba.userGroupId],
      storage: { storageSize: s.storage ?? 100 },
      backup: { backupPeriod: s.protect ? 14 : 7 },
      dbPort: s.port,
      at,
    };
    const subnet = s.publicAccess ? r.subnets[2] : r.subnets[1];
    const master = newInstance({
      ...common,
      id: id(),
      name: s.name,
      description: s.description ?? null,
      status: s.status,
      useDeletionProtection: s.protect,
      network: {
        availabilityZone: r.availabilityZones[0],
        subnetId: subnet.subnetId,
        usePublicAccess: !!s.publicAccess,
      },
      users: [
        newUser(id(), 'admin', '%', 'DDL', s.version, at),
        newUser(id(), 'app', '10.0.%', 'CRUD', s.version, at + DAY),
        newUser(id(), 'readonly', '%', 'READ', s.version, at + 2 * DAY),
      ],
    });
    master.needToApplyParameterGroup = master.parameterGroupId === tuned.parameterGroupId;
    master.schemas = [s.name.replace(/-/g, '_'), `${s.name.replace(/-/g, '_')}_archive`].map((dbSchemaName, i) => ({
      dbSchemaId: id(),
      dbSchemaName,
      dbSchemaStatus: 'STABLE' as const,
      createdYmdt: ymdt(at + i * DAY),
    }));
    r.instances.set(master.dbInstanceId, master);
    masters.push(master);
    r.addEvent('INSTC_01_01', master.dbInstanceId, master.dbInstanceName, at);
    if (s.ha) {
      const cand = newInstance({
        ...common,
        id: id(),
        name: `${s.name}-candidate`,
        type: 'CANDIDATE_MASTER',
        network: { ...master.network, availabilityZone: r.availabilityZones[1] },
      });
      cand.users = master.users.map((u) => ({ ...u }));
      r.instances.set(cand.dbInstanceId, cand);
    }
    for (let n = 1; n <= (s.replicas ?? 0); n++) {
      const rep = newInstance({
        ...common,
        id: id(),
        name: `${s.name}-replica-${n}`,
        type: 'READ_ONLY_SLAVE',
        at: at + n * DAY,
        network: { ...master.network },
      });
      rep.users = master.users.map((u) => ({ ...u }));
      r.instances.set(rep.dbInstanceId, rep);
    }
  }

  const watched = masters.filter((x) => x.useDeletionProtection);
  const ng = {
    notificationGroupId: id(),
    notificationGroupName: 'production-alerts',
    notifyEmail: true,
    notifySms: true,
    isEnabled: true,
    dbInstanceIds: watched.map((x) => x.dbInstanceId),
    userGroupIds: [dba.userGroupId],
    createdYmdt: ymdt(now - 150 * DAY),
    updatedYmdt: ymdt(now - 15 * DAY),
  };
  const ng2 = {
    notificationGroupId: id(),
    notificationGroupName: 'weekly-digest',
    notifyEmail: true,
    notifySms: false,
    isEnabled: false,
    dbInstanceIds: [],
    userGroupIds: [all.userGroupId],
    createdYmdt: ymdt(now - 90 * DAY),
    updatedYmdt: ymdt(now - 90 * DAY),
  };
  r.notificationGroups.set(ng.notificationGroupId, ng);
  r.notificationGroups.set(ng2.notificationGroupId, ng2);
  for (const x of watched) x.notificationGroupIds = [ng.notificationGroupId];

  // Backups: a week of automatic ones per master that is running, plus manual ones; one manual
  // backup outlived its instance (it cannot be exported, per the spec).
  let binlog = 90;
  for (const inst of masters) {
    for (let d = 7; d >= 1; d--) {
      const at = now - d * DAY + 3 * 3600_000;
      const b = newBackup({
        id: id(),
        name: `${inst.dbInstanceName}_auto_${ymdt(at).slice(0, 10).replace(/-/g, '')}`,
        instance: inst,
        type: 'AUTO',
        size: Math.floor((0.8 + rand() * 0.4) * inst.storage.storageSize * 40_000_000),
        at,
        binlog: binlog++,
        position: Math.floor(rand() * 900_000_000),
      });
      r.backups.set(b.backupId, b);
      r.addEvent('BACUP_01_01', inst.dbInstanceId, inst.dbInstanceName, at + 600_000);
    }
    const at = now - 3 * DAY + 11 * 3600_000;
    const manual = newBackup({
      id: id(),
      name: `${inst.dbInstanceName}-before-migration`,
      instance: inst,
      type: 'MANUAL',
      size: Math.floor(inst.storage.storageSize * 35_000_000),
      at,
      binlog: binlog++,
      position: 4,
    });
    r.backups.set(manual.backupId, manual);
  }
  const gone = newInstance({
    id: id(),
    groupId: id(),
    name: 'old-events',
    dbVersion: 'MYSQL_V8033',
    dbFlavorId: r.flavors[0].dbFlavorId,
    parameterGroupId: defaults.get('MYSQL_V8036')!,
    network: { availabilityZone: r.availabilityZones[0], subnetId: r.subnets[1].subnetId, usePublicAccess: false },
    at: now - 200 * DAY,
  });
  const orphan = newBackup({
    id: id(),
    name: 'old-events-final',
    instance: gone,
    type: 'MANUAL',
    size: 2_147_483_648,
    at: now - 100 * DAY,
    binlog: 12,
    position: 154,
  });
  r.backups.set(orphan.backupId, orphan);

  // Background events over the last two weeks, all templates represented.
  const all_ = [...r.instances.values()];
  for (let i = 0; i < 60; i++) {
    const t = EVENT_TEMPLATES[i % EVENT_TEMPLATES.length];
    const at = now - Math.floor(rand() * 14 * DAY);
    if (t.category === 'DB_SECURITY_GROUP')
      r.addEvent(t.eventCode, sgOffice.dbSecurityGroupId, sgOffice.dbSecurityGroupName, at);
    else if (t.category === 'TENANT') r.addEvent(t.eventCode, 'project', 'sandbox-project', at);
    else {
      const inst = pick(rand, all_);
      r.addEvent(t.eventCode, inst.dbInstanceId, inst.dbInstanceName, at);
    }
  }
}

/** The scale knob: N more instances (standalone, AVAILABLE) and N more events in a region. */
export function seedScale(state: RdsState, region: RegionState, n: number, seed: number): void {
  const rand = rng(seed ^ 0x5ca1e);
  const id = () => uuidFrom(rand);
  const now = state.now();
  const pg = [...region.parameterGroups.values()].find((g) => g.dbVersion === 'MYSQL_V8036')!;
  const base = region.instances.size;
  for (let i = 0; i < n; i++) {
    const groupId = id();
    const at = now - Math.floor(rand() * 365 * DAY);
    region.groups.set(groupId, newGroup(groupId, 'STANDALONE', at));
    const inst = newInstance({
      id: id(),
      groupId,
      name: `bench-${String(base + i).padStart(5, '0')}`,
      dbVersion: 'MYSQL_V8036',
      dbFlavorId: region.flavors[i % region.flavors.length].dbFlavorId,
      parameterGroupId: pg.parameterGroupId,
      status: i % 10 === 9 ? 'SHUTDOWN' : 'AVAILABLE',
      network: {
        availabilityZone: region.availabilityZones[i % 2],
        subnetId: region.subnets[1].subnetId,
        usePublicAccess: false,
      },
      at,
    });
    region.instances.set(inst.dbInstanceId, inst);
    state.withoutDatabase.add(inst);
    const t = EVENT_TEMPLATES[i % EVENT_TEMPLATES.length];
    region.addEvent(t.eventCode, inst.dbInstanceId, inst.dbInstanceName, now - Math.floor(rand() * 30 * DAY));
  }
}

// The node-kind table: every tree node kind, the exact contextValues it can have (its state
// facets are part of the value, so menus match with `viewItem ==`, never a regular expression),
// and the actions of its context menu (command, group@order, submenu, extra `when` keys).
// package.json's `view/item/context` and the submenus are generated from it
// (`npm run gen:menus`, scripts/menus.ts; test/unit/shared/menusGenerated.test.ts fails when
// the manifest differs). vscode-free: the nodes compute their contextValue with the helpers here.
//
// Add a command to a menu: a row in the kind's `actions` (and in `only` the values it applies
// to), then `npm run gen:menus`. A new node kind: a KINDS entry with all its values (the tree
// walk of test/support/treeTexts.ts fails on a drawn value the table does not name).

/** The submenus: the DB instance's groups, and Copy of every kind, in the order they are shown. */
export const SUBMENUS = {
  'nhncloud.rds.instance.lifecycle': { label: '%submenu.rds.instance.lifecycle%', group: '1_more@1' },
  'nhncloud.rds.instance.backups': { label: '%submenu.rds.instance.backups%', group: '1_more@2' },
  'nhncloud.rds.instance.ha': { label: '%submenu.rds.instance.ha%', group: '1_more@3' },
  'nhncloud.rds.instance.settings': { label: '%submenu.rds.instance.settings%', group: '1_more@4' },
  'nhncloud.rds.instance.access': { label: '%submenu.rds.instance.access%', group: '1_more@5' },
  'nhncloud.rds.instance.logs': { label: '%submenu.rds.instance.logs%', group: '1_more@6' },
  'nhncloud.copy': { label: '%submenu.copy%', group: '8_copy@0' },
} as const;
export type SubmenuId = keyof typeof SUBMENUS;

export interface MenuAction {
  command: string;
  /** `group@order` as VS Code reads it (`inline@1` for a row's inline button). */
  group: string;
  /** Shown inside this submenu of the kind's menu instead of at its top level. */
  submenu?: SubmenuId;
  /** The kind's values it applies to (default: all); the others hide it. */
  only?: (value: string) => boolean;
  /** Context keys besides the row (`nhncloud.rdsApiVersion == 'v4.0'`, `nhncloud.db.connected`). */
  when?: string;
}

export interface NodeKind {
  /** Every contextValue a node of the kind can have, exactly. */
  values: readonly string[];
  actions: readonly MenuAction[];
}

// ---- values ----

/** A folder's values: the kind, and the kind with `.filtered` while a name filter is set (FolderNode). */
const filterable = (kind: string) => [kind, `${kind}.filtered`];
/** Every combination of the facets, in order, an empty facet value left out (`a` + [`` , `b`] -> a, a.b). */
function product(base: string, ...facets: ReadonlyArray<readonly string[]>): string[] {
  return facets.reduce<string[]>((all, facet) => all.flatMap((v) => facet.map((f) => (f ? `${v}.${f}` : v))), [base]);
}
/** `raw` (lower-cased) when it is one of `known`, else `other`: a value from the service stays in the closed set. */
export function closedFacet(raw: string | null | undefined, known: readonly string[]): string {
  const v = (raw ?? '').toLowerCase();
  return known.includes(v) ? v : 'other';
}

/**
 * A DB instance's facets. state: `available`, `busy` (available with a job running), `stopped`
 * (SHUTDOWN, no job), `working` (any other status with a job running), `other`. role:
 * `primary` (alone or the primary of a group without HA), `ha` (the primary of an HA group),
 * `replica` (read replica), `member` (standby or failed primary). `bastion`: Connect goes
 * through an SSH bastion. `connected`: a database session of the instance is live in this window
 * (Disconnect, Copy Connection URL and Open in Terminal act on it).
 */
export const INSTANCE_STATES = ['available', 'busy', 'stopped', 'working', 'other'] as const;
export const INSTANCE_ROLES = ['primary', 'ha', 'replica', 'member'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];
export type InstanceRoleFacet = (typeof INSTANCE_ROLES)[number];
export function instanceValue(
  state: InstanceState,
  role: InstanceRoleFacet,
  bastion: boolean,
  connected = false,
): string {
  return `rds.instance.${state}.${role}${bastion ? '.bastion' : ''}${connected ? '.connected' : ''}`;
}
const INSTANCE_VALUES = product('rds.instance', INSTANCE_STATES, INSTANCE_ROLES, ['', 'bastion'], ['', 'connected']);

/** A profile row's values: active or not, the sandbox's own, and filtered. */
const PROFILE_VALUES = product('profile', ['active', 'inactive'], ['', 'sandbox'], ['', 'filtered']);

// ---- predicates over a value's facets ----

const facets = (v: string) => v.split('.');
const has =
  (...tokens: string[]) =>
  (v: string) =>
    tokens.every((t) => facets(v).includes(t));
const hasAny =
  (...tokens: string[]) =>
  (v: string) =>
    tokens.some((t) => facets(v).includes(t));
const both = (a: (v: string) => boolean, b: (v: string) => boolean) => (v: string) => a(v) && b(v);
const not = (a: (v: string) => boolean) => (v: string) => !a(v);

const V4 = "nhncloud.rdsApiVersion == 'v4.0'";
const NOT_V4 = "nhncloud.rdsApiVersion != 'v4.0'";

/** Not busy: any state but `busy` and `working`. */
const idle = not(hasAny('busy', 'working'));
/** Available, with or without a job running. */
const up = hasAny('available', 'busy');

const L = 'nhncloud.rds.instance.lifecycle' as const;
const B = 'nhncloud.rds.instance.backups' as const;
const HA = 'nhncloud.rds.instance.ha' as const;
const S = 'nhncloud.rds.instance.settings' as const;
const A = 'nhncloud.rds.instance.access' as const;
const LOG = 'nhncloud.rds.instance.logs' as const;
const C = 'nhncloud.copy' as const;

const rds = (c: string) => `nhncloud.rds.${c}`;
const net = (c: string) => `nhncloud.network.${c}`;
const st = (c: string) => `nhncloud.storage.${c}`;

/** Tree filter on a filterable folder; Clear Filter once filtered. */
const FILTER: MenuAction[] = [
  { command: 'nhncloud.tree.filter', group: 'z_tree@1' },
  { command: 'nhncloud.tree.clearFilter', group: 'z_tree@2', only: has('filtered') },
  { command: 'nhncloud.tree.clearFilter', group: 'inline@9', only: has('filtered') },
];
const RDS_REFRESH: MenuAction = { command: rds('refresh'), group: 'z_tree@3' };
const TREE_REFRESH: MenuAction = { command: 'nhncloud.tree.refresh', group: 'z_tree@3' };
/** An RDS folder that can be filtered and refreshed. */
const rdsFolder = (...actions: MenuAction[]): NodeKind => ({
  values: [],
  actions: [...actions, ...FILTER, RDS_REFRESH],
});
const rdsLeaf = (...actions: MenuAction[]): NodeKind => ({ values: [], actions: [...actions, RDS_REFRESH] });
const copyId = (): MenuAction => ({ command: rds('copyId'), group: '8_copy@1', submenu: C });
const copyName = (): MenuAction => ({ command: rds('copyName'), group: '8_copy@2', submenu: C });
const openInConsole: MenuAction = { command: rds('openInConsole'), group: '8_copy@4', submenu: C };
/** A table or view of a connected instance's schema tree. */
const dbObject: MenuAction[] = [
  { command: rds('connection.openTable'), group: '0_connect@0' },
  { command: rds('connection.selectTop'), group: '0_connect@1' },
  { command: rds('connection.selectTop'), group: 'inline@1' },
  { command: rds('connection.copyCreate'), group: '0_connect@2' },
];
const netCopy: MenuAction[] = [
  { command: net('copyId'), group: '9_copy@1', submenu: C },
  { command: net('showDetails'), group: '9_copy@2' },
];

/** Kinds whose values are listed in KINDS_VALUES below (the table's rows without menus too). */
type KindTable = Record<string, NodeKind>;

/**
 * The table. Keys are kind names; a kind whose `values` is empty has the one value of its name
 * (and `.filtered` where its actions filter).
 */
const TABLE: KindTable = {
  // ---- shared ----
  profile: {
    values: PROFILE_VALUES,
    actions: [
      { command: 'nhncloud.profile.switch', group: '0_profile@1', only: has('inactive') },
      { command: 'nhncloud.profile.testConnection', group: '0_profile@2' },
      { command: 'nhncloud.profile.edit', group: '0_profile@3' },
      { command: 'nhncloud.profile.remove', group: '9_delete@1' },
      ...FILTER,
    ],
  },
  region: { values: [], actions: FILTER },
  leaf: { values: [], actions: [] },
  placeholder: { values: [], actions: [] },
  error: { values: [], actions: [] },
  loadMore: { values: [], actions: [] },

  // ---- RDS: folders ----
  'rds.root': rdsFolder(),
  'rds.folder.instances': rdsFolder(
    { command: rds('createInstance'), group: '5_create@1' },
    { command: rds('createInstance'), group: 'inline@1' },
  ),
  'rds.folder.backups': rdsFolder(),
  'rds.folder.instanceBackups': rdsFolder(),
  'rds.folder.catalog': rdsFolder(),
  'rds.folder.maintenances': rdsFolder(),
  'rds.folder.metrics': rdsFolder(),
  'rds.folder.logFiles': rdsFolder(),
  'rds.folder.binLogs': rdsFolder(),
  'rds.folder.certificates': rdsFolder(
    { command: rds('exportCertificates'), group: 'inline' },
    { command: rds('exportCertificates'), group: '1_export@1' },
  ),
  'rds.folder.dbUsers': rdsFolder(
    { command: rds('createDbUser'), group: '5_create@1' },
    { command: rds('createDbUser'), group: 'inline@1' },
  ),
  'rds.folder.dbSchemas': rdsFolder(
    { command: rds('createDbSchema'), group: '5_create@2' },
    { command: rds('createDbSchema'), group: 'inline@1' },
  ),
  'rds.folder.parameterGroups': rdsFolder(
    { command: rds('createParameterGroup'), group: '5_create@1' },
    { command: rds('createParameterGroup'), group: 'inline@1' },
  ),
  'rds.folder.securityGroups': rdsFolder(
    { command: rds('createSecurityGroup'), group: '5_create@1' },
    { command: rds('createSecurityGroup'), group: 'inline@1' },
  ),
  'rds.folder.userGroups': rdsFolder(
    { command: rds('createUserGroup'), group: '5_create@1' },
    { command: rds('createUserGroup'), group: 'inline@1' },
  ),
  'rds.folder.notificationGroups': rdsFolder(
    { command: rds('createNotificationGroup'), group: '5_create@1' },
    { command: rds('createNotificationGroup'), group: 'inline@1' },
  ),
  'rds.folder.eventSubscriptions': rdsFolder(
    { command: rds('createEventSubscription'), group: 'inline@1' },
    { command: rds('createEventSubscription'), group: '5_create@1' },
  ),
  'rds.folder.events': rdsFolder(
    { command: rds('filterEvents'), group: '1_events@1' },
    { command: rds('filterEvents'), group: 'inline@1' },
    { command: rds('clearEventFilter'), group: '1_events@2' },
  ),
  'rds.catalog.eventCodes': rdsFolder(),
  'rds.catalog.flavors': rdsFolder(),
  'rds.catalog.members': rdsFolder(),
  'rds.catalog.regions': rdsFolder(),
  'rds.catalog.storageTypes': rdsFolder(),
  'rds.catalog.subnets': rdsFolder(),
  'rds.catalog.versions': rdsFolder(),
  'rds.instanceGroup': {
    values: [...filterable('rds.instanceGroup'), ...filterable('rds.instanceGroup.ha')],
    actions: [...FILTER, RDS_REFRESH],
  },
  'rds.logType': rdsFolder(),

  // ---- RDS: the DB instance ----
  'rds.instance': {
    values: INSTANCE_VALUES,
    actions: [
      // Top level: what is used most.
      { command: rds('connection.connect'), group: '0_connect@1' },
      { command: rds('query.openConsole'), group: '0_connect@2' },
      { command: rds('start'), group: 'inline@1', only: has('stopped') },
      { command: rds('stop'), group: 'inline@2', only: has('available') },
      RDS_REFRESH,
      // Lifecycle
      { command: rds('start'), group: '1_lifecycle@1', submenu: L, only: has('stopped') },
      { command: rds('stop'), group: '1_lifecycle@2', submenu: L, only: has('available') },
      { command: rds('restart'), group: '1_lifecycle@3', submenu: L, only: has('available') },
      { command: rds('forceRestart'), group: '1_lifecycle@4', submenu: L },
      { command: rds('rebuild'), group: '1_lifecycle@9', submenu: L, only: has('available'), when: V4 },
      { command: rds('deleteInstance'), group: '9_delete@1', submenu: L },
      // Backups
      { command: rds('backup'), group: '2_backup@1', submenu: B, only: has('available') },
      { command: rds('backupToObjectStorage'), group: '2_backup@2', submenu: B, only: has('available'), when: NOT_V4 },
      { command: rds('restore'), group: '2_backup@3', submenu: B, only: up },
      { command: rds('editBackupSettings'), group: '3_modify@4', submenu: B },
      // High availability and replicas
      {
        command: rds('replicate'),
        group: '1_replica@1',
        submenu: HA,
        only: both(has('available'), hasAny('primary', 'ha')),
      },
      { command: rds('promote'), group: '1_replica@2', submenu: HA, only: has('available', 'replica') },
      { command: rds('enableHa'), group: '4_ha@1', submenu: HA, only: both(up, has('primary')) },
      { command: rds('disableHa'), group: '4_ha@2', submenu: HA, only: has('ha') },
      { command: rds('pauseHa'), group: '4_ha@3', submenu: HA, only: has('ha') },
      { command: rds('resumeHa'), group: '4_ha@4', submenu: HA, only: has('ha') },
      { command: rds('repairHa'), group: '4_ha@5', submenu: HA, only: has('ha') },
      { command: rds('splitHa'), group: '4_ha@6', submenu: HA, only: has('ha') },
      // Settings
      { command: rds('modifyInstance'), group: '3_modify@1', submenu: S, only: idle },
      { command: rds('upgradeEngine'), group: '3_modify@2', submenu: S, only: idle },
      { command: rds('resizeStorage'), group: '3_modify@3', submenu: S, only: up },
      { command: rds('editStorageAutoscale'), group: '3_modify@3', submenu: S, only: up, when: V4 },
      { command: rds('toggleDeletionProtection'), group: '3_modify@6', submenu: S },
      { command: rds('createDbUser'), group: '5_create@1', submenu: S, only: up },
      { command: rds('createDbSchema'), group: '5_create@2', submenu: S, only: up },
      // Connection and access
      // A session of this instance, not of any instance (the window-wide nhncloud.db.connected).
      { command: rds('connection.disconnect'), group: '0_connect@2', submenu: A, only: has('connected') },
      { command: rds('connection.copyUrl'), group: '0_connect@3', submenu: A, only: has('connected') },
      { command: rds('connection.openTerminal'), group: '0_connect@4', submenu: A, only: has('connected') },
      { command: rds('connection.allowMyAddress'), group: '0_connect@5', submenu: A },
      { command: rds('connection.forgetPassword'), group: '0_connect@6', submenu: A },
      { command: rds('connection.setBastion'), group: '0_connect@7', submenu: A },
      { command: rds('connection.clearBastion'), group: '0_connect@8', submenu: A, only: has('bastion') },
      { command: rds('togglePublicAccess'), group: '3_modify@5', submenu: A, only: up },
      // Logs and monitoring
      { command: rds('showMetrics'), group: '4_panels@1', submenu: LOG },
      { command: rds('showInstanceEvents'), group: '4_panels@2', submenu: LOG },
      { command: rds('exportLogFiles'), group: '2_backup@5', submenu: LOG },
      // Copy and open
      { command: rds('copyId'), group: '8_copy@1', submenu: C },
      { command: rds('copyName'), group: '8_copy@2', submenu: C },
      { command: rds('copyEndpoint'), group: '8_copy@3', submenu: C, only: up },
      { command: rds('openInConsole'), group: '8_copy@4', submenu: C },
    ],
  },

  // ---- RDS: rows under an instance ----
  'rds.info': rdsLeaf(copyName()),
  'rds.metric': rdsLeaf(copyName(), { command: rds('showMetrics'), group: '4_panels@1' }),
  'rds.storageInfo': rdsLeaf(
    { command: rds('resizeStorage'), group: '3_modify@3' },
    { command: rds('editStorageAutoscale'), group: '3_modify@3', when: V4 },
  ),
  'rds.backupInfo': rdsLeaf({ command: rds('editBackupSettings'), group: '3_modify@4' }),
  'rds.networkInfo': rdsLeaf({ command: rds('togglePublicAccess'), group: '3_modify@5' }),
  'rds.endpoint': rdsLeaf(
    { command: rds('copyEndpoint'), group: '8_copy@3', submenu: C },
    { command: rds('copyEndpoint'), group: 'inline@1' },
    { command: rds('connection.connect'), group: '0_connect@1' },
  ),
  'rds.logFile': rdsLeaf(copyName(), { command: rds('exportLogFiles'), group: '2_backup@5' }),
  'rds.event': rdsLeaf(copyName()),
  'rds.catalogItem': rdsLeaf(copyName()),
  'rds.certificate': rdsLeaf(),
  'rds.binLog': {
    values: ['rds.binLog.current', 'rds.binLog.purgeable'],
    actions: [{ command: rds('purgeBinLogs'), group: '1_binlog@1', only: has('purgeable') }, RDS_REFRESH],
  },
  'rds.instanceParameterGroup': {
    values: ['rds.instanceParameterGroup', 'rds.instanceParameterGroup.needsApply'],
    actions: [{ command: rds('editParameters'), group: '3_modify@7' }, RDS_REFRESH],
  },
  'rds.highAvailability': {
    values: ['rds.highAvailability.on', 'rds.highAvailability.off', 'rds.highAvailability.unknown'],
    actions: [RDS_REFRESH],
  },
  'rds.maintenance': {
    values: ['rds.maintenance.pending', 'rds.maintenance.scheduled', 'rds.maintenance.running', 'rds.maintenance.past'],
    actions: [
      { command: rds('runMaintenanceNow'), group: 'inline@1', only: has('pending') },
      { command: rds('runMaintenanceNow'), group: '1_maintenance@1', only: has('pending') },
      { command: rds('scheduleMaintenance'), group: '1_maintenance@2', only: has('pending') },
      { command: rds('cancelMaintenance'), group: '9_delete@1', only: has('scheduled') },
      RDS_REFRESH,
    ],
  },
  'rds.dbUser': {
    values: ['rds.dbUser.stable', 'rds.dbUser.other'],
    actions: [
      { command: rds('modifyDbUser'), group: '3_modify@1', only: has('stable') },
      { command: rds('modifyDbUser'), group: 'inline@1', only: has('stable') },
      { command: rds('deleteDbUser'), group: '9_delete@1', only: has('stable') },
      copyId(),
      copyName(),
      RDS_REFRESH,
    ],
  },
  'rds.dbSchema': {
    values: product('rds.dbSchema', ['stable', 'other'], ['', 'connected']),
    actions: [
      { command: rds('connection.connect'), group: '0_connect@1', only: (v) => v === 'rds.dbSchema.stable' },
      { command: rds('query.openConsole'), group: '0_connect@2', only: has('stable') },
      { command: rds('deleteDbSchema'), group: '9_delete@1', only: has('stable') },
      copyId(),
      copyName(),
      RDS_REFRESH,
    ],
  },
  'rds.db.table': rdsLeaf(...dbObject, { command: rds('connection.importCsv'), group: '0_connect@2' }),
  'rds.db.view': rdsLeaf(...dbObject),
  'rds.db.column': rdsLeaf(),
  'rds.db.index': rdsLeaf(),
  'rds.backup': {
    // `details`: the row's product and API version give a backup's details (BackupNode).
    values: product('rds.backup', ['completed', 'error', 'other'], ['', 'details']),
    actions: [
      { command: rds('showBackupDetails'), group: '0_details@1', only: has('details') },
      { command: rds('exportBackup'), group: '2_backup@1', only: has('completed') },
      { command: rds('exportBackup'), group: 'inline@1', only: has('completed') },
      { command: rds('restore'), group: '2_backup@2', only: has('completed') },
      { command: rds('deleteBackup'), group: '9_delete@1', only: hasAny('completed', 'error') },
      copyId(),
      copyName(),
      openInConsole,
      RDS_REFRESH,
    ],
  },

  // ---- RDS: groups ----
  'rds.parameterGroup': {
    values: product('rds.parameterGroup', ['stable', 'need_to_apply', 'other'], ['', 'filtered']),
    actions: [
      { command: rds('editParameters'), group: '3_modify@7' },
      { command: rds('copyParameterGroup'), group: '5_create@1' },
      { command: rds('renameParameterGroup'), group: '3_modify@2' },
      { command: rds('resetParameterGroup'), group: '3_modify@3' },
      { command: rds('deleteParameterGroup'), group: '9_delete@1' },
      copyId(),
      copyName(),
      openInConsole,
      ...FILTER,
      RDS_REFRESH,
    ],
  },
  'rds.parameter': {
    values: ['rds.parameter.constant', 'rds.parameter.variable', 'rds.parameter.other'],
    actions: [RDS_REFRESH],
  },
  'rds.securityGroup': {
    values: filterable('rds.securityGroup'),
    actions: [
      { command: rds('addSecurityRule'), group: '5_create@1' },
      { command: rds('addSecurityRule'), group: 'inline@1' },
      { command: rds('renameSecurityGroup'), group: '3_modify@1' },
      { command: rds('editSecurityGroupRules'), group: '3_modify@1' },
      { command: rds('deleteSecurityGroup'), group: '9_delete@1' },
      copyId(),
      copyName(),
      openInConsole,
      ...FILTER,
      RDS_REFRESH,
    ],
  },
  'rds.securityRule': {
    values: ['rds.securityRule.ingress', 'rds.securityRule.egress', 'rds.securityRule.other'],
    actions: [
      { command: rds('editSecurityRule'), group: '3_modify@1' },
      { command: rds('editSecurityRule'), group: 'inline@1' },
      { command: rds('deleteSecurityRule'), group: '9_delete@1' },
      copyId(),
      RDS_REFRESH,
    ],
  },
  'rds.userGroup': {
    values: filterable('rds.userGroup'),
    actions: [
      { command: rds('editUserGroup'), group: '3_modify@1' },
      { command: rds('deleteUserGroup'), group: '9_delete@1' },
      copyId(),
      copyName(),
      openInConsole,
      ...FILTER,
      RDS_REFRESH,
    ],
  },
  'rds.userGroupMember': {
    values: ['rds.userGroupMember', 'rds.userGroupMember.all'],
    actions: [copyName(), RDS_REFRESH],
  },
  'rds.notificationGroup': {
    values: product('rds.notificationGroup', ['enabled', 'disabled'], ['', 'filtered']),
    actions: [
      { command: rds('editNotificationGroup'), group: '3_modify@1' },
      { command: rds('toggleNotificationGroup'), group: '3_modify@2' },
      { command: rds('deleteNotificationGroup'), group: '9_delete@1' },
      copyId(),
      copyName(),
      openInConsole,
      ...FILTER,
      RDS_REFRESH,
    ],
  },
  'rds.notificationTargets': rdsLeaf(),
  'rds.notificationTarget': rdsLeaf(copyName()),
  'rds.eventSubscription': {
    values: ['rds.eventSubscription.enabled', 'rds.eventSubscription.disabled'],
    actions: [
      { command: rds('toggleEventSubscription'), group: '1_edit@1' },
      { command: rds('editEventSubscription'), group: '1_edit@0' },
      { command: rds('deleteEventSubscription'), group: '9_delete@1' },
      RDS_REFRESH,
    ],
  },

  // ---- Network ----
  'network.root': {
    values: filterable('network.root'),
    actions: [{ command: net('allocateFloatingIp'), group: '1_create@1' }, ...FILTER, TREE_REFRESH],
  },
  'network.folder.floatingIps': {
    values: filterable('network.folder.floatingIps'),
    actions: [
      { command: net('allocateFloatingIp'), group: 'inline@1' },
      { command: net('allocateFloatingIp'), group: '1_create@1' },
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'network.floatingIp': {
    values: product('network.floatingIp', ['attached', 'detached'], ['', 'protected']),
    actions: [
      { command: net('attachFloatingIp'), group: '1_action@1', only: has('detached') },
      { command: net('detachFloatingIp'), group: '1_action@2', only: has('attached') },
      { command: net('setFloatingIpLabel'), group: '2_edit@1' },
      { command: net('setFloatingIpDeleteProtection'), group: '2_edit@2' },
      { command: net('releaseFloatingIp'), group: '3_delete@1', only: not(has('protected')) },
      ...netCopy,
      TREE_REFRESH,
    ],
  },
  'network.folder.transitHubs': netFolder(
    { command: net('createTransitHub'), group: 'inline@1' },
    { command: net('createTransitHub'), group: '1_create@1' },
  ),
  'network.folder.sharedWithMe': netFolder(),
  'network.folder.attachments': netFolder(
    { command: net('createAttachment'), group: '1_create@2' },
    { command: net('createAttachment'), group: 'inline@1' },
  ),
  'network.folder.routingTables': netFolder(
    { command: net('routeLookup'), group: '0_lookup@1' },
    { command: net('createRoutingTable'), group: '1_create@3' },
    { command: net('createRoutingTable'), group: 'inline@2' },
  ),
  'network.folder.multicastDomains': netFolder(
    { command: net('createMulticastDomain'), group: '1_create@4' },
    { command: net('createMulticastDomain'), group: 'inline@1' },
  ),
  'network.folder.hubShares': netFolder(
    { command: net('share'), group: '1_create@9' },
    { command: net('share'), group: 'inline@1' },
  ),
  'network.folder.domainShares': netFolder(
    { command: net('share'), group: '1_create@9' },
    { command: net('share'), group: 'inline@1' },
  ),
  'network.folder.routingRules': netFolder(
    { command: net('routeLookup'), group: '0_lookup@1' },
    { command: net('createRoutingRule'), group: '1_create@1' },
    { command: net('createRoutingRule'), group: 'inline@2' },
  ),
  'network.folder.routingAssociations': netFolder(
    { command: net('createRoutingAssociation'), group: '1_create@2' },
    { command: net('createRoutingAssociation'), group: 'inline@1' },
  ),
  'network.folder.routingPropagations': netFolder(
    { command: net('createRoutingPropagation'), group: '1_create@3' },
    { command: net('createRoutingPropagation'), group: 'inline@1' },
  ),
  'network.folder.multicastAssociations': netFolder(
    { command: net('createMulticastAssociation'), group: '1_create@1' },
    { command: net('createMulticastAssociation'), group: 'inline@1' },
  ),
  'network.folder.multicastGroups': netFolder(
    { command: net('createMulticastGroup'), group: '1_create@2' },
    { command: net('createMulticastGroup'), group: 'inline@1' },
  ),
  'network.transitHub': {
    values: product('network.transitHub', ['', 'filtered'], ['', 'build']),
    actions: [
      { command: net('routeLookup'), group: 'inline@1' },
      { command: net('routeLookup'), group: '0_lookup@1' },
      { command: net('createAttachment'), group: '1_create@2' },
      { command: net('createRoutingTable'), group: '1_create@3' },
      { command: net('createMulticastDomain'), group: '1_create@4' },
      { command: net('share'), group: '1_create@9' },
      { command: net('rename'), group: '2_edit@1' },
      { command: net('delete'), group: '3_delete@1' },
      ...netCopy,
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'network.routingTable': {
    values: product('network.routingTable', ['', 'default'], ['', 'filtered'], ['', 'build']),
    actions: [
      { command: net('routeLookup'), group: '0_lookup@1' },
      { command: net('createRoutingRule'), group: '1_create@1' },
      { command: net('createRoutingAssociation'), group: '1_create@2' },
      { command: net('createRoutingPropagation'), group: '1_create@3' },
      { command: net('rename'), group: '2_edit@1' },
      { command: net('delete'), group: '3_delete@1', only: not(has('default')) },
      ...netCopy,
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'network.multicastDomain': {
    values: product('network.multicastDomain', ['', 'filtered'], ['', 'build']),
    actions: [
      { command: net('createMulticastAssociation'), group: '1_create@1' },
      { command: net('createMulticastGroup'), group: '1_create@2' },
      { command: net('share'), group: '1_create@9' },
      { command: net('rename'), group: '2_edit@1' },
      { command: net('delete'), group: '3_delete@1' },
      ...netCopy,
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'network.attachment': netLeaf(
    { command: net('rename'), group: '2_edit@1' },
    { command: net('delete'), group: '3_delete@1' },
  ),
  'network.routingRule': {
    values: ['network.routingRule.static', 'network.routingRule.propagated'],
    actions: [{ command: net('delete'), group: '3_delete@1', only: has('static') }, ...netCopy, TREE_REFRESH],
  },
  'network.routingAssociation': netLeaf({ command: net('delete'), group: '3_delete@1' }),
  'network.routingPropagation': netLeaf({ command: net('delete'), group: '3_delete@1' }),
  'network.multicastAssociation': netLeaf({ command: net('delete'), group: '3_delete@1' }),
  'network.multicastGroup': netLeaf({ command: net('delete'), group: '3_delete@1' }),
  'network.hubShare': netLeaf({ command: net('delete'), group: '3_delete@1' }),
  'network.domainShare': netLeaf({ command: net('delete'), group: '3_delete@1' }),
  'network.sharedHub': netLeaf(),
  'network.sharedDomain': netLeaf(),

  // ---- Object storage ----
  'storage.root': {
    values: filterable('storage.root'),
    actions: [
      { command: st('createBucket'), group: 'inline@1' },
      { command: st('createBucket'), group: '1_create@1' },
      { command: st('manageCredentials'), group: '8_credentials@1' },
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'storage.bucket': {
    values: product('storage.bucket', ['', 'prefixFiltered'], ['', 'filtered']),
    actions: [
      { command: st('upload'), group: 'inline@1' },
      { command: st('upload'), group: '1_transfer@1' },
      { command: st('uploadFolder'), group: '1_transfer@2' },
      { command: st('syncFolder'), group: '1_transfer@3' },
      { command: st('download'), group: '1_transfer@3' },
      { command: st('createFolder'), group: '2_edit@1' },
      { command: st('findInBucket'), group: '0_find@0' },
      { command: st('goToKey'), group: '0_find@1' },
      { command: st('filterPrefix'), group: '0_find@2' },
      { command: st('clearPrefixFilter'), group: '0_find@3', only: has('prefixFiltered') },
      { command: st('clearPrefixFilter'), group: 'inline@9', only: has('prefixFiltered') },
      { command: st('addToWorkspace'), group: '2_edit@2' },
      { command: st('bucketAccess'), group: '2_edit@3' },
      { command: st('incompleteUploads'), group: '2_edit@4' },
      { command: st('paste'), group: '5_cutcopypaste@3', when: 'nhncloud.storage.clipboard' },
      { command: st('copyKey'), group: '9_copy@1', submenu: C },
      { command: st('deleteBucket'), group: '3_delete@2' },
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'storage.prefix': {
    values: filterable('storage.prefix'),
    actions: [
      { command: st('upload'), group: 'inline@1' },
      { command: st('upload'), group: '1_transfer@1' },
      { command: st('uploadFolder'), group: '1_transfer@2' },
      { command: st('syncFolder'), group: '1_transfer@3' },
      { command: st('download'), group: '1_transfer@3' },
      { command: st('createFolder'), group: '2_edit@1' },
      { command: st('findInBucket'), group: '0_find@0' },
      { command: st('goToKey'), group: '0_find@1' },
      { command: st('rename'), group: '2_edit@5' },
      { command: st('cut'), group: '5_cutcopypaste@1' },
      { command: st('copy'), group: '5_cutcopypaste@2' },
      { command: st('paste'), group: '5_cutcopypaste@3', when: 'nhncloud.storage.clipboard' },
      { command: st('copyKey'), group: '9_copy@1', submenu: C },
      { command: st('copyUrl'), group: '9_copy@2', submenu: C },
      { command: st('delete'), group: '3_delete@1' },
      ...FILTER,
      TREE_REFRESH,
    ],
  },
  'storage.object': {
    values: ['storage.object'],
    actions: [
      { command: st('open'), group: '0_open@1' },
      { command: st('download'), group: '1_transfer@3' },
      { command: st('download'), group: 'inline@1' },
      { command: st('rename'), group: '2_edit@5' },
      { command: st('editMetadata'), group: '2_edit@6' },
      { command: st('cut'), group: '5_cutcopypaste@1' },
      { command: st('copy'), group: '5_cutcopypaste@2' },
      { command: st('copyKey'), group: '9_copy@1', submenu: C },
      { command: st('copyUrl'), group: '9_copy@2', submenu: C },
      { command: st('presign'), group: '9_copy@3', submenu: C },
      { command: st('delete'), group: '3_delete@1' },
      TREE_REFRESH,
    ],
  },
  'storage.syncPairs': { values: [], actions: [TREE_REFRESH] },
  'storage.syncPair': {
    values: ['storage.syncPair'],
    actions: [
      { command: st('runSyncPair'), group: 'inline' },
      { command: st('runSyncPair'), group: '1_sync@1' },
      { command: st('forgetSyncPair'), group: '9_remove@1' },
      TREE_REFRESH,
    ],
  },
};

function netFolder(...actions: MenuAction[]): NodeKind {
  return { values: [], actions: [...actions, ...FILTER, TREE_REFRESH] };
}
function netLeaf(...actions: MenuAction[]): NodeKind {
  return { values: [], actions: [...actions, ...netCopy, TREE_REFRESH] };
}

/** The table with every kind's values filled in (a kind without values: its name, and `.filtered` where it filters). */
export const KINDS: Readonly<Record<string, NodeKind>> = Object.fromEntries(
  Object.entries(TABLE).map(([name, k]) => [
    name,
    {
      ...k,
      values: k.values.length
        ? k.values
        : k.actions.some((a) => a.command === 'nhncloud.tree.filter')
          ? filterable(name)
          : [name],
    },
  ]),
);

/** Every contextValue the tree may draw. */
export const ALL_VALUES: ReadonlySet<string> = new Set(Object.values(KINDS).flatMap((k) => k.values));

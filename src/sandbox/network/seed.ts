// Seed data of the network sandbox: external and internal VPCs, ports with one or several fixed
// IPs, floating IPs in every state, and a transit hub with attachments, routing tables,
// associations, propagations, static and propagated rules, a multicast domain with groups,
// share permissions and shared-with-me entries, so every view and a "where does this address
// route" feature have data. IDs are fixed so tests and docs can name them.

/** A readable fixed UUID: `00000000-0000-4000-8000-0000000000<n>`. */
export const seedId = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const SEED = {
  externalNetworkId: seedId(1),
  defaultVpcId: seedId(2),
  appVpcId: seedId(3),
  dbVpcId: seedId(4),
  spareVpcId: seedId(5),
  appSubnetId: seedId(13),
  dbSubnetId: seedId(14),
  spareSubnetId: seedId(15),
  defaultSubnetId: seedId(12),
  routerId: seedId(20),
  /** Port with one fixed IP (10.10.1.10). */
  webPortId: seedId(31),
  /** Port with two fixed IPs (10.10.1.20, 10.10.1.21): attaching needs fixed_ip_address. */
  multiIpPortId: seedId(32),
  dbPortId: seedId(33),
  sparePortId: seedId(34),
  /** The instances the ports belong to (`device_id`; web-1 and web-2 are two interfaces of one). */
  webInstanceId: seedId(61),
  dbInstanceId: seedId(62),
  spareInstanceId: seedId(63),
  /** Attached to webPortId. */
  activeFloatingIpId: seedId(41),
  downFloatingIpId: seedId(42),
  /** DOWN, delete_protection on. */
  protectedFloatingIpId: seedId(43),
  hubId: seedId(101),
  defaultTableId: seedId(102),
  prodTableId: seedId(103),
  appAttachmentId: seedId(111),
  dbAttachmentId: seedId(112),
  appAssociationId: seedId(121),
  dbAssociationId: seedId(122),
  appPropagationId: seedId(131),
  dbPropagationId: seedId(132),
  defaultRouteRuleId: seedId(141),
  blackholeRuleId: seedId(142),
  privateRuleId: seedId(143),
  multicastDomainId: seedId(151),
  multicastAssociationId: seedId(152),
  memberGroupId: seedId(153),
  sourceGroupId: seedId(154),
  hubAllowProjectId: seedId(161),
  domainAllowProjectId: seedId(162),
  partnerProjectId: 'b7c6d5e4f30211029384756a6b7c8d9e',
  sharedHubId: seedId(171),
  sharedDomainId: seedId(172),
} as const;

export interface SeedVpc {
  id: string;
  name: string;
  cidrv4: string;
  external: boolean;
  subnets: Array<{ id: string; name: string; cidr: string }>;
}

export interface SeedPort {
  id: string;
  name: string;
  vpcId: string;
  routerId: string;
  fixedIps: string[];
  /** The instance using the port, and its kind with the zone (`compute:kr-pub-a`). */
  deviceId: string;
  deviceOwner: string;
  mac: string;
}

export const SEED_VPCS: SeedVpc[] = [
  { id: SEED.externalNetworkId, name: 'Public Network', cidrv4: '133.186.0.0/16', external: true, subnets: [] },
  {
    id: SEED.defaultVpcId,
    name: 'Default Network',
    cidrv4: '192.168.0.0/16',
    external: false,
    subnets: [{ id: SEED.defaultSubnetId, name: 'Default Network', cidr: '192.168.0.0/24' }],
  },
  {
    id: SEED.appVpcId,
    name: 'app-vpc',
    cidrv4: '10.10.0.0/16',
    external: false,
    subnets: [{ id: SEED.appSubnetId, name: 'app-subnet', cidr: '10.10.1.0/24' }],
  },
  {
    id: SEED.dbVpcId,
    name: 'db-vpc',
    cidrv4: '10.20.0.0/16',
    external: false,
    subnets: [{ id: SEED.dbSubnetId, name: 'db-subnet', cidr: '10.20.1.0/24' }],
  },
  {
    id: SEED.spareVpcId,
    name: 'spare-vpc',
    cidrv4: '10.30.0.0/16',
    external: false,
    subnets: [{ id: SEED.spareSubnetId, name: 'spare-subnet', cidr: '10.30.1.0/24' }],
  },
];

export const SEED_PORTS: SeedPort[] = [
  {
    id: SEED.webPortId,
    name: 'web-1',
    vpcId: SEED.appVpcId,
    routerId: SEED.routerId,
    fixedIps: ['10.10.1.10'],
    deviceId: SEED.webInstanceId,
    deviceOwner: 'compute:kr-pub-a',
    mac: 'fa:16:3e:00:00:31',
  },
  {
    id: SEED.multiIpPortId,
    name: 'web-2 (two addresses)',
    vpcId: SEED.appVpcId,
    routerId: SEED.routerId,
    fixedIps: ['10.10.1.20', '10.10.1.21'],
    deviceId: SEED.webInstanceId,
    deviceOwner: 'compute:kr-pub-a',
    mac: 'fa:16:3e:00:00:32',
  },
  {
    id: SEED.dbPortId,
    name: 'db-1',
    vpcId: SEED.dbVpcId,
    routerId: SEED.routerId,
    fixedIps: ['10.20.1.10'],
    deviceId: SEED.dbInstanceId,
    deviceOwner: 'compute:kr-pub-b',
    mac: 'fa:16:3e:00:00:33',
  },
  {
    id: SEED.sparePortId,
    name: 'spare-1',
    vpcId: SEED.spareVpcId,
    routerId: SEED.routerId,
    fixedIps: ['10.30.1.10'],
    deviceId: SEED.spareInstanceId,
    deviceOwner: 'compute:kr-pub-a',
    mac: 'fa:16:3e:00:00:34',
  },
];

/** Transit-hub timestamps as the live service writes them. */
export const SEED_TIME = '2024-02-12 22:19:05';
